// Pure mappings between the booking API and the stored booking document: the document a verified
// quote and a valid booking request make, and the view of a booking its owner may see.
import {
  CURRENCY,
  formatDistance,
  formatDuration,
  parseTimeOfDay,
  type BookingView,
  type ContactDetails,
  type ValidBookingRequest,
} from '@business-chauffeur/booking-contract';
import type {
  Booking,
  BookingLocation,
  BookingPerson,
  NewBooking,
} from '~/store/booking-store.server';
import type { QuotedVehicle, QuotePayload } from './quote-token.server';

export interface NewBookingInput {
  quote: QuotePayload;
  vehicle: QuotedVehicle;
  request: ValidBookingRequest;
  idempotencyKey: string;
  requestFingerprint: string;
  partnerId: string | null;
  userId: string | null;
  now: Date;
}

function person(contact: ContactDetails): BookingPerson {
  return {
    firstName: contact.firstName,
    lastName: contact.lastName,
    email: contact.email,
    mobileNumber: contact.mobileNumber,
    countryCode: contact.countryCode,
  };
}

function location(quote: QuotePayload): BookingLocation {
  const { trip } = quote;
  const stop = (index: number) => trip.stops[index];
  return {
    pickupLocation: trip.pickup.description,
    fromPlaceId: trip.pickup.placeId,
    dropLocation: trip.drop.description,
    toPlaceId: trip.drop.placeId,
    fromLocationFlag: true,
    stopLocation: stop(0)?.description ?? '',
    stopPlaceId: stop(0)?.placeId ?? '',
    stopLocationFlag: Boolean(stop(0)),
    stopLocation2: stop(1)?.description ?? '',
    stopPlaceId2: stop(1)?.placeId ?? '',
    stopLocationFlag2: Boolean(stop(1)),
    stopLocation3: stop(2)?.description ?? '',
    stopPlaceId3: stop(2)?.placeId ?? '',
    stopLocationFlag3: Boolean(stop(2)),
    stopLocation4: stop(3)?.description ?? '',
    stopPlaceId4: stop(3)?.placeId ?? '',
    stopLocationFlag4: Boolean(stop(3)),
  };
}

/** HH:MM `minutes` after a HH:MM time, on a 24-hour clock (the day rolls over silently). */
export function addMinutesToTime(time: string, minutes: number): string {
  const start = parseTimeOfDay(time) ?? 0;
  const total = (((start + Math.round(minutes)) % 1440) + 1440) % 1440;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/** How long the booking holds the car, in minutes: the hours booked, else the measured duration. */
export function bookedMinutes(quote: Pick<QuotePayload, 'trip' | 'durationSeconds'>): number {
  return quote.trip.byTheHour
    ? Math.round(quote.trip.hours * 60)
    : Math.max(1, Math.round(quote.durationSeconds / 60));
}

/** The document POST /api/bookings saves, status DRAFT, before its payment exists. */
export function buildNewBooking(input: NewBookingInput): NewBooking {
  const { quote, vehicle, request, now } = input;
  const at = now.toISOString();
  const trip = quote.trip;
  return {
    bookingStatus: 'DRAFT',
    bookingFee: vehicle.fare,
    isBookingLogged: true,
    selectedVehicleId: vehicle.id,
    flagForDistanceCalculation: false,
    refundAmount: null,
    partnerId: input.partnerId,
    userId: input.userId,
    // Spec §4: the booking is saved when the payment step (tab 4) opens.
    pageDisplay: { currentTab: 4, nextTab: 4, stepIndicator: 4 },
    location: location(quote),
    generalDetails: {
      bookingDate: trip.date,
      bookingTime: trip.time,
      passengersCount: trip.passengers,
      expectedEndTime: addMinutesToTime(trip.time, bookedMinutes(quote)),
      byTheHourCheck: trip.byTheHour,
      numberOfHours: trip.byTheHour ? trip.hours : 0,
      creationDate: at,
      modifiedDate: at,
      specialInstructions: trip.notes,
    },
    distanceMatrix: {
      tollFees: 0,
      changeFlag: false,
      distance: {
        text: formatDistance(quote.distanceMeters),
        value: quote.distanceMeters,
        unit: 'km',
      },
      duration: {
        text: formatDuration(quote.durationSeconds),
        value: Math.round(quote.durationSeconds / 60),
        unit: 'minutes',
      },
    },
    vehicleSelection: { id: vehicle.id, type: vehicle.slug, name: vehicle.title },
    passengerDetails: {
      ...person(request.passenger),
      onBehalfCheck: request.onBehalf,
      bookingPerson:
        request.onBehalf && request.bookingPerson ? person(request.bookingPerson) : null,
    },
    paymentDetails: {
      amount: vehicle.fare,
      currency: CURRENCY,
      paymentRefId: 0,
      paymentIntentId: 0,
      provider: null,
      clientSecretHash: null,
      error: null,
    },
    quote: {
      quoteId: quote.quoteId,
      issuedAt: new Date(quote.issuedAt).toISOString(),
      expiresAt: new Date(quote.expiresAt).toISOString(),
      trip,
      vehicleId: vehicle.id,
      fare: vehicle.fare,
      fareCents: vehicle.fareCents,
      currency: CURRENCY,
      distanceMeters: quote.distanceMeters,
      durationSeconds: quote.durationSeconds,
      legs: quote.legs,
    },
    paymentAttempts: [],
    cancellationRequests: [],
    confirmationEmail: { claimedAt: null, sentAt: null, messageId: null },
    idempotencyKey: input.idempotencyKey,
    requestFingerprint: input.requestFingerprint,
    createdAt: at,
    updatedAt: at,
  };
}

/** The booking as its owner sees it after a lookup (no payment ids, contact details or notes kept back). */
export function toBookingView(booking: Booking): BookingView {
  const refund = booking.refundAmount ?? 0;
  const requests = booking.cancellationRequests;
  return {
    bookingReferenceId: booking.bookingReferenceId,
    status: booking.bookingStatus,
    trip: booking.quote.trip,
    distanceMeters: booking.quote.distanceMeters,
    durationSeconds: booking.quote.durationSeconds,
    vehicle: { id: booking.vehicleSelection.id, title: booking.vehicleSelection.name },
    passenger: {
      firstName: booking.passengerDetails.firstName,
      lastName: booking.passengerDetails.lastName,
    },
    amount: booking.paymentDetails.amount,
    currency: CURRENCY,
    refundAmount: refund > 0 ? refund : null,
    cancellationRequestedAt: requests.length > 0 ? (requests[0]?.requestedAt ?? null) : null,
  };
}

/** True when `email` is the passenger's, or the booking person's (both got the confirmation). */
export function bookingHasEmail(booking: Booking, email: string): boolean {
  const wanted = email.trim().toLowerCase();
  const { passengerDetails } = booking;
  return (
    passengerDetails.email.trim().toLowerCase() === wanted ||
    (passengerDetails.bookingPerson?.email.trim().toLowerCase() ?? null) === wanted
  );
}
