// The booking widget's form draft: what the customer typed and chose on the wizard's first three
// steps, plus the server's quote token and vehicle cards (the widget never computes a fare). It is
// not the stored booking: ids, status, payment and the stored document's layout belong to the
// server. draftToQuoteRequest / draftToBookingRequest turn it into the API's request bodies.
import type { ChildSeats } from './fare-lines';
import { DEFAULT_COUNTRY_CODE, DEFAULT_PASSENGERS, MAX_STOPS } from './rules';
import type { BookingRequest, PlaceKind, QuoteRequest, VehicleCard } from './schemas';
import { asksFlightNumber } from './trip-details';
import { DEFAULT_PICKUP_TIME } from './time';

/** The wizard's steps: 0 General Details … 4 Payment. */
export type WizardTab = 0 | 1 | 2 | 3 | 4;

/**
 * A place field: the text in it, the chosen suggestion's id and kind (kept while the text is
 * edited), and the Address details typed under it.
 */
export interface DraftPlace {
  text: string;
  placeId: string | null;
  kind: PlaceKind | null;
  details: string;
}

/** A stop: a place field behind its "Add a stop?" switch. */
export interface DraftStop extends DraftPlace {
  enabled: boolean;
}

export interface DraftContact {
  firstName: string;
  lastName: string;
  email: string;
  mobileNumber: string;
  countryCode: string;
}

export interface BookingDraft {
  /**
   * Step 1: where from and to, up to four stops, when, how many, by the hour, notes, and the
   * extras (child seats by kind, a trailer).
   */
  trip: {
    pickup: DraftPlace;
    drop: DraftPlace;
    stops: [DraftStop, DraftStop, DraftStop, DraftStop];
    /** YYYY-MM-DD, Brisbane. */
    date: string;
    /** HH:MM, Brisbane. */
    time: string;
    passengers: number;
    byTheHour: boolean;
    hours: number;
    notes: string;
    childSeats: ChildSeats;
    trailer: boolean;
    suitcases: number;
    smallBags: number;
    /** The flight of an airport pickup, as typed ("QF 512"). */
    flightNumber: string;
  };
  /** Step 2: the chosen vehicle card's id. */
  vehicleId: string | null;
  /** Step 3: who travels, and who books when booking on behalf of someone else. */
  passenger: DraftContact;
  onBehalf: boolean;
  bookingPerson: DraftContact;
  /** The signed quote of the last POST /api/quotes, and its vehicle cards. */
  quoteToken: string | null;
  vehicles: VehicleCard[];
}

export const emptyContact = (): DraftContact => ({
  firstName: '',
  lastName: '',
  email: '',
  mobileNumber: '',
  countryCode: DEFAULT_COUNTRY_CODE,
});

export const emptyPlace = (): DraftPlace => ({ text: '', placeId: null, kind: null, details: '' });

export const emptyStop = (): DraftStop => ({ ...emptyPlace(), enabled: false });

/** A fresh draft with the booking form's defaults (also what Clear Form resets to). */
export function createBookingDraft(): BookingDraft {
  return {
    trip: {
      pickup: emptyPlace(),
      drop: emptyPlace(),
      stops: [emptyStop(), emptyStop(), emptyStop(), emptyStop()],
      date: '',
      time: DEFAULT_PICKUP_TIME,
      passengers: DEFAULT_PASSENGERS,
      byTheHour: false,
      hours: 0,
      notes: '',
      // Spelled out, not NO_CHILD_SEATS: fare-lines.ts builds Zod schemas, which step 1's code
      // does without.
      childSeats: { babyCapsule: 0, childSeat: 0, booster: 0 },
      trailer: false,
      suitcases: 0,
      smallBags: 0,
      flightNumber: '',
    },
    vehicleId: null,
    passenger: emptyContact(),
    onBehalf: false,
    bookingPerson: emptyContact(),
    quoteToken: null,
    vehicles: [],
  };
}

/** A place's kind and Address details as the request carries them. */
const placeExtras = ({ kind, details }: DraftPlace) => ({
  ...(kind ? { kind } : {}),
  details,
});

const place = (value: DraftPlace) =>
  value.placeId
    ? {
        placeId: value.placeId,
        description: value.text.trim() || value.placeId,
        ...placeExtras(value),
      }
    : null;

/** Step 1 of a draft as the body of POST /api/quotes (and the input of validateStep1). */
export function draftToQuoteRequest(draft: BookingDraft): QuoteRequest {
  const { trip } = draft;
  return {
    pickup: place(trip.pickup),
    drop: place(trip.drop),
    stops: trip.stops.slice(0, MAX_STOPS).map((stop) => ({
      enabled: stop.enabled,
      placeId: stop.placeId,
      description: stop.text,
      ...placeExtras(stop),
    })),
    date: trip.date,
    time: trip.time,
    passengers: trip.passengers,
    byTheHour: trip.byTheHour,
    hours: trip.hours,
    notes: trip.notes,
    childSeats: { ...trip.childSeats },
    trailer: trip.trailer,
    suitcases: trip.suitcases,
    smallBags: trip.smallBags,
    // Only an airport pickup has a flight; one typed for an earlier pickup is not sent.
    flightNumber: asksFlightNumber(trip.pickup.kind) ? trip.flightNumber : '',
  };
}

const contact = (value: DraftContact) => ({
  firstName: value.firstName,
  lastName: value.lastName,
  email: value.email,
  countryCode: value.countryCode,
  mobileNumber: value.mobileNumber,
});

/** Steps 2 and 3 of a draft as the body of POST /api/bookings. */
export function draftToBookingRequest(
  draft: BookingDraft,
  idempotencyKey?: string,
): BookingRequest {
  return {
    quoteToken: draft.quoteToken ?? '',
    vehicleId: draft.vehicleId ?? '',
    passenger: contact(draft.passenger),
    onBehalf: draft.onBehalf,
    bookingPerson: draft.onBehalf ? contact(draft.bookingPerson) : null,
    ...(idempotencyKey ? { idempotencyKey } : {}),
  };
}
