// The domain booking: what the server's booking and payment code works on. It holds the trip as
// the customer booked it, the fare in integer cents, the payment and the status with its history,
// and nothing of the stored document's legacy layout (no wizard state, no placeholder ids: a
// missing id is null). The stores map it to and from that layout in one place
// (app/store/stored-booking.server.ts; docs/decisions/024-domain-booking-and-stored-layout.md).
import type { FareLine } from './fare-lines';
import type { BookingStatus, ContactDetails, PaymentError } from './booking-schemas';
import type { RouteLeg, Trip } from './quote-schemas';
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
  /**
   * The part of the refund that paid back money due to the customer after a staff change lowered
   * the fare (at most what was due back when it was made); absent when none was due.
   */
  dueBackCents?: number;
  /**
   * The charges it was refunded from, newest first, each never above what is left of that charge
   * (a booking whose balance was paid by link has more than one). Absent on refunds made before
   * refunds were split by charge: those went to the booking's first payment.
   */
  charges?: RefundCharge[];
}

/** The part of a refund taken from one charge (one successful payment intent). */
export interface RefundCharge {
  paymentIntentId: string;
  amountCents: number;
  /** The provider's refund id for this part, once it has answered. */
  providerRefundId: string | null;
}

/**
 * A staff change that moved the fare of a paid booking. What was charged is never rewritten
 * (`fareLines` and `fareCents` stay as paid): each change at another price is one adjustment, with
 * the fare as it is after the change, the difference from the fare before it, who, when and why.
 * A tax invoice states what was paid; each adjustment is the customer's adjustment note
 * (docs/decisions/041-fare-adjustments-after-payment.md).
 */
export interface FareAdjustment {
  /** 1 for the first change, then 2 …: the adjustment note's number is `REFERENCE-A1` … */
  sequence: number;
  /** When staff applied the change (ISO 8601, UTC): the adjustment note's date. */
  at: string;
  /** The staff member's email. */
  by: string;
  /** Why, as staff gave it: the adjustment note's reason. */
  reason: string;
  /** The fare after the change, line by line; `totalCents` is their sum. */
  lines: FareLine[];
  totalCents: number;
  /** `totalCents` minus the fare before the change (the charged fare, or the last adjustment's). */
  differenceCents: number;
}

/**
 * A price being given to an unpaid booking (a promo code applied) while the payment's amount at
 * the provider is changed: it holds the booking's lease on such changes (one at a time, until
 * `leaseUntil`), and a payment for its total is this price's, however the change ended
 * (docs/decisions/039-promo-codes-one-change-per-booking.md).
 */
export interface PendingPrice {
  /** Who holds the lease: the change that wrote it. */
  token: string;
  code: string | null;
  lines: FareLine[];
  totalCents: number;
  since: string;
  leaseUntil: string;
}

/** What a booking alert is about. */
export type BookingAlertKind =
  /** A verified payment for another amount than the booking's price. */
  | 'payment_amount_differs'
  /** A payment at a promo code's price recorded past what the code allows. */
  | 'promo_code_overused';

/**
 * Something only staff can settle, recorded on the booking when it happens and shown to staff
 * until someone marks it handled (docs/decisions/040-payments-that-need-staff.md).
 */
export interface BookingAlert {
  /** Unique within the booking (the event or change it came from). */
  id: string;
  kind: BookingAlertKind;
  at: string;
  /** What happened, in a sentence staff read. */
  detail: string;
  /** The amount concerned (the payment's), in cents; null when none. */
  amountCents: number | null;
  handledAt: string | null;
  handledBy: string | null;
  /** What staff did about it. */
  handledNote: string | null;
}

/**
 * A payment link staff send the customer (docs/decisions/059-payment-links.md): for a booking
 * taken by phone, it pays the booking's own payment (`booking`); after a change made the fare
 * higher, it pays what is owed with a payment of its own beside the original charge (`balance`).
 * The link's address holds a secret of which only the SHA-256 is kept. A link is single-use,
 * works until `expiresAt` (48 hours, or the pickup if sooner) and stops working once staff send a
 * newer one (`replacedAt`).
 */
export interface PaymentLink {
  /** Random, unique within the booking; names the link in the provider's idempotency key. */
  id: string;
  purpose: 'booking' | 'balance';
  /** SHA-256 (hex) of the secret in the link's address. */
  tokenHash: string;
  /** What the link pays, in cents: the fare (booking) or the balance owed when it was sent. */
  amountCents: number;
  createdAt: string;
  /** The staff member's email. */
  createdBy: string;
  expiresAt: string;
  /** When staff sent a newer link; null while this one is the booking's current link. */
  replacedAt: string | null;
  /** The balance link's own payment intent, once the customer opened it; null before. */
  intentId: string | null;
  /** When the link's payment succeeded (a balance link's: the balance it settled); null until then. */
  paidAt: string | null;
}

/** The customer's agreement to the policies, as the booking keeps it. */
export interface TermsAcceptance {
  at: string;
  /**
   * The revision of each policy agreed to, from the CMS ("termsAndConditions@<_rev>;
   * cancellationPolicy@<_rev>"; a hash of the document where the CMS gives none).
   */
  revision: string;
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
  /**
   * The commission rate of the partner staff manage that the booking came through, as its record
   * had it when the booking was made (hundredths of a percent; null: no commission), so a later
   * change of rate leaves the booking's commission as it was. Absent on bookings made before
   * rates were kept and on bookings from a PARTNER_ORIGINS origin (no record).
   */
  partnerCommissionBasisPoints?: number | null;
  /** The signed-in customer who booked, if any. */
  userId: string | null;
  quote: BookingQuoteRef;
  paymentAttempts: PaymentAttempt[];
  cancellationRequests: CancellationRequest[];
  /** The latest time staff marked the cancellation requests handled; absent until they first do. */
  cancellationHandled?: CancellationHandled;
  confirmationEmail: ConfirmationEmailState;
  /** Each staff change after payment that moved the fare, oldest first; absent until one does. */
  adjustments?: FareAdjustment[];
  /**
   * How many times staff changed the trip (date, time, passengers, notes) or cancelled it: the
   * calendar file's SEQUENCE, so a calendar replaces (or removes) the event it has. Absent until
   * the first change.
   */
  calendarSequence?: number;
  /** A price change under way (a promo code being applied); absent or null when none is. */
  pendingPrice?: PendingPrice | null;
  /** What staff must look at, oldest first; absent when nothing ever needed them. */
  alerts?: BookingAlert[];
  /** The payment links staff sent, oldest first; absent when none was. */
  paymentLinks?: PaymentLink[];
  /**
   * When the customer agreed to the Terms and conditions and the Cancellation policy before
   * paying, and which revision of them; absent for a booking paid without it (made before the
   * question was asked, or by staff).
   */
  termsAcceptance?: TermsAcceptance;
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

/** The alerts of a booking that no one has marked handled. */
export function openAlerts(booking: Pick<Booking, 'alerts'>): BookingAlert[] {
  return (booking.alerts ?? []).filter((alert) => alert.handledAt === null);
}
