// The PromoUseStore port: the uses of promo codes, so that a code's uses never exceed its maximum
// and one email uses a code once, even when bookings race on several instances. A use is RESERVED
// when a code is applied to a booking, CONSUMED when that booking's payment succeeds and RELEASED
// when the booking is refused for good or abandoned. A booking holds at most one active (reserved
// or consumed) use; an email holds at most one active use of each code.
//
// Two adapters on the store's database: the `promo_uses` table of the SQLite file (one BEGIN
// IMMEDIATE transaction per change) and Firestore transactions over a counter per code, a document
// per booking and one per code and email. Both pass tests/integration/promo-use-store.contract.ts.
// The rule every adapter applies is decideReserve below; the adapters only read and write.
import { ForbiddenMutationError } from './store-errors.server';

export type PromoUseState = 'reserved' | 'consumed' | 'released';

export interface PromoUse {
  /** Upper case. */
  code: string;
  /** Trimmed, lower case. */
  email: string;
  bookingId: string;
  state: PromoUseState;
  reservedAt: string;
  updatedAt: string;
}

export type ReserveOutcome =
  /** Reserved now, or this booking already holds it. */
  | { ok: true; use: PromoUse }
  /** maxUses active (reserved + consumed) uses exist. */
  | { ok: false; reason: 'exhausted' }
  /** This email has a consumed use of the code. */
  | { ok: false; reason: 'email_used' }
  /** This email's use is reserved by another booking. */
  | { ok: false; reason: 'email_held'; heldBy: string };

export interface ReserveInput {
  code: string;
  email: string;
  bookingId: string;
  maxUses: number;
  at: string;
  /**
   * A booking whose RESERVED use of this code by this email moves to this booking (the caller has
   * withdrawn the discount from that booking first).
   */
  takeOverFrom?: string;
}

export interface PromoUseStore {
  readonly kind: 'sqlite' | 'firestore';

  /**
   * Atomically: counts active uses of the code, checks the email, records the hold. A booking
   * holds at most one code: a hold it has on another code is released in the same transaction on
   * success (a consumed use is never replaced: trying is a ForbiddenMutationError). Codes compare
   * case-insensitively (stored upper case); emails are trimmed and lower-cased.
   */
  reserve(input: ReserveInput): Promise<ReserveOutcome>;

  /** The booking's payment succeeded: its reserved use becomes consumed (idempotent; null without one). */
  consume(bookingId: string, at: string): Promise<PromoUse | null>;

  /**
   * The booking was refused for good or abandoned: its reserved use is released and returned as
   * such. A consumed use stays, and is returned unchanged; null without an active use.
   */
  release(bookingId: string, at: string): Promise<PromoUse | null>;

  /** The booking's current (reserved or consumed) use, if any. */
  useOf(bookingId: string): Promise<PromoUse | null>;

  /** Active (reserved + consumed) uses of a code. */
  activeUses(code: string): Promise<number>;

  close(): Promise<void>;
}

/** How codes are stored and compared: trimmed, upper case. */
export function normalisePromoCode(code: string): string {
  return code.trim().toUpperCase();
}

/** How emails are stored and compared: trimmed, lower case. */
export function normalisePromoEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** What an adapter read inside its transaction, for one reserve. */
export interface ReserveSnapshot {
  /** The booking's active use, if any (of any code). */
  held: PromoUse | null;
  /** The active use of this code by this email, if any (possibly the booking's own). */
  emailUse: PromoUse | null;
  /** Active uses of the code, the booking's own included. */
  activeUses: number;
}

/** What a reserve decided: the answer, and the writes that make it true (none on a refusal). */
export interface ReservePlan {
  outcome: ReserveOutcome;
  /** Active uses to release, as they are to be stored (state `released`). */
  release: PromoUse[];
  /** The new reserved use to store. */
  reserve: PromoUse | null;
}

function released(use: PromoUse, at: string): PromoUse {
  return { ...use, state: 'released', updatedAt: at };
}

/** The input with its code and email normalised, as every adapter stores them. */
export function normaliseReserveInput(input: ReserveInput): ReserveInput {
  return {
    ...input,
    code: normalisePromoCode(input.code),
    email: normalisePromoEmail(input.email),
  };
}

/**
 * The rule of reserve, on what the adapter read in its transaction (the input normalised). A
 * booking that already holds this code for this email keeps it; the email's use elsewhere refuses
 * (consumed: `email_used`; reserved: `email_held`, unless it is `takeOverFrom`'s, which then moves
 * here without taking another slot); otherwise a slot must be free, not counting the booking's own
 * use of the code. On success the booking's previous use, if any, is released.
 */
export function decideReserve(input: ReserveInput, snapshot: ReserveSnapshot): ReservePlan {
  const { code, email, bookingId, at } = input;
  const { held, emailUse } = snapshot;
  const unchanged = (outcome: ReserveOutcome): ReservePlan => ({
    outcome,
    release: [],
    reserve: null,
  });

  if (held?.state === 'consumed') {
    if (held.code === code) return unchanged({ ok: true, use: held });
    throw new ForbiddenMutationError(`Booking ${bookingId} has consumed a promo code already.`);
  }
  if (held && held.code === code && held.email === email) return unchanged({ ok: true, use: held });

  const toRelease = held ? [released(held, at)] : [];
  let takingOver = false;
  if (emailUse && emailUse.bookingId !== bookingId) {
    if (emailUse.state === 'consumed') return unchanged({ ok: false, reason: 'email_used' });
    if (emailUse.bookingId !== input.takeOverFrom) {
      return unchanged({ ok: false, reason: 'email_held', heldBy: emailUse.bookingId });
    }
    takingOver = true;
    toRelease.push(released(emailUse, at));
  }
  const ownSlot = held?.code === code ? 1 : 0;
  if (!takingOver && snapshot.activeUses - ownSlot >= input.maxUses) {
    return unchanged({ ok: false, reason: 'exhausted' });
  }
  const use: PromoUse = {
    code,
    email,
    bookingId,
    state: 'reserved',
    reservedAt: at,
    updatedAt: at,
  };
  return { outcome: { ok: true, use }, release: toRelease, reserve: use };
}

/**
 * What consume (`consumed`) or release (`released`) does to the booking's active use: a reserved
 * use changes (`changed`: store it); a consumed one stays as it is; no use, nothing.
 */
export function settleUse(
  held: PromoUse | null,
  state: 'consumed' | 'released',
  at: string,
): { use: PromoUse | null; changed: boolean } {
  if (held?.state !== 'reserved') return { use: held, changed: false };
  return { use: { ...held, state, updatedAt: at }, changed: true };
}
