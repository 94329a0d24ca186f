// Picks the Places adapter for this process from the configuration, once: Google when
// GOOGLE_MAPS_API_KEY is set, the embedded Queensland gazetteer otherwise; routes and place
// descriptions are kept for an hour (route-cache.server.ts).
import { getConfig } from '~/utils/env.server';
import { createGazetteerPlaces } from './gazetteer-places.server';
import { createGooglePlaces } from './google-places.server';
import type { Places } from './places.server';
import { withPlacesCache } from './route-cache.server';

/** Roads and place names change slowly; a route kept an hour is still the route. */
const PLACES_CACHE = { ttlMs: 60 * 60 * 1000, maxEntries: 5_000 };

let places: Places | undefined;

export function getPlaces(): Places {
  if (!places) {
    const config = getConfig().places;
    places = withPlacesCache(
      config.adapter === 'google'
        ? createGooglePlaces({ apiKey: config.apiKey })
        : createGazetteerPlaces(),
      PLACES_CACHE,
    );
  }
  return places;
}
