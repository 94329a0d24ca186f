// The fields the staff views select and sum bookings by, derived from the domain booking each time
// the booking is written and kept in the stored document as `staffIndex`: the bookings list (by
// status, pickup day, partner and search keys), the cancellation requests and the money report.
// Both stores query them through indexes (SQLite: generated columns and a key table, migration 12
// in sqlite-migrations.server.ts; Firestore: the composite indexes of firestore.indexes.json), so
// no number of other bookings changes what a view finds
// (docs/decisions/043-staff-views-query-the-store.md).
import {
  openAlerts,
  paidCents,
  todayInBrisbane,
  type Booking,
  type CancellationHandled,
} from '@business-chauffeur/booking-contract';
import { bookingSearchKeys } from './booking-search.server';

/** The audit log's action of marking a booking's cancellation requests handled. */
export const CANCELLATION_HANDLED_ACTION = 'cancellation-request';

/** Raised when what the index holds, or how it is derived, changes: older documents are refilled. */
export const STAFF_INDEX_VERSION = 2;

export interface StaffIndex {
  version: number;
  /** False for an unpaid draft: staff views leave drafts out unless asked for them. */
  listed: boolean;
  /** The Queensland pickup date and time, "YYYY-MM-DDTHH:MM": the order of the bookings list. */
  pickupAt: string;
  /** What a staff search finds the booking by (booking-search.server.ts). */
  searchKeys: string[];
  /** Where staff are with the customer's cancellation requests; null when there is none. */
  cancellation: 'open' | 'handled' | null;
  /** The first request (ISO): the order of the cancellation requests. Null when there is none. */
  cancellationRequestedAt: string | null;
  /** The Queensland date of the first succeeded payment; null when nothing was paid. */
  paidOn: string | null;
  /** What was paid and what was refunded of it (pending refunds included), in cents. */
  paidCents: number;
  refundedCents: number;
  /**
   * When the oldest alert staff have not handled was raised (ISO), a payment of another amount,
   * say (booking-alerts.server.ts); null when nothing needs action. Drafts count too: such a
   * payment leaves its booking unconfirmed.
   */
  alertSince: string | null;
}

/** The Queensland date (YYYY-MM-DD) of an instant (an ISO 8601 timestamp). */
export function queenslandDateOf(iso: string): string {
  return todayInBrisbane(new Date(iso));
}

/** The Queensland date of a booking's first succeeded payment; null when it was never paid. */
export function paymentDate(booking: Pick<Booking, 'paymentAttempts'>): string | null {
  const first = booking.paymentAttempts
    .filter((attempt) => attempt.outcome === 'succeeded')
    .map((attempt) => attempt.occurredAt)
    .sort()[0];
  return first ? queenslandDateOf(first) : null;
}

/** The latest of some ISO times. */
function latest(times: string[]): string {
  return times.reduce((a, b) => (Date.parse(b) > Date.parse(a) ? b : a));
}

/** When the customer last asked to cancel (ISO); null when they never did. */
export function latestRequestAt(booking: Pick<Booking, 'cancellationRequests'>): string | null {
  const times = booking.cancellationRequests.map((request) => request.requestedAt);
  return times.length > 0 ? latest(times) : null;
}

/**
 * Where staff are with a booking's cancellation requests: handled when they marked them handled
 * after the latest one, open otherwise (a customer who asks again is open again); null when the
 * customer never asked.
 */
export function cancellationState(
  booking: Pick<Booking, 'cancellationRequests' | 'cancellationHandled'>,
): StaffIndex['cancellation'] {
  if (booking.cancellationRequests.length === 0) return null;
  const handled = booking.cancellationHandled;
  if (!handled) return 'open';
  const asked = latest(booking.cancellationRequests.map((request) => request.requestedAt));
  return Date.parse(asked) < Date.parse(handled.at) ? 'handled' : 'open';
}

/**
 * The handled mark of a booking whose requests were marked handled before the booking kept the
 * mark (only the audit log did): its latest "handled" entry, when that is newer than the latest
 * request; null otherwise.
 */
export function handledFromAudit(
  booking: Pick<Booking, 'cancellationRequests'>,
  entries: readonly { action: string; at: string; by: string; note: string }[],
): CancellationHandled | null {
  const marks = entries.filter((entry) => entry.action === CANCELLATION_HANDLED_ACTION);
  if (marks.length === 0 || booking.cancellationRequests.length === 0) return null;
  const last = marks.reduce((a, b) => (Date.parse(b.at) >= Date.parse(a.at) ? b : a));
  const asked = latest(booking.cancellationRequests.map((request) => request.requestedAt));
  return Date.parse(asked) < Date.parse(last.at)
    ? { at: last.at, by: last.by, note: last.note }
    : null;
}

export function staffIndexOf(booking: Booking): StaffIndex {
  const paid = paidCents(booking);
  const firstRequest = booking.cancellationRequests.map((request) => request.requestedAt).sort()[0];
  return {
    version: STAFF_INDEX_VERSION,
    listed: booking.status !== 'DRAFT',
    pickupAt: `${booking.trip.date}T${booking.trip.time}`,
    searchKeys: bookingSearchKeys(booking),
    cancellation: cancellationState(booking),
    cancellationRequestedAt: firstRequest ?? null,
    paidOn: paid > 0 ? paymentDate(booking) : null,
    paidCents: paid,
    refundedCents: booking.refundCents ?? 0,
    alertSince:
      openAlerts(booking)
        .map((alert) => alert.at)
        .sort()[0] ?? null,
  };
}
