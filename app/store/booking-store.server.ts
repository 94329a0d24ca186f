// The BookingStore port: where bookings, payment events (and, from issue 6, users, feedback and
// chauffeur applications) are kept. Two adapters implement it: SQLite (embedded default) and
// Firestore (hosted). Both pass the one contract suite in tests/integration/booking-store.contract.ts.
//
// Booking documents keep the field names of the specification's "Booking" entity (spec §3), so
// staff tools built on the old document model keep reading them, plus what a server-authoritative
// flow needs: partner, quote, payment attempts, cancellation requests, confirmation email state,
// idempotency key and timestamps. Timestamps are ISO 8601 strings in UTC.
import type { Trip } from '@business-chauffeur/booking-contract';

/** The Firestore collection (and SQLite table) of each kind of record. */
export const COLLECTIONS = {
  bookings: 'bookings',
  paymentEvents: 'paymentEvents',
  /** Reference and idempotency-key reservations that make both unique across instances. */
  bookingKeys: 'bookingKeys',
  users: 'users',
  userFeedback: 'userFeedback',
  applications: 'applications',
  /** One small document per server instance, rewritten by the readiness write probe. */
  health: 'health',
} as const;

export type BookingStatus = 'DRAFT' | 'CONFIRMED' | 'REJECTED';

export interface BookingLocation {
  pickupLocation: string;
  fromPlaceId: string;
  dropLocation: string;
  toPlaceId: string;
  fromLocationFlag: boolean;
  stopLocation: string;
  stopPlaceId: string;
  stopLocationFlag: boolean;
  stopLocation2: string;
  stopPlaceId2: string;
  stopLocationFlag2: boolean;
  stopLocation3: string;
  stopPlaceId3: string;
  stopLocationFlag3: boolean;
  stopLocation4: string;
  stopPlaceId4: string;
  stopLocationFlag4: boolean;
}

export interface BookingPerson {
  firstName: string;
  lastName: string;
  email: string;
  mobileNumber: string;
  countryCode: string;
}

export interface PassengerDetails extends BookingPerson {
  onBehalfCheck: boolean;
  /** The person who booked when booking on behalf of the passenger; null otherwise. */
  bookingPerson: BookingPerson | null;
}

export interface PaymentError {
  code: string;
  description: string;
  /** The provider's error type (`card_error`, …): decides whether its message may be shown. */
  type?: string;
}

export interface PaymentDetails {
  /** AUD, the server's fare (never a client's figure). */
  amount: number;
  currency: 'AUD';
  /** Spec: 0 until paid, the provider's payment id when CONFIRMED, -1 after a failed payment. */
  paymentRefId: string | number;
  /** Spec: 0 until a payment intent is created. */
  paymentIntentId: string | number;
  /** The payment provider that holds the intent. */
  provider: 'stripe' | 'sandbox' | null;
  /** SHA-256 of the intent's client secret: proves a caller is the one paying, without storing it. */
  clientSecretHash: string | null;
  error: PaymentError | null;
}

/** What the server measured and priced when it issued the quote the booking was made from. */
export interface BookingQuote {
  /** Id of the signed quote token the customer presented. */
  quoteId: string;
  issuedAt: string;
  expiresAt: string;
  /** The trip exactly as quoted: places, stops, Queensland date and time, passengers, hours. */
  trip: Trip;
  vehicleId: string;
  fare: number;
  fareCents: number;
  currency: 'AUD';
  /** Sums over every leg (decision 8). */
  distanceMeters: number;
  durationSeconds: number;
  legs: { distanceMeters: number; durationSeconds: number }[];
}

/** One card attempt, from the provider's verified event: never card data beyond brand and last 4. */
export interface PaymentAttempt {
  eventId: string;
  outcome: 'succeeded' | 'failed';
  paymentIntentId: string;
  amount: number;
  currency: string;
  occurredAt: string;
  recordedAt: string;
  errorCode: string | null;
  errorMessage: string | null;
  cardBrand: string | null;
  cardLast4: string | null;
}

/** Decision 16: cancellation is by phone, and each request from the site is recorded for staff. */
export interface CancellationRequest {
  requestedAt: string;
  channel: 'website';
}

export interface ConfirmationEmailState {
  /** Set while one process sends the email, so a concurrent replay does not send it twice. */
  claimedAt: string | null;
  sentAt: string | null;
  messageId: string | null;
}

