// Places on Google Maps Platform, with the server-side key (never sent to the browser):
// - suggestions: Places Autocomplete (New), POST places.googleapis.com/v1/places:autocomplete,
//   restricted to Australia and biased to South-East Queensland, one session token per field;
// - a place's own description: Place Details (New), GET places.googleapis.com/v1/places/{id},
//   asking only for its name and address (field mask);
// - legs: Routes API, POST routes.googleapis.com/directions/v2:computeRoutes, one call for the
//   whole trip with the stops as intermediate waypoints, asking only for the legs' distance,
//   duration and toll info (field mask). Asking for tolls bills the call at Google's higher rate
//   for toll requests.
// Tolls: the request asks for toll estimates (extraComputations TOLLS) for a petrol car with no
// toll pass, so Google answers the price without a pass. Each leg's travelAdvisory.tollInfo is read so:
//   no tollInfo                            → the leg has no tolls: tollCents 0;
//   tollInfo without any estimatedPrice    → a toll of unknown price: tollCents left out;
//   estimatedPrice entries in AUD          → their sum, rounded once to whole cents, half away from
//                                            zero (a Money is units as a string plus nanos);
//   entries in another currency            → ignored with a warning; when no AUD entry is left the
//                                            price is unknown: tollCents left out.
// An unreadable or negative price is a ProviderUnavailableError, as an unreadable duration is.
// Every call has a timeout; HTTP and network failures become the port's typed errors, and the
// provider's own message goes only into the error's text for the server log.
import { log } from '~/utils/log.server';
import {
  MAX_SUGGESTIONS,
  PlaceNotFoundError,
  ProviderUnavailableError,
  RouteUnavailableError,
  type DescribedPlace,
  type PlaceKind,
  type PlaceSuggestion,
  type MeasuredLeg,
  type Places,
} from './places.server';

export const GOOGLE_PLACES_BASE_URL = 'https://places.googleapis.com';
export const GOOGLE_ROUTES_BASE_URL = 'https://routes.googleapis.com';

export const AUTOCOMPLETE_FIELD_MASK =
  'suggestions.placePrediction.placeId,suggestions.placePrediction.text.text,' +
  'suggestions.placePrediction.types';
export const PLACE_DETAILS_FIELD_MASK = 'id,displayName,formattedAddress,types';
export const ROUTES_FIELD_MASK =
  'routes.legs.distanceMeters,routes.legs.duration,routes.legs.travelAdvisory.tollInfo,' +
  'routes.distanceMeters,routes.duration';

/** South-East Queensland, Noosa to the border and Ipswich to the coast: where suggestions lean. */
export const SEQ_BIAS = {
  rectangle: {
    low: { latitude: -28.4, longitude: 152.4 },
    high: { latitude: -26.1, longitude: 153.7 },
  },
} as const;

/** Google's session tokens: URL-safe base64, at most 36 characters (a UUID fits). */
const SESSION_TOKEN = /^[A-Za-z0-9_-]{1,36}$/;

export interface GooglePlacesOptions {
  apiKey: string;
  /** Overridable for tests (a local stub); default the public endpoints. */
  placesBaseUrl?: string;
  routesBaseUrl?: string;
  /** Per request; suggestions must feel instant, a route may take a little longer. */
  suggestTimeoutMs?: number;
  routeTimeoutMs?: number;
}

interface GoogleErrorBody {
  error?: { code?: number; message?: string; status?: string };
}

interface AutocompleteBody {
  suggestions?: {
    placePrediction?: { placeId?: string; text?: { text?: string }; types?: string[] };
  }[];
}

interface PlaceDetailsBody {
  displayName?: { text?: string };
  formattedAddress?: string;
  types?: string[];
}

/** Google's place types that name a door a chauffeur can drive to as it is. */
const ADDRESS_TYPES = new Set(['street_address', 'premise', 'subpremise']);
/** Types of a business or a point of interest: found by its name. */
const LANDMARK_TYPES = new Set(['establishment', 'point_of_interest']);

/**
 * The kind of a Google place from its types: an airport; a street address or a building; a named
 * business or point of interest; anything else (a suburb, a postcode, a street without a number,
 * or no types at all) still needs the exact address.
 */
export function placeKindFromTypes(types: readonly string[] | undefined): PlaceKind {
  const list = types ?? [];
  if (list.includes('airport')) return 'airport';
  if (list.some((type) => ADDRESS_TYPES.has(type))) return 'address';
  if (list.some((type) => LANDMARK_TYPES.has(type))) return 'landmark';
  return 'locality';
}

