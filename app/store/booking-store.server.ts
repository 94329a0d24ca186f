// The BookingStore port: where bookings and payment events are kept. Two adapters implement it:
// SQLite (embedded default) and Firestore (hosted). Both pass the one contract suite in
// tests/integration/booking-store.contract.ts.
//
// The port speaks the contract's domain Booking. Each adapter stores it in the collection's
// historical "Booking" layout through app/store/stored-booking.server.ts, the only module that
// knows that layout. Timestamps are ISO 8601 strings in UTC.
import type { Booking, BookingStatus, NewBooking } from '@business-chauffeur/booking-contract';
import { ForbiddenMutationError } from './store-errors.server';

export type { Booking, NewBooking };

/** The Firestore collection of each kind of record (bookings, paymentEvents, bookingKeys, …). */
export { COLLECTIONS } from './collections.server';

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

export interface CustomerBookingsQuery {
  userId: string;
  /** Only an email the account has proven it owns: anyone can sign up with any address. */
  verifiedEmail?: string | null;
  limit?: number;
}

/** The most bookings "My bookings" lists. */
export const MAX_CUSTOMER_BOOKINGS = 100;

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

/**
 * Runs a mutation on the current booking, as every adapter does inside its transaction: the
 * booking unchanged when the mutation returns null, else the new one, handed to `write` (the
 * adapter's write in the same transaction) once it is known to keep the id and the reference.
 */
export function applyMutation(
  current: Booking,
  mutate: BookingMutation,
  write: (next: Booking) => void,
): Booking {
  const next = mutate(current);
  if (!next) return current;
  if (next.id !== current.id || next.reference !== current.reference) {
    throw new ForbiddenMutationError('A booking mutation may not change the id or the reference.');
  }
  write(next);
  return next;
}

export interface BookingStore {
  readonly kind: 'sqlite' | 'firestore';

  /**
   * Saves a new booking with a unique reference, or returns the booking already saved
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

  /** Bookings newest first, at most `limit` (tests, tools; staff views use the queries below). */
  listBookings(options?: { limit?: number }): Promise<Booking[]>;

  /**
   * One page of the staff bookings list: the bookings the filters select, by Queensland pickup
   * date and time (then id), and how many they are in all. Selected through indexes, so it is
   * exact however many other bookings the store holds.
   */
  listStaffBookings(query: StaffBookingsQuery): Promise<StaffBookingsPage>;

  /**
   * One page of the bookings whose customer asked to cancel, drafts left out, oldest first request
   * first; `state` picks the open requests, the handled ones or both.
   */
  listCancellationRequests(query: CancellationRequestsQuery): Promise<StaffBookingsPage>;

  /**
   * One page of the bookings with an alert staff have not handled, drafts included, the oldest
   * alert first (the "Needs action" list).
   */
  listNeedingAction(query: NeedingActionQuery): Promise<StaffBookingsPage>;

  /**
   * The paid bookings by the Queensland date of their first payment, within [paidFrom, paidTo],
   * grouped by day, month or partner: how many, what was paid and what was refunded, in cents.
   * Summed in the store where it can (SQLite); Firestore reads only those bookings' amounts.
   */
  summarizePayments(query: PaymentSummaryQuery): Promise<PaymentSummaryRow[]>;

  /** The partners of the bookings other than drafts, sorted (the list's partner filter). */
  listPartners(): Promise<string[]>;

  /**
   * Fills `staffIndex` in the stored documents that have none or an older one (written before
   * the staff queries), `limit` at a time in id order: pass the returned cursor back until it is
   * null. Changes nothing else of the documents; a cancellation request marked handled only in
   * the audit log keeps that mark.
   */
  reindexBookings(options?: { cursor?: string; limit?: number }): Promise<ReindexPage>;
  /**
   * A customer's bookings for "My bookings": those made while signed in to the account, and,
   * when the account's email is verified, those whose passenger or person booking has that email
   * (any case). Newest first, at most `limit` (default and maximum 100).
   */
  listCustomerBookings(customer: CustomerBookingsQuery): Promise<Booking[]>;

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

  /**
   * Checks the store answers (readiness probes). The readiness checks live on this port because
   * taking bookings is what readiness promises; every port shares the one database.
   */
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

/** Which statuses a staff view selects: one, every one but DRAFT (the default), or all. */
export type StaffStatusFilter = BookingStatus | 'not-draft' | 'any';

/**
 * The filters of the staff bookings list. Each is a field of the stored document's `staffIndex`
 * (or a field of its own) that both adapters select by: a new filter is a new field, a condition
 * in each adapter and, on Firestore, its composite indexes (firestore.indexes.json).
 */
export interface NeedingActionQuery {
  cursor?: string;
  limit?: number;
}

export interface StaffBookingsQuery {
  status: StaffStatusFilter;
  /** Queensland pickup dates (YYYY-MM-DD), inclusive; omitted: no bound. */
  pickupFrom?: string;
  pickupTo?: string;
  /** One partner as stored, or null for the site's own booking page; omitted: any. */
  partner?: string | null;
  /** A search text (booking-search.server.ts): bookings with any of its keys. */
  search?: string;
  /** From the previous page; omitted (or one the store cannot read) for the first page. */
  cursor?: string;
  /** The page's size (default 50, at most 200). */
  limit?: number;
}

export interface CancellationRequestsQuery {
  state: 'open' | 'handled' | 'all';
  cursor?: string;
  limit?: number;
}

export interface StaffBookingsPage {
  bookings: Booking[];
  /** Where the next page starts; null on the last page. */
  cursor: string | null;
  /** How many bookings the filters select in all pages. */
  total: number;
}

export interface PaymentSummaryQuery {
  /** Queensland dates (YYYY-MM-DD) of the first payment, inclusive. */
  paidFrom: string;
  paidTo: string;
  by: 'day' | 'month' | 'partner';
}

export interface PaymentSummaryRow {
  /** The day (YYYY-MM-DD), the month (YYYY-MM) or the partner (null: the site's own page). */
  key: string | null;
  bookings: number;
  paidCents: number;
  refundedCents: number;
}

export interface ReindexPage {
  /** Documents looked at, and those written. */
  looked: number;
  updated: number;
  cursor: string | null;
}

/** The default and the largest page of a staff list. */
export const STAFF_PAGE_SIZE = 50;
export const MAX_STAFF_PAGE_SIZE = 200;

/** A page size within bounds. */
export function staffPageSize(limit: number | undefined): number {
  if (limit === undefined || !Number.isInteger(limit)) return STAFF_PAGE_SIZE;
  return Math.min(Math.max(limit, 1), MAX_STAFF_PAGE_SIZE);
}

/** A cursor of the staff lists: the last booking of a page, by its sort value and id. */
export function encodeStaffCursor(sortValue: string, id: string): string {
  return Buffer.from(JSON.stringify([sortValue, id])).toString('base64url');
}

/** The position a cursor holds; null for none, or for one that is not such a cursor. */
export function decodeStaffCursor(cursor: string | undefined): [string, string] | null {
  if (!cursor || cursor.length > 600) return null;
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as unknown;
    return Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      typeof value[1] === 'string'
      ? [value[0], value[1]]
      : null;
  } catch {
    return null;
  }
}

/** The upper bound of a pickup date range on `staffIndex.pickupAt` ("YYYY-MM-DDTHH:MM"). */
export const endOfPickupDay = (date: string) => `${date}T99:99`;
