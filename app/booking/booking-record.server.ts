// Pure mappings between the booking API and the domain booking: the booking a verified quote and
// a valid booking request make, and the view of a booking its owner may see.
import type {
  Booking,
  BookingView,
  ContactDetails,
  NewBooking,
  ValidBookingRequest,
} from '@business-chauffeur/booking-contract';
import {
  CURRENCY,
  currentFare,
  fareBalanceCents,
  gstIncludedCents,
  nationalDigits,
} from '@business-chauffeur/booking-contract';
import type { QuotedVehicle, QuotePayload } from './quote-token.server';

export interface NewBookingInput {
  quote: QuotePayload;
  vehicle: QuotedVehicle;
  request: ValidBookingRequest;
  idempotencyKey: string;
  requestFingerprint: string;
  partner: string | null;
  /** The partner record's commission rate, when the booking came through one (see Booking). */
  partnerCommissionBasisPoints?: number | null;
  userId: string | null;
  now: Date;
}

/**
 * A contact as kept: the mobile number as the digits after the country code (no spaces, no trunk
 * 0 after +61), so the country code and the number together are the E.164 number ("+61" and
 * "412345678": +61412345678). Documents written before keep what was typed; every display goes
 * through formatPhone, which reads both.
 */
function storedContact(contact: ContactDetails): ContactDetails {
  const countryCode = contact.countryCode.trim();
  return {
    ...contact,
    countryCode,
    mobileNumber: nationalDigits(countryCode, contact.mobileNumber),
  };
}

/** The booking POST /api/bookings saves, status DRAFT, before its payment exists. */
export function buildNewBooking(input: NewBookingInput): NewBooking {
  const { quote, vehicle, request, now } = input;
  const at = now.toISOString();
  return {
    status: 'DRAFT',
    statusHistory: [{ status: 'DRAFT', at }],
    trip: quote.trip,
    route: {
      distanceMeters: quote.distanceMeters,
      durationSeconds: quote.durationSeconds,
      legs: quote.legs,
    },
    vehicle: { id: vehicle.id, slug: vehicle.slug, name: vehicle.title, type: vehicle.type },
    contacts: {
      passenger: storedContact(request.passenger),
      booker:
        request.onBehalf && request.bookingPerson ? storedContact(request.bookingPerson) : null,
    },
    fareCents: vehicle.fareCents,
    fareLines: vehicle.lines,
    promoCode: null,
    refundCents: null,
    payment: {
      provider: null,
      intentId: null,
      providerPaymentRef: null,
      clientSecretHash: null,
      amountCents: vehicle.fareCents,
      error: null,
    },
    partner: input.partner,
    ...(input.partnerCommissionBasisPoints !== undefined
      ? { partnerCommissionBasisPoints: input.partnerCommissionBasisPoints }
      : {}),
    userId: input.userId,
    quote: {
      id: quote.quoteId,
      issuedAt: new Date(quote.issuedAt).toISOString(),
      expiresAt: new Date(quote.expiresAt).toISOString(),
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

/** The statuses of a booking that stands, whose changes may leave money to settle. */
const STANDING = new Set<Booking['status']>(['CONFIRMED', 'COMPLETED', 'NO_SHOW']);

/**
 * The fare as it is after staff changes, and what they leave to settle, for a standing booking
 * whose fare was changed; null otherwise (docs/decisions/041-fare-adjustments-after-payment.md).
 */
function fareNowOf(booking: Booking): BookingView['fareNow'] {
  if (!booking.adjustments?.length || !STANDING.has(booking.status)) return null;
  const fare = currentFare(booking);
  return {
    lines: fare.lines,
    totalCents: fare.totalCents,
    gstCents: gstIncludedCents(fare.totalCents),
    balanceCents: fareBalanceCents(booking),
  };
}

/** The booking as its owner sees it after a lookup (no payment ids, contact details or notes kept back). */
export function toBookingView(booking: Booking): BookingView {
  const refund = booking.refundCents ?? 0;
  const [firstRequest] = booking.cancellationRequests;
  return {
    bookingReferenceId: booking.reference,
    status: booking.status,
    trip: booking.trip,
    distanceMeters: booking.route.distanceMeters,
    durationSeconds: booking.route.durationSeconds,
    vehicle: { id: booking.vehicle.id, title: booking.vehicle.name },
    passenger: {
      firstName: booking.contacts.passenger.firstName,
      lastName: booking.contacts.passenger.lastName,
    },
    // What was charged: the lines' sum, so the lines always add up to the total shown.
    totalCents: booking.fareCents,
    currency: CURRENCY,
    lines: booking.fareLines,
    gstCents: gstIncludedCents(booking.fareCents),
    fareNow: fareNowOf(booking),
    refundedCents: refund > 0 ? refund : null,
    cancellationRequestedAt: firstRequest?.requestedAt ?? null,
  };
}

/** True when `email` is the passenger's, or the booking person's (both got the confirmation). */
export function bookingHasEmail(booking: Booking, email: string): boolean {
  const wanted = email.trim().toLowerCase();
  const { passenger, booker } = booking.contacts;
  return (
    passenger.email.trim().toLowerCase() === wanted ||
    (booker?.email.trim().toLowerCase() ?? null) === wanted
  );
}

/** The booking stamped as changed at `at` (an ISO time). */
export function touched(booking: Booking, at: string): Booking {
  return { ...booking, updatedAt: at };
}