/**
 * A place's description from its details: the address alone when it already starts with the name
 * (a street address, a suburb), else "name, address" (an airport, a hotel).
 */
export function placeDescription(details: PlaceDetailsBody): string | undefined {
  const name = details.displayName?.text?.trim() ?? '';
  const address = details.formattedAddress?.trim() ?? '';
  if (!address) return name || undefined;
  if (!name || address.toLowerCase().startsWith(name.toLowerCase())) return address;
  return `${name}, ${address}`;
}

/** google.type.Money in proto3 JSON: units is an int64 (a string), zero values left out. */
interface Money {
  currencyCode?: string;
  units?: string | number;
  nanos?: number;
}

interface RouteLegBody {
  distanceMeters?: number;
  duration?: string;
  travelAdvisory?: { tollInfo?: { estimatedPrice?: Money[] } };
}

interface RoutesBody {
  routes?: { legs?: RouteLegBody[] }[];
}

const NANOS_PER_CENT = 10_000_000n;

/** A price as a whole number of nanos (exact); throws when Google sent something unreadable. */
function priceInNanos(money: Money): bigint {
  const units = String(money.units ?? '0');
  const nanos = money.nanos ?? 0;
  if (!/^\d+$/.test(units) || !Number.isInteger(nanos) || nanos < 0 || nanos > 999_999_999) {
    throw new ProviderUnavailableError(
      `Routes API sent an unreadable toll price: ${JSON.stringify(money)}`,
    );
  }
  return BigInt(units) * 1_000_000_000n + BigInt(nanos);
}

/**
 * A leg's estimated tolls in AUD cents, by the rule in this file's header: 0 without tollInfo,
 * undefined when the AUD price is unknown.
 */
export function legTollCents(leg: RouteLegBody): number | undefined {
  const tollInfo = leg.travelAdvisory?.tollInfo;
  if (!tollInfo) return 0;
  let total = 0n;
  let priced = false;
  for (const price of tollInfo.estimatedPrice ?? []) {
    if (price.currencyCode !== 'AUD') {
      log.warn('Routes API priced a toll in another currency than AUD: ignored', {
        currencyCode: price.currencyCode ?? null,
      });
      continue;
    }
    total += priceInNanos(price);
    priced = true;
  }
  if (!priced) return undefined;
  // Non-negative, so half away from zero is half up.
  return Number((total + NANOS_PER_CENT / 2n) / NANOS_PER_CENT);
}

/** A protobuf Duration as JSON ("1234s", "12.5s") in whole seconds; 0 when absent. */
export function parseDuration(value: string | undefined): number {
  if (value === undefined) return 0;
  const match = /^(\d+(?:\.\d+)?)s$/.exec(value);
  if (!match)
    throw new ProviderUnavailableError(`Routes API sent an unreadable duration: ${value}`);
  return Math.round(Number(match[1]));
}

