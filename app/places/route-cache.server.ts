// Routes and place descriptions (and the gazetteer's suggestions), kept for a while: a customer
// going back and forth between steps, a quote then its booking, and staff re-pricing a change ask
// for the same route again and again. For Google every answer is a paid call and 100 ms or more;
// a kept one is neither. Only answers are kept (a failure is asked again next time), for `ttlMs`,
// at most `maxEntries` of each kind (least recently used dropped first), and a question asked
// again while the first is on its way shares its answer. Callers get their own copy of a route or description; suggestions are frozen
// and shared.
import type { PlaceSuggestion } from '@business-chauffeur/booking-contract';
import { deepFreeze } from '~/utils/deep-freeze';
import type { DescribedPlace, MeasuredLeg, Places } from './places.server';

export interface PlacesCacheOptions {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}

function cache<V>({ ttlMs, maxEntries, now = Date.now }: PlacesCacheOptions) {
  const entries = new Map<string, { at: number; value: Promise<V> }>();
  return (key: string, load: () => Promise<V>): Promise<V> => {
    const found = entries.get(key);
    if (found && now() - found.at < ttlMs) {
      // Most recently used last.
      entries.delete(key);
      entries.set(key, found);
      return found.value;
    }
    const value = load();
    entries.set(key, { at: now(), value });
    value.catch(() => {
      if (entries.get(key)?.value === value) entries.delete(key);
    });
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    return value;
  };
}

/**
 * The same Places, with routes and descriptions kept. Suggestions are kept only from the embedded
 * gazetteer, whose answer to a text never changes; Google's go with the customer's session token
 * (one billing session per field) and are asked every time.
 */
export function withPlacesCache(places: Places, options: PlacesCacheOptions): Places {
  const routes = cache<MeasuredLeg[]>(options);
  const described = cache<DescribedPlace>(options);
  const suggestions = cache<PlaceSuggestion[]>(options);
  return {
    kind: places.kind,
    suggest: async (query, sessionToken) =>
      places.kind === 'gazetteer'
        ? suggestions(query.trim().toLowerCase(), async () =>
            deepFreeze(await places.suggest(query, sessionToken)),
          )
        : places.suggest(query, sessionToken),
    route: async (placeIds) =>
      structuredClone(await routes(JSON.stringify(placeIds), () => places.route(placeIds))),
    describe: async (placeId) =>
      structuredClone(await described(placeId, () => places.describe(placeId))),
  };
}
