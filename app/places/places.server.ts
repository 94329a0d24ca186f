// The Places port: address suggestions for the location fields and the driving legs of a trip.
// Two adapters: Google (Places Autocomplete (New) and the Routes API, google-places.server.ts) and
// the embedded Queensland gazetteer (gazetteer-places.server.ts); places-provider.server.ts picks
// one from the configuration. Callers see only these types and errors, never a provider's.
import type { PlaceKind, PlaceSuggestion, RouteLeg } from '@business-chauffeur/booking-contract';

export type { PlaceKind, PlaceSuggestion, RouteLeg };

/** A place id as its provider describes it: the text its suggestions show, and its kind. */
export interface DescribedPlace {
  description: string;
  kind: PlaceKind;
}

/** A driving leg as a provider measured it, with what the provider knows of its tolls. */
export interface MeasuredLeg extends RouteLeg {
  /** Estimated tolls on the leg in AUD cents; absent when the provider has no toll data. */
  tollCents?: number;
}

export interface Places {
  readonly kind: 'google' | 'gazetteer';
  /**
   * At most 8 suggestions for what the customer typed. `sessionToken` groups the keystrokes of one
   * field into one billing session (Google); adapters without sessions ignore it.
   */
  suggest(query: string, sessionToken?: string): Promise<PlaceSuggestion[]>;
  /**
   * The driving legs between consecutive places (n ids give n − 1 legs), in order: pickup → stops
   * → drop, each with its estimated tolls when the provider has toll data (Google's Routes API;
   * the gazetteer has none). Throws PlaceNotFoundError, RouteUnavailableError or
   * ProviderUnavailableError.
   */
  route(placeIds: readonly string[]): Promise<MeasuredLeg[]>;
  /**
   * The provider's own description of a place id, as its suggestions name the place, and its
   * kind. The server shows, stores and emails this text, never the one a client sent with the id,
   * so the trip on screen is always the trip that was priced; the kind (not the client's word)
   * decides whether step 1 needs address details or a flight number. Throws PlaceNotFoundError or
   * ProviderUnavailableError.
   */
  describe(placeId: string): Promise<DescribedPlace>;
}

export class PlacesError extends Error {
  override name = 'PlacesError';
}

/** A place id the provider does not know (stale, made up, or from another provider). */
export class PlaceNotFoundError extends PlacesError {
  override name = 'PlaceNotFoundError';
  constructor(
    readonly placeId: string,
    detail?: string,
  ) {
    super(detail ?? `Unknown place id: ${placeId}`);
  }
}

/** The places are known but no driving route joins them (an island, another continent …). */
export class RouteUnavailableError extends PlacesError {
  override name = 'RouteUnavailableError';
}

/** The provider could not answer: timeout, network, quota, key or server error. */
export class ProviderUnavailableError extends PlacesError {
  override name = 'ProviderUnavailableError';
}

/** At most 8 suggestions (docs/product.md, "Endpoints"). */
export const MAX_SUGGESTIONS = 8;
