// The stored booking document: the one place that knows its layout. The collection keeps the field
// names and placeholders the client's other tools read (location.stopLocationN, pageDisplay,
// paymentRefId 0 / -1, …), so both store adapters write what toStoredBooking makes and read
// through fromStoredBooking; the rest of the server sees only the domain Booking of the contract.
// docs/decisions/024-domain-booking-and-stored-layout.md explains each mapping.
import {
  addMinutesToTime,
  bookedMinutes,
  childSeatCount,
  CURRENCY,
  formatDistance,
  NO_CHILD_SEATS,
  sumLines,
  formatDuration,
  type Booking,
  type BookingPaymentError,
  type BookingStatusChange,
  type ContactDetails,
  type Trip,
} from '@business-chauffeur/booking-contract';
import { staffIndexOf } from './booking-staff-index.server';
import type {
  StoredTrip,
  StoredLocation,
  StoredPerson,
  StoredBooking,
} from './stored-booking-layout.server';

export type {
  StoredTrip,
  StoredLocation,
  StoredPerson,
  StoredPaymentAttempt,
  StoredBooking,
} from './stored-booking-layout.server';

const toAud = (cents: number) => cents / 100;
const toCentsOf = (aud: number) => Math.round(aud * 100);

/** A person's five contact fields, the same in the domain and in the document. */
function person(contact: ContactDetails | StoredPerson): ContactDetails & StoredPerson {
  return {
    firstName: contact.firstName,
    lastName: contact.lastName,
    email: contact.email,
    countryCode: contact.countryCode,
    mobileNumber: contact.mobileNumber,
  };
}