export function createGooglePlaces(options: GooglePlacesOptions): Places {
  const placesBase = (options.placesBaseUrl ?? GOOGLE_PLACES_BASE_URL).replace(/\/+$/, '');
  const routesBase = (options.routesBaseUrl ?? GOOGLE_ROUTES_BASE_URL).replace(/\/+$/, '');
  const suggestTimeoutMs = options.suggestTimeoutMs ?? 3_000;
  const routeTimeoutMs = options.routeTimeoutMs ?? 6_000;

  /**
   * POSTs JSON (or GETs, without a body); the parsed body of a 2xx answer, else the status and
   * Google's error.
   */
  async function send(
    url: string,
    fieldMask: string,
    body: unknown,
    timeoutMs: number,
  ): Promise<
    { ok: true; body: unknown } | { ok: false; status: number; error: GoogleErrorBody['error'] }
  > {
    let response: Response;
    try {
      response = await fetch(url, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          'X-Goog-Api-Key': options.apiKey,
          'X-Goog-FieldMask': fieldMask,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const reason =
        error instanceof Error && error.name === 'TimeoutError'
          ? `no answer within ${timeoutMs} ms`
          : String((error as Error)?.message ?? error);
      throw new ProviderUnavailableError(`Google request to ${url} failed: ${reason}`);
    }
    let parsed: unknown;
    try {
      parsed = await response.json();
    } catch {
      if (response.ok) {
        throw new ProviderUnavailableError(`Google answered ${url} with a body that is not JSON.`);
      }
      parsed = {};
    }
    if (!response.ok) {
      return { ok: false, status: response.status, error: (parsed as GoogleErrorBody)?.error };
    }
    return { ok: true, body: parsed };
  }

  const describe = (status: number, error: GoogleErrorBody['error']) =>
    `${status} ${error?.status ?? ''} ${error?.message ?? ''}`.trim();

  return {
    kind: 'google',

    async suggest(query: string, sessionToken?: string): Promise<PlaceSuggestion[]> {
      const input = query.trim();
      if (input === '') return [];
      const result = await send(
        `${placesBase}/v1/places:autocomplete`,
        AUTOCOMPLETE_FIELD_MASK,
        {
          input,
          includedRegionCodes: ['au'],
          regionCode: 'au',
          languageCode: 'en-AU',
          locationBias: SEQ_BIAS,
          ...(sessionToken && SESSION_TOKEN.test(sessionToken) ? { sessionToken } : {}),
        },
        suggestTimeoutMs,
      );
      if (!result.ok) {
        throw new ProviderUnavailableError(
          `Places Autocomplete answered ${describe(result.status, result.error)}`,
        );
      }
      const suggestions: PlaceSuggestion[] = [];
      for (const suggestion of (result.body as AutocompleteBody).suggestions ?? []) {
        const prediction = suggestion.placePrediction;
        const placeId = prediction?.placeId;
        const description = prediction?.text?.text;
        // Query predictions ("pizza near …") have no place: they cannot be a pickup.
        if (placeId && description) {
          suggestions.push({ placeId, description, kind: placeKindFromTypes(prediction.types) });
        }
      }
      return suggestions.slice(0, MAX_SUGGESTIONS);
    },

    async describe(placeId: string): Promise<DescribedPlace> {
      const result = await send(
        `${placesBase}/v1/places/${encodeURIComponent(placeId)}?languageCode=en-AU&regionCode=au`,
        PLACE_DETAILS_FIELD_MASK,
        undefined,
        routeTimeoutMs,
      );
      if (!result.ok) {
        const text = describe(result.status, result.error);
        // An id Google does not know, or not an id at all: the customer chooses the place again.
        if (result.status === 404 || result.status === 400) {
          throw new PlaceNotFoundError(placeId, `Place Details answered ${text}`);
        }
        throw new ProviderUnavailableError(`Place Details answered ${text}`);
      }
      const details = result.body as PlaceDetailsBody;
      const description = placeDescription(details);
      if (!description) {
        throw new ProviderUnavailableError(`Place Details sent no name or address for ${placeId}.`);
      }
      return { description, kind: placeKindFromTypes(details.types) };
    },

    async route(placeIds: readonly string[]): Promise<MeasuredLeg[]> {
      if (placeIds.length < 2) return [];
      const waypoint = (placeId: string) => ({ placeId });
      const result = await send(
        `${routesBase}/directions/v2:computeRoutes`,
        ROUTES_FIELD_MASK,
        {
          origin: waypoint(placeIds[0]!),
          destination: waypoint(placeIds[placeIds.length - 1]!),
          intermediates: placeIds.slice(1, -1).map(waypoint),
          travelMode: 'DRIVE',
          routingPreference: 'TRAFFIC_UNAWARE',
          units: 'METRIC',
          regionCode: 'au',
          languageCode: 'en-AU',
          extraComputations: ['TOLLS'],
          routeModifiers: { vehicleInfo: { emissionType: 'GASOLINE' } },
        },
        routeTimeoutMs,
      );
      if (!result.ok) {
        const text = describe(result.status, result.error);
        const message = result.error?.message ?? '';
        const aboutPlace =
          result.status === 404 || (result.status === 400 && /place/i.test(message));
        if (aboutPlace) {
          const named = placeIds.find((placeId) => message.includes(placeId));
          throw new PlaceNotFoundError(named ?? placeIds.join(', '), `Routes API answered ${text}`);
        }
        if (result.status === 400) throw new RouteUnavailableError(`Routes API answered ${text}`);
        throw new ProviderUnavailableError(`Routes API answered ${text}`);
      }
      const legs = (result.body as RoutesBody).routes?.[0]?.legs;
      if (!legs || legs.length !== placeIds.length - 1) {
        throw new RouteUnavailableError(
          `Routes API found no driving route through ${placeIds.length} places.`,
        );
      }
      // proto3 JSON leaves zero values out: a leg between two identical places has no distance.
      return legs.map((leg) => {
        const tollCents = legTollCents(leg);
        return {
          distanceMeters: leg.distanceMeters ?? 0,
          durationSeconds: parseDuration(leg.duration),
          ...(tollCents === undefined ? {} : { tollCents }),
        };
      });
    },
  };
}