export interface Booking {
  /** The store's document id (the specification's bookingId). */
  id: string;
  bookingId: string;
  /** Decision 4: base-36 uppercase timestamp, unique, 8 to 12 characters. */
  bookingReferenceId: string;
  bookingStatus: BookingStatus;
  /** The fare of the selected vehicle in AUD. */
  bookingFee: number;
  isBookingLogged: boolean;
  selectedVehicleId: string;
  flagForDistanceCalculation: boolean;
  /** AUD refunded by staff; shown by the lookup when above 0. */
  refundAmount: number | null;
  /** The partner whose site the booking came from; null for the site's own /booking page. */
  partnerId: string | null;
  /** The signed-in customer who booked, if any. */
  userId: string | null;
  /** The wizard's step indicators when the booking was saved (the payment step, spec §4). */
  pageDisplay: { currentTab: number; nextTab: number; stepIndicator: number };
  location: BookingLocation;
  generalDetails: {
    /** YYYY-MM-DD, Queensland. */
    bookingDate: string;
    /** HH:MM (24-hour), Queensland. */
    bookingTime: string;
    passengersCount: number;
    /** HH:MM, Queensland: pickup plus the measured duration (or the hours booked). */
    expectedEndTime: string;
    byTheHourCheck: boolean;
    numberOfHours: number;
    creationDate: string;
    modifiedDate: string;
    specialInstructions: string;
  };
  distanceMatrix: {
    tollFees: number;
    changeFlag: boolean;
    distance: { text: string; value: number; unit: 'km' };
    duration: { text: string; value: number; unit: 'minutes' };
  };
  vehicleSelection: { id: string; type: string; name: string };
  passengerDetails: PassengerDetails;
  paymentDetails: PaymentDetails;
  quote: BookingQuote;
  paymentAttempts: PaymentAttempt[];
  cancellationRequests: CancellationRequest[];
  confirmationEmail: ConfirmationEmailState;
  /** Same key, same booking: a double submission never makes a second booking. */
  idempotencyKey: string;
  /** Hash of the request the key was first used with; another request with the key is refused. */
  requestFingerprint: string;
  createdAt: string;
  updatedAt: string;
}

/** A booking as the caller builds it; the store assigns id, bookingId and bookingReferenceId. */
export type NewBooking = Omit<Booking, 'id' | 'bookingId' | 'bookingReferenceId'>;

/** A payment provider event, kept so a replayed event is recognised and changes nothing. */
export interface PaymentEventRecord {
  /** The provider's event id (Stripe `evt_…`, sandbox `evt_sandbox_…`). */
  id: string;
  type: string;
  bookingId: string | null;
  /** When the provider created the event. */
  occurredAt: string;
  receivedAt: string;
}

export interface CreateBookingResult {
  booking: Booking;
  /** False when a booking with the same idempotency key already existed (a double submission). */
  created: boolean;
}

export interface PaymentEventResult {
  /** True when the event id had been recorded before: nothing was changed. */
  duplicate: boolean;
  /** The booking after the event (unchanged for a duplicate); null when it does not exist. */
  booking: Booking | null;
  /** The booking before the event; null for a duplicate or a missing booking. */
  previous: Booking | null;
}

/**
 * A change to one booking, run inside the store's transaction: it gets the current document and
 * returns the new one, or null to leave it unchanged. It must be pure (no I/O, no side effects):
 * a store may run it again when a concurrent write forces a retry.
 */
export type BookingMutation = (current: Booking) => Booking | null;

export interface BookingStore {
  readonly kind: 'sqlite' | 'firestore';

  /**
   * Saves a new booking with a unique reference (decision 4), or returns the booking already saved
   * with the same idempotency key. Throws IdempotencyConflictError when that key was used with a
   * different request.
   */
  createBooking(booking: NewBooking): Promise<CreateBookingResult>;

  getBooking(id: string): Promise<Booking | null>;

  findBookingByReference(bookingReferenceId: string): Promise<Booking | null>;

  /** Applies a mutation atomically; returns the booking after it, or null when there is none. */
  updateBooking(id: string, mutate: BookingMutation): Promise<Booking | null>;

  /**
   * Records a payment event and applies its mutation in one transaction, unless the event id was
   * recorded before: then nothing changes and `duplicate` is true.
   */
  recordPaymentEvent(
    event: PaymentEventRecord,
    mutate: BookingMutation,
  ): Promise<PaymentEventResult>;

  /** Bookings newest first (staff tools, tests). */
  listBookings(options?: { limit?: number }): Promise<Booking[]>;