function storedLocation(trip: Pick<Trip, 'pickup' | 'stops' | 'drop'>): StoredLocation {
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

/**
 * The trip as stored: without extras or luggage when it has none, as documents before they were
 * asked.
 */
function storedTrip(trip: Booking['trip']): StoredTrip {
  const { childSeats, trailer, suitcases, smallBags, ...rest } = trip;
  return {
    ...rest,
    ...(childSeatCount(childSeats) > 0 ? { childSeats } : {}),
    ...(trailer ? { trailer } : {}),
    ...(suitcases ? { suitcases } : {}),
    ...(smallBags ? { smallBags } : {}),
  };
}

function storedPaymentRef(payment: Booking['payment']): string | number {
  if (payment.providerPaymentRef !== null) return payment.providerPaymentRef;
  return payment.error ? -1 : 0;
}

/** The document the stores write for a booking. */
export function toStoredBooking(booking: Booking): StoredBooking {
  const { route, vehicle, payment } = booking;
  const trip = storedTrip(booking.trip);
  const { passenger, booker } = booking.contacts;
  return {
    id: booking.id,
    bookingId: booking.id,
    bookingReferenceId: booking.reference,
    bookingStatus: booking.status,
    bookingFee: toAud(booking.fareCents),
    isBookingLogged: true,
    selectedVehicleId: vehicle.id,
    flagForDistanceCalculation: false,
    refundAmount: booking.refundCents === null ? null : toAud(booking.refundCents),
    partnerId: booking.partner,
    ...(booking.partnerCommissionBasisPoints !== undefined
      ? { partnerCommissionBasisPoints: booking.partnerCommissionBasisPoints }
      : {}),
    userId: booking.userId,
    contactEmails: [
      ...new Set(
        [booking.contacts.passenger, booking.contacts.booker]
          .filter((contact) => contact !== null)
          .map((contact) => contact.email.trim().toLowerCase()),
      ),
    ],
    // The customer's booking wizard saves the booking when its payment step (tab 4) opens.
    pageDisplay: { currentTab: 4, nextTab: 4, stepIndicator: 4 },
    location: storedLocation(trip),
    generalDetails: {
      bookingDate: trip.date,
      bookingTime: trip.time,
      passengersCount: trip.passengers,
      expectedEndTime: addMinutesToTime(trip.time, bookedMinutes(booking.trip, route)),
      byTheHourCheck: trip.byTheHour,
      numberOfHours: trip.byTheHour ? trip.hours : 0,
      creationDate: booking.createdAt,
      modifiedDate: booking.updatedAt,
      specialInstructions: trip.notes,
    },
    distanceMatrix: {
      tollFees: toAud(sumLines(booking.fareLines.filter((line) => line.kind === 'toll'))),
      changeFlag: false,
      distance: {
        text: formatDistance(route.distanceMeters),
        value: route.distanceMeters,
        unit: 'km',
      },
      duration: {
        text: formatDuration(route.durationSeconds),
        value: Math.round(route.durationSeconds / 60),
        unit: 'minutes',
      },
    },
    vehicleSelection: {
      id: vehicle.id,
      type: vehicle.slug,
      name: vehicle.name,
      ...(vehicle.type === null ? {} : { vehicleType: vehicle.type }),
    },
    passengerDetails: {
      ...person(passenger),
      onBehalfCheck: booker !== null,
      bookingPerson: booker ? person(booker) : null,
    },
    paymentDetails: {
      amount: toAud(payment.amountCents),
      currency: CURRENCY,
      paymentRefId: storedPaymentRef(payment),
      paymentIntentId: payment.intentId ?? 0,
      provider: payment.provider,
      clientSecretHash: payment.clientSecretHash,
      error: payment.error
        ? { code: payment.error.code, description: payment.error.message, type: payment.error.type }
        : null,
    },
    quote: {
      quoteId: booking.quote.id,
      issuedAt: booking.quote.issuedAt,
      expiresAt: booking.quote.expiresAt,
      trip,
      vehicleId: vehicle.id,
      fare: toAud(booking.fareCents),
      fareCents: booking.fareCents,
      currency: CURRENCY,
      distanceMeters: route.distanceMeters,
      durationSeconds: route.durationSeconds,
      legs: route.legs,
      lines: booking.fareLines,
    },
    promoCode: booking.promoCode,
    paymentAttempts: booking.paymentAttempts.map(({ amountCents, ...attempt }) => ({
      ...attempt,
      amount: toAud(amountCents),
    })),
    cancellationRequests: booking.cancellationRequests,
    ...(booking.cancellationHandled ? { cancellationHandled: booking.cancellationHandled } : {}),
    ...(booking.refunds?.length ? { refunds: booking.refunds } : {}),
    ...(booking.calendarSequence ? { calendarSequence: booking.calendarSequence } : {}),
    ...(booking.pendingPrice ? { pendingPrice: booking.pendingPrice } : {}),
    ...(booking.alerts?.length ? { alerts: booking.alerts } : {}),
    ...(booking.paymentLinks?.length ? { paymentLinks: booking.paymentLinks } : {}),
    ...(booking.termsAcceptance ? { termsAcceptance: booking.termsAcceptance } : {}),
    ...(booking.calendarSequence || booking.adjustments?.length
      ? { fareAdjustments: booking.adjustments ?? [] }
      : {}),
    confirmationEmail: booking.confirmationEmail,
    statusHistory: booking.statusHistory,
    idempotencyKey: booking.idempotencyKey,
    requestFingerprint: booking.requestFingerprint,
    createdAt: booking.createdAt,
    updatedAt: booking.updatedAt,
    staffIndex: staffIndexOf(booking),
  };
}

/** A provider id, or null for the document's placeholders (0, -1, an empty string). */
function idOrNull(value: string | number | null | undefined): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function paymentErrorOf(
  error: StoredBooking['paymentDetails']['error'],
): BookingPaymentError | null {
  if (!error) return null;
  return { type: error.type ?? 'card_error', code: error.code, message: error.description };
}

/**
 * A document written before the history was kept: created as DRAFT, and in its current status
 * since its last change.
 */
function derivedHistory(doc: StoredBooking): BookingStatusChange[] {
  const created: BookingStatusChange = { status: 'DRAFT', at: doc.createdAt };
  return doc.bookingStatus === 'DRAFT'
    ? [created]
    : [created, { status: doc.bookingStatus, at: doc.updatedAt }];
}

/**
 * The charged fare and the adjustments of a document. Before adjustments were kept, a staff change
 * wrote the changed fare over `quote.lines` and `quote.fareCents` and left the payments as paid:
 * such a document (changed, without `fareAdjustments`, paid another amount than the fare it holds)
 * reads as charged one line of what its payments took, with the fare it holds as its first
 * adjustment, so no page or email states the changed fare as paid. It is written back in the
 * new layout on its next change.
 */
function fareOf(doc: StoredBooking): Pick<Booking, 'fareCents' | 'fareLines' | 'adjustments'> {
  const { quote } = doc;
  const lines = quote.lines ?? [
    { kind: 'fare', label: 'Fare', detail: null, amountCents: quote.fareCents },
  ];
  if (doc.fareAdjustments) {
    return {
      fareCents: quote.fareCents,
      fareLines: lines,
      ...(doc.fareAdjustments.length ? { adjustments: doc.fareAdjustments } : {}),
    };
  }
  const paid = doc.paymentAttempts
    .filter((attempt) => attempt.outcome === 'succeeded')
    .reduce((sum, attempt) => sum + toCentsOf(attempt.amount), 0);
  if (!doc.calendarSequence || paid === 0 || paid === quote.fareCents) {
    return { fareCents: quote.fareCents, fareLines: lines };
  }
  return {
    fareCents: paid,
    fareLines: [{ kind: 'fare', label: 'Fare as paid', detail: null, amountCents: paid }],
    adjustments: [
      {
        sequence: 1,
        at: doc.updatedAt,
        by: 'staff',
        reason: 'Changed by staff before changes were kept apart from the fare paid',
        lines,
        totalCents: quote.fareCents,
        differenceCents: quote.fareCents - paid,
      },
    ],
  };
}

/** The domain booking of a stored document (also one written before the domain model). */
export function fromStoredBooking(doc: StoredBooking): Booking {
  const { quote, paymentDetails: paid, passengerDetails: people } = doc;
  const booker = people.onBehalfCheck && people.bookingPerson ? person(people.bookingPerson) : null;
  return {
    id: doc.id,
    reference: doc.bookingReferenceId,
    status: doc.bookingStatus,
    statusHistory: doc.statusHistory ?? derivedHistory(doc),
    trip: {
      ...quote.trip,
      childSeats: quote.trip.childSeats ?? NO_CHILD_SEATS,
      trailer: quote.trip.trailer ?? false,
      suitcases: quote.trip.suitcases ?? 0,
      smallBags: quote.trip.smallBags ?? 0,
    },
    route: {
      distanceMeters: quote.distanceMeters,
      durationSeconds: quote.durationSeconds,
      legs: quote.legs,
    },
    vehicle: {
      id: doc.vehicleSelection.id,
      slug: doc.vehicleSelection.type,
      name: doc.vehicleSelection.name,
      type: doc.vehicleSelection.vehicleType ?? null,
    },
    contacts: { passenger: person(people), booker },
    ...fareOf(doc),
    promoCode: doc.promoCode ?? null,
    refundCents: typeof doc.refundAmount === 'number' ? toCentsOf(doc.refundAmount) : null,
    payment: {
      provider: paid.provider ?? null,
      intentId: idOrNull(paid.paymentIntentId),
      providerPaymentRef: idOrNull(paid.paymentRefId),
      clientSecretHash: paid.clientSecretHash ?? null,
      amountCents: toCentsOf(paid.amount),
      error: paymentErrorOf(paid.error),
    },
    partner: doc.partnerId ?? null,
    ...(doc.partnerCommissionBasisPoints !== undefined
      ? { partnerCommissionBasisPoints: doc.partnerCommissionBasisPoints }
      : {}),
    userId: doc.userId ?? null,
    quote: { id: quote.quoteId, issuedAt: quote.issuedAt, expiresAt: quote.expiresAt },
    paymentAttempts: doc.paymentAttempts.map(({ amount, ...attempt }) => ({
      ...attempt,
      amountCents: toCentsOf(amount),
    })),
    cancellationRequests: doc.cancellationRequests,
    ...(doc.cancellationHandled ? { cancellationHandled: doc.cancellationHandled } : {}),
    ...(doc.refunds?.length ? { refunds: doc.refunds } : {}),
    ...(doc.calendarSequence ? { calendarSequence: doc.calendarSequence } : {}),
    ...(doc.pendingPrice ? { pendingPrice: doc.pendingPrice } : {}),
    ...(doc.alerts?.length ? { alerts: doc.alerts } : {}),
    ...(doc.paymentLinks?.length ? { paymentLinks: doc.paymentLinks } : {}),
    ...(doc.termsAcceptance ? { termsAcceptance: doc.termsAcceptance } : {}),
    confirmationEmail: doc.confirmationEmail,
    idempotencyKey: doc.idempotencyKey,
    requestFingerprint: doc.requestFingerprint,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}
