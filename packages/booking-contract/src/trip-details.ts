// What a chauffeur needs beyond the place a customer chose: the exact address when the place is a
// suburb or a landmark (Address details), and the flight of an airport pickup. The rules are pure
// and free of Zod, so the widget's step 1 checks them as the server does; the server checks them
// again with the kinds its places provider gives, never the kind a client claims
// (docs/product.md, "Booking rules").
import { bookingMessages } from './messages-booking';
import type { PlaceKind } from './places';

// Messages are read inside the functions, so code that needs only the kind predicates (the
// widget's step 1) does not carry the message catalogue.
const m = () => bookingMessages.booking;

export const ADDRESS_DETAILS_MAX_LENGTH = 100;
/** Letters (any alphabet), digits, spaces and / , . - ' # (unit numbers, "Gate 3", "O'Connell St"). */
export const ADDRESS_DETAILS_PATTERN = /^[\p{L}\p{N} /,.\-'#]*$/u;

/** Whether the form asks for address details beside a place of this kind. */
export function asksAddressDetails(kind: PlaceKind | null | undefined): boolean {
  return kind === 'locality' || kind === 'landmark' || kind === 'airport';
}

/** A suburb or a street without a number cannot be driven to: its details are required. */
export const requiresAddressDetails = (kind: PlaceKind | null | undefined): boolean =>
  kind === 'locality';

/** The message for a place's address details, or undefined when they are acceptable. */
export function addressDetailsError(
  kind: PlaceKind | null | undefined,
  details: string | null | undefined,
): string | undefined {
  if (!asksAddressDetails(kind)) return undefined;
  const value = (details ?? '').trim();
  if (value === '') return requiresAddressDetails(kind) ? m().addressDetailsRequired : undefined;
  if (value.length > ADDRESS_DETAILS_MAX_LENGTH || !ADDRESS_DETAILS_PATTERN.test(value)) {
    return m().addressDetailsInvalid;
  }
  return undefined;
}

/**
 * A flight as customers write it: an airline code (two characters, IATA, where one may be a
 * digit: QF, VA, JQ, 3K; or three letters, ICAO) then 1 to 4 digits and an optional letter,
 * spaces and case as they come ("QF 512", "va1234", "JQ 790").
 */
const FLIGHT_NUMBER = /^([A-Z][A-Z0-9]|[0-9][A-Z]|[A-Z]{3}) ?([0-9]{1,4}[A-Z]?)$/;

/** "qf 512" → "QF512"; undefined when it is not a flight number. */
export function normaliseFlightNumber(value: string | null | undefined): string | undefined {
  const compact = (value ?? '').trim().toUpperCase().replace(/\s+/g, ' ');
  const match = FLIGHT_NUMBER.exec(compact);
  return match ? `${match[1]}${match[2]}` : undefined;
}

/** Whether the form asks for the flight: only when the pickup is an airport. */
export const asksFlightNumber = (pickupKind: PlaceKind | null | undefined): boolean =>
  pickupKind === 'airport';

/**
 * The message for the flight number of a pickup of this kind, or undefined when acceptable. A
 * pickup of unknown kind (a client that does not say) has any flight it sends checked too.
 */
export function flightNumberError(
  pickupKind: PlaceKind | null | undefined,
  value: string | null | undefined,
): string | undefined {
  const given = (value ?? '').trim() !== '';
  if (!asksFlightNumber(pickupKind) && (pickupKind || !given)) return undefined;
  if (!given) return m().flightNumberRequired;
  return normaliseFlightNumber(value) ? undefined : m().flightNumberInvalid;
}

/** The place fields of step 1, as field paths. */
export type PlaceField = 'pickup' | 'drop' | `stops.${number}`;

interface PlaceWithDetails {
  kind?: PlaceKind | null | undefined;
  details?: string | null | undefined;
}

/**
 * Adds the address-details and flight errors of a trip's places to `errors`
 * ("pickup.details", "stops.0.details", "flightNumber").
 */
export function validateTripDetails(
  places: readonly (readonly [PlaceField, PlaceWithDetails | null | undefined])[],
  pickupKind: PlaceKind | null | undefined,
  flightNumber: string | null | undefined,
  errors: Record<string, string>,
): void {
  for (const [field, place] of places) {
    const error = place ? addressDetailsError(place.kind, place.details) : undefined;
    if (error) errors[`${field}.details`] = error;
  }
  const flightError = flightNumberError(pickupKind, flightNumber);
  if (flightError) errors.flightNumber = flightError;
}

/** The details worth keeping with a place of this kind: trimmed, none for an exact address. */
export function keptAddressDetails(
  kind: PlaceKind | null | undefined,
  details: string | null | undefined,
): string | undefined {
  const value = (details ?? '').trim();
  return asksAddressDetails(kind) && value !== '' ? value : undefined;
}

/**
 * A place as the summary, the email and the booking pages print it: its Address details, then
 * the provider's description ("12 Smith Street, Paddington QLD 4064").
 */
export function placeText(place: { description: string; details?: string | undefined }): string {
  const details = place.details?.trim();
  return details ? `${details}, ${place.description}` : place.description;
}
