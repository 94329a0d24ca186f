// The booking draft the widget holds while the customer fills the wizard: the fields of spec §3
// "Booking", grouped and named as there. Two departures, both for the server's authority: the
// stops are one array of four (the spec names them stopLocation, stopLocation2 …), and the draft
// keeps the server's quote token and vehicle cards instead of computing fees itself.
// draftToQuoteRequest / draftToBookingRequest turn it into the API's request bodies.
import { DEFAULT_COUNTRY_CODE, DEFAULT_PASSENGERS, MAX_STOPS } from './rules';
import type { BookingRequest, BookingStatus, QuoteRequest, VehicleCard } from './schemas';
import { DEFAULT_PICKUP_TIME } from './time';

export type WizardTab = 0 | 1 | 2 | 3 | 4;

export interface DraftStop {
  /** The text in the field (stopLocation). */
  location: string;
  /** The chosen suggestion's id (stopPlaceId); kept while the text is edited, per spec §4. */
  placeId: string | null;
  /** The "Add a stop?" switch (stopLocationFlag). */
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
  bookingId: string | null;
  bookingReferenceId: string | null;
  bookingStatus: BookingStatus;
  /** The selected vehicle's fare from the quote (AUD); 0 until one is selected. */
  bookingFee: number;
  selectedVehicleId: string | null;
  isBookingLogged: boolean;
  /** Set when step 1 changed since the last quote, so leaving step 0 asks for a new one. */
  flagForDistanceCalculation: boolean;
  refundAmount?: number;
  pageDisplay: { currentTab: WizardTab; nextTab: WizardTab; stepIndicator: WizardTab };
  location: {
    pickupLocation: string;
    fromPlaceId: string | null;
    dropLocation: string;
    toPlaceId: string | null;
    fromLocationFlag: boolean;
    stops: [DraftStop, DraftStop, DraftStop, DraftStop];
  };
  generalDetails: {
    /** YYYY-MM-DD, Brisbane. */
    bookingDate: string;
    /** HH:MM, Brisbane. */
    bookingTime: string;
    passengersCount: number;
    expectedEndTime: string | null;
    byTheHourCheck: boolean;
    numberOfHours: number;
    creationDate: string | null;
    modifiedDate: string | null;
    specialInstructions: string;
  };
  distanceMatrix: {
    tollFees: number;
    changeFlag: boolean;
    distance: { text: string; value: number; unit: 'km' };
    duration: { text: string; value: number; unit: 'minutes' };
  };
  vehicleSelection: { id: string | null; type: string | null; name: string | null };
  passengerDetails: DraftContact & { onBehalfCheck: boolean; bookingPerson: DraftContact };
  paymentDetails: {
    amount: number;
    currency: 'AUD';
    paymentRefId: string | null;
    paymentIntentId: string | null;
    error: { code: string; description: string } | null;
  };
  /** The signed quote of the last POST /api/quotes, and its vehicle cards. */
  quoteToken: string | null;
  vehicles: VehicleCard[];
}

const emptyContact = (): DraftContact => ({
  firstName: '',
  lastName: '',
  email: '',
  mobileNumber: '',
  countryCode: DEFAULT_COUNTRY_CODE,
});

const emptyStop = (): DraftStop => ({ location: '', placeId: null, enabled: false });

/** A fresh draft with the spec's defaults (also what Clear Form resets to). */
export function createBookingDraft(): BookingDraft {
  return {
    bookingId: null,
    bookingReferenceId: null,
    bookingStatus: 'DRAFT',
    bookingFee: 0,
    selectedVehicleId: null,
    isBookingLogged: false,
    flagForDistanceCalculation: false,
    pageDisplay: { currentTab: 0, nextTab: 1, stepIndicator: 0 },
    location: {
      pickupLocation: '',
      fromPlaceId: null,
      dropLocation: '',
      toPlaceId: null,
      fromLocationFlag: true,
      stops: [emptyStop(), emptyStop(), emptyStop(), emptyStop()],
    },
    generalDetails: {
      bookingDate: '',
      bookingTime: DEFAULT_PICKUP_TIME,
      passengersCount: DEFAULT_PASSENGERS,
      expectedEndTime: null,
      byTheHourCheck: false,
      numberOfHours: 0,
      creationDate: null,
      modifiedDate: null,
      specialInstructions: '',
    },
    distanceMatrix: {
      tollFees: 0,
      changeFlag: true,
      distance: { text: '', value: 0, unit: 'km' },
      duration: { text: '', value: 0, unit: 'minutes' },
    },
    vehicleSelection: { id: null, type: null, name: null },
    passengerDetails: { ...emptyContact(), onBehalfCheck: false, bookingPerson: emptyContact() },
    paymentDetails: {
      amount: 0,
      currency: 'AUD',
      paymentRefId: null,
      paymentIntentId: null,
      error: null,
    },
    quoteToken: null,
    vehicles: [],
  };
}

const place = (text: string, placeId: string | null) =>
  placeId ? { placeId, description: text.trim() || placeId } : null;

/** Step 1 of a draft as the body of POST /api/quotes (and the input of validateStep1). */
export function draftToQuoteRequest(draft: BookingDraft): QuoteRequest {
  const { location, generalDetails } = draft;
  return {
    pickup: place(location.pickupLocation, location.fromPlaceId),
    drop: place(location.dropLocation, location.toPlaceId),
    stops: location.stops.slice(0, MAX_STOPS).map((stop) => ({
      enabled: stop.enabled,
      placeId: stop.placeId,
      description: stop.location,
    })),
    date: generalDetails.bookingDate,
    time: generalDetails.bookingTime,
    passengers: generalDetails.passengersCount,
    byTheHour: generalDetails.byTheHourCheck,
    hours: generalDetails.numberOfHours,
    notes: generalDetails.specialInstructions,
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
  const { passengerDetails } = draft;
  return {
    quoteToken: draft.quoteToken ?? '',
    vehicleId: draft.selectedVehicleId ?? '',
    passenger: contact(passengerDetails),
    onBehalf: passengerDetails.onBehalfCheck,
    bookingPerson: passengerDetails.onBehalfCheck ? contact(passengerDetails.bookingPerson) : null,
    ...(idempotencyKey ? { idempotencyKey } : {}),
  };
}
