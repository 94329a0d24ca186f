// The domain booking: what the server's booking and payment code works on. It holds the trip as
// the customer booked it, the fare in integer cents, the payment and the status with its history,
// and nothing of the stored document's legacy layout (no wizard state, no placeholder ids: a
// missing id is null). The stores map it to and from that layout in one place
// (app/store/stored-booking.server.ts; docs/decisions/024-domain-booking-and-stored-layout.md).
import type { FareLine } from './fare-lines';
import type { BookingStatus, ContactDetails, PaymentError, RouteLeg, Trip } from './schemas';
import { parseTimeOfDay } from './time';

/** Who holds a booking's payment. */
export type PaymentProvider = 'stripe' | 'sandbox';

/** A status the booking entered, and when (ISO 8601, UTC). The first entry is DRAFT. */
export interface BookingStatusChange {
  status: BookingStatus;
  at: string;
}

/** The trip as measured when it was quoted: the sums over every leg, and the legs in order. */
export interface BookingRoute {
  distanceMeters: number;
  durationSeconds: number;
  legs: RouteLeg[];
}

/** The vehicle booked: its CMS document id, its slug and the name shown to the customer. */
export interface BookingVehicle {
  id: string;
  slug: string;
  name: string;
  /** The vehicle's type (sedan, suv …) when booked; null for bookings made before it was kept. */
  type: string | null;
}

export interface BookingContacts {
  passenger: ContactDetails;
  /** The person who booked on behalf of the passenger; null when the passenger booked. */
  booker: ContactDetails | null;
}

/** A payment error as the booking keeps it: always with the provider's code. */
export type BookingPaymentError = PaymentError & { code: string };

export interface BookingPayment {
  /** Null until a payment intent exists. */
  provider: PaymentProvider | null;
  intentId: string | null;
  /** The provider's id of the payment that paid the booking; null until it is paid. */
  providerPaymentRef: string | null;
  /** SHA-256 of the intent's client secret: proves a caller is the payer, without storing it. */
  clientSecretHash: string | null;
  /** What the payment is for (the fare), or what the provider reported for the last outcome. */
  amountCents: number;
  /** Why the last payment failed; null when none failed or a later one succeeded. */
  error: BookingPaymentError | null;
}

/** The signed quote the booking was made from. */
export interface BookingQuoteRef {
  id: string;
  issuedAt: string;
  expiresAt: string;
}

/** One card attempt, from the provider's verified event: never card data beyond brand and last 4. */
export interface PaymentAttempt {
  eventId: string;
  outcome: 'succeeded' | 'failed';
  paymentIntentId: string;
  amountCents: number;
  currency: string;
  occurredAt: string;
  recordedAt: string;
  errorCode: string | null;
  errorMessage: string | null;
  cardBrand: string | null;
  cardLast4: string | null;
}

/** Cancellation is by phone; each request from the site is recorded for staff. */
export interface CancellationRequest {
  requestedAt: string;
  channel: 'website';
}

export interface ConfirmationEmailState {
  /** Set while one process sends the email, so a concurrent replay does not send it twice. */
  claimedAt: string | null;
  /** When the last copy was sent: set once every recipient has theirs. */
  sentAt: string | null;
  messageId: string | null;
  /**
   * The recipients (lower-case emails) whose copy is sent, so a retry after a failure part-way
   * sends only the missing copies. Absent on records from before copies were per recipient.
   */
  sentTo?: string[];
}

/**
 * Staff marked the customer's cancellation requests handled (the audit log keeps the same entry).
 * A request made after `at` is open again.
 */
export interface CancellationHandled {
  /** When (ISO 8601, UTC). */
  at: string;
  /** The staff member's email. */
  by: string;
  /** What they wrote with it; empty when nothing. */
  note: string;
}

/**
 * One refund of a booking. Recorded as `pending` before the payment provider is asked (so two
 * refunds at once can never add up to more than was paid), `succeeded` once it has refunded; a
 * refund the provider refused is taken off again.
 */