  /**
   * Bookings created at or after `since` (an ISO time), newest first, at most `limit`: the window
   * the payment reconciliation looks through (app/booking/reconcile.server.ts).
   */
  listBookingsCreatedSince(since: string, options?: { limit?: number }): Promise<Booking[]>;

  /**
   * One page of the bookings the payment reconciliation must look at, created in
   * [createdSince, createdBefore): DRAFT or REJECTED ones that hold a payment intent (a payment may
   * have succeeded without its webhook), and CONFIRMED ones whose confirmation email was not sent.
   * Selected by status and time, never "the newest N", so no number of other bookings can hide
   * one; pass the returned cursor back for the next page until it is null.
   */
  listUnsettledBookings(options: UnsettledBookingsQuery): Promise<UnsettledBookingsPage>;

  /** Creates or replaces the profile of an account (spec §3 "User profile"), keyed by its id. */
  saveUserProfile(profile: UserProfile): Promise<void>;

  getUserProfile(id: string): Promise<UserProfile | null>;

  /** Saves one Feedback & Complaints message (spec §3 "Feedback") and assigns its id. */
  addFeedback(feedback: NewFeedback): Promise<FeedbackRecord>;

  /** Feedback newest first (staff tools, tests). */
  listFeedback(options?: { limit?: number }): Promise<FeedbackRecord[]>;

  /** Saves one chauffeur or contractor application (decision 10) and assigns its id. */
  addApplication(application: NewApplication): Promise<ApplicationRecord>;

  /** Applications newest first (staff tools, tests). */
  listApplications(options?: { limit?: number }): Promise<ApplicationRecord[]>;

  /** Checks the store answers (readiness probes). */
  ping(): Promise<void>;

  /**
   * Writes one small health record for this instance: proves the store takes writes (a full or
   * read-only disk answers reads but fails bookings). Readiness runs it, rate-limited.
   */
  probeWrite(): Promise<void>;

  close(): Promise<void>;
}

export interface UnsettledBookingsQuery {
  /** ISO time: bookings created at or after it. */
  createdSince: string;
  /** ISO time: bookings created before it (default: no bound). */
  createdBefore?: string;
  /** From the previous page; omitted for the first. */
  cursor?: string;
  /** The most bookings the store looks at for this page (default 200). */
  limit?: number;
}

export interface UnsettledBookingsPage {
  /** Oldest first; may be shorter than the limit even when more pages follow. */
  bookings: Booking[];
  /** Where the next page starts; null when there is none. */
  cursor: string | null;
}

/** A user profile (spec §3, collection users), keyed by the account id of the Accounts port. */
export interface UserProfile {
  id: string;
  firstName: string;
  lastName: string;
  /** Lower case. */
  email: string;
  createdAt: string;
}

/** A Feedback & Complaints message (spec §3, collection userFeedback), with the spec's fields. */
export interface FeedbackRecord {
  id: string;
  /** The signed-in sender's account id; null for a guest. */
  userId: string | null;
  firstName: string;
  lastName: string;
  subject: string;
  message: string;
  contact: { email: string; phone: string };
  /** When it was submitted. */
  creationDate: string;
}

export type NewFeedback = Omit<FeedbackRecord, 'id'>;

/** An application to drive for the business (decision 10, collection applications). */
export interface ApplicationRecord {
  id: string;
  /** JOIN AS A CHAUFFEUR, or JOIN AS A CONTRACTOR (with their own vehicle). */
  type: 'chauffeur' | 'contractor';
  /** A service area (CMS), such as "Brisbane". */
  city: string;
  experience: { years: number; details: string };
  personal: { firstName: string; lastName: string; dateOfBirth: string };
  licence: { number: string; class: string; state: string; expiry: string };
  /** Queensland driver authority; null when the applicant does not hold one yet. */
  driverAuthority: { number: string; expiry: string } | null;
  address: { street: string; suburb: string; state: string; postcode: string };
  contact: { email: string; mobile: string };
  /** The signed-in applicant's account id; null for a guest. */
  userId: string | null;
  createdAt: string;
}

export type NewApplication = Omit<ApplicationRecord, 'id'>;

/** The idempotency key was already used for a different booking request. */
export class IdempotencyConflictError extends Error {
  override name = 'IdempotencyConflictError';
}

/** The store could not be reached or refused the operation; the caller shows a clear error. */
export class StoreUnavailableError extends Error {
  override name = 'StoreUnavailableError';
}
