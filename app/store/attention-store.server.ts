// The AttentionStore port: which bookings have news for staff that nobody has looked at yet (a
// new paid booking, one for the same day, a cancellation request, a change). Raised by the
// staff-notice jobs' enqueuer (app/notify/staff-notices.server.ts), shown on the run sheet until
// a staff member opens the booking's page, which marks it seen
// (docs/decisions/058-notifications.md). One record per booking, keyed by its id: the reasons
// raised since it was last seen, and who saw it when.
//
// Two adapters on the store's database: the `booking_attention` table of the SQLite file
// (migration 16) and the `bookingAttention` collection of Firestore, each raise and each mark a
// read and a write in one transaction. Both pass tests/integration/attention-store.contract.ts.

export type AttentionReason = 'new-booking' | 'same-day' | 'cancellation-request' | 'change';

export interface Attention {
  bookingId: string;
  /** Why, since it was last seen (in the order raised, each once). */
  reasons: AttentionReason[];
  /** The latest raise. */
  raisedAt: string;
  /** Null while nobody has opened the booking since the latest raise. */
  seenAt: string | null;
  seenBy: string | null;
}

export interface AttentionStore {
  readonly kind: 'sqlite' | 'firestore';
  /** The booking has news for staff: unseen (again) until someone opens it. */
  raise(bookingId: string, reason: AttentionReason, at: string): Promise<Attention>;
  /** A staff member opened the booking; true when it was unseen until now. */
  markSeen(bookingId: string, by: string, at: string): Promise<boolean>;
  /** The unseen records among these bookings, in no set order. */
  listUnseen(bookingIds: readonly string[]): Promise<Attention[]>;
  close(): Promise<void>;
}

/** The record after a raise: reasons since the last time it was seen, this one added. */
export function raised(
  current: Attention | null,
  bookingId: string,
  reason: AttentionReason,
  at: string,
): Attention {
  const before = current && current.seenAt === null ? current.reasons : [];
  return {
    bookingId,
    reasons: before.includes(reason) ? before : [...before, reason],
    raisedAt: current && current.raisedAt > at ? current.raisedAt : at,
    seenAt: null,
    seenBy: null,
  };
}

/** The record after a staff member opened the booking; null when there was nothing unseen. */
export function seen(current: Attention | null, by: string, at: string): Attention | null {
  if (!current || current.seenAt !== null) return null;
  return { ...current, seenAt: at, seenBy: by };
}