export interface BookingRefund {
  /** The request's key, also the provider's idempotency key: one refund per key. */
  key: string;
  amountCents: number;
  /** Why, as staff gave it (or "Refunded at the payment provider" for a reconciled one). */
  reason: string;
  /** Who: the staff member's email, or "payment provider". */
  by: string;
  requestedAt: string;
  status: 'pending' | 'succeeded';
  /** The provider's refund id, once it has answered. */
  providerRefundId: string | null;
}

export interface Booking {
  /** The store's document id. */
  id: string;
  /** The booking number customers quote: base-36 uppercase timestamp, 8 to 12 characters. */
  reference: string;
  status: BookingStatus;
  statusHistory: BookingStatusChange[];
  /** Places in order (pickup, stops, drop), Queensland date and time, passengers, hours, notes. */
  trip: Trip;
  route: BookingRoute;
  vehicle: BookingVehicle;
  contacts: BookingContacts;
  /** What the customer pays, in cents (AUD): the sum of `fareLines`, any discount included. */
  fareCents: number;
  /**
   * The server's lines for the trip and vehicle, as quoted (fare, surcharges, extras, tolls), with
   * a promo code's discount line once one is applied.
   */
  fareLines: FareLine[];
  /** The promo code applied, upper case; null when none is. */
  promoCode: string | null;
  /** What staff refunded, in cents; null when nothing was. The sum of `refunds`. */
  refundCents: number | null;
  /** Each refund staff made (or that the provider reported), oldest first; absent when none. */
  refunds?: BookingRefund[];
  payment: BookingPayment;
  /** The partner whose site the booking came from; null for the site's own booking page. */
  partner: string | null;
  /** The signed-in customer who booked, if any. */
  userId: string | null;
  quote: BookingQuoteRef;
  paymentAttempts: PaymentAttempt[];
  cancellationRequests: CancellationRequest[];
  /** The latest time staff marked the cancellation requests handled; absent until they first do. */
  cancellationHandled?: CancellationHandled;
  confirmationEmail: ConfirmationEmailState;
  /**
   * How many times staff changed the trip (date, time, passengers, notes): the calendar file's
   * SEQUENCE, so a calendar replaces the event it has. Absent until the first change.
   */
  calendarSequence?: number;
  /** Same key, same booking: a double submission never makes a second booking. */
  idempotencyKey: string;
  /** Hash of the request the key was first used with; another request with the key is refused. */
  requestFingerprint: string;
  createdAt: string;
  updatedAt: string;
}

/** A booking as the caller builds it; the store assigns its id and reference. */
export type NewBooking = Omit<Booking, 'id' | 'reference'>;

/** The booking with a new status, its history extended; unchanged when the status is the same. */
export function withStatus(booking: Booking, status: BookingStatus, at: string): Booking {
  if (booking.status === status) return booking;
  return { ...booking, status, statusHistory: [...booking.statusHistory, { status, at }] };
}

/** What the customer paid, in cents: the payments that succeeded. */
export function paidCents(booking: Pick<Booking, 'paymentAttempts'>): number {
  return booking.paymentAttempts
    .filter((attempt) => attempt.outcome === 'succeeded')
    .reduce((sum, attempt) => sum + attempt.amountCents, 0);
}

/** How long the booking holds the car, in minutes: the hours booked, else the measured duration. */
export function bookedMinutes(
  trip: Pick<Trip, 'byTheHour' | 'hours'>,
  route: Pick<BookingRoute, 'durationSeconds'>,
): number {
  return trip.byTheHour
    ? Math.round(trip.hours * 60)
    : Math.max(1, Math.round(route.durationSeconds / 60));
}

/** HH:MM `minutes` after a HH:MM time, on a 24-hour clock (the day rolls over silently). */
export function addMinutesToTime(time: string, minutes: number): string {
  const start = parseTimeOfDay(time) ?? 0;
  const total = (((start + Math.round(minutes)) % 1440) + 1440) % 1440;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}
