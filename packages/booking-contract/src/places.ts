// Places as GET /api/places suggests them and step 1 sends them back.
import { z } from './zod';
import { PLACE_DESCRIPTION_MAX_LENGTH, PLACE_ID_MAX_LENGTH, PLACES_MAX_SUGGESTIONS } from './rules';

/**
 * How precise a place is, which decides what step 1 asks beside it:
 * - `address`: a street address or a building a chauffeur can drive to as it is;
 * - `locality`: a suburb, town or street without a number: the exact address is still needed;
 * - `landmark`: a hotel, venue, station, hospital …: a gate or entrance may help;
 * - `airport`: a terminal: a pickup there asks for the flight number.
 */
export const placeKinds = ['address', 'locality', 'landmark', 'airport'] as const;
export type PlaceKind = (typeof placeKinds)[number];

/**
 * A place the customer chose from the suggestions: its provider id and the text shown. `kind` is
 * what the provider says the place is; the server sets it from its own look-up (older quotes and
 * bookings have none).
 */
export const placeSchema = z.object({
  placeId: z.string().trim().min(1).max(PLACE_ID_MAX_LENGTH),
  description: z.string().trim().min(1).max(PLACE_DESCRIPTION_MAX_LENGTH),
  kind: z.enum(placeKinds).optional(),
  /** Address details (unit, number and street, gate); only when the place is not exact. */
  details: z.string().optional(),
});
export type Place = z.infer<typeof placeSchema>;

/** A suggestion always says what kind of place it is. */
export const placeSuggestionSchema = placeSchema
  .omit({ details: true })
  .extend({ kind: z.enum(placeKinds) });
export type PlaceSuggestion = z.infer<typeof placeSuggestionSchema>;

export const placesResponseSchema = z.object({
  suggestions: z.array(placeSuggestionSchema).max(PLACES_MAX_SUGGESTIONS),
});
export type PlacesResponse = z.infer<typeof placesResponseSchema>;
