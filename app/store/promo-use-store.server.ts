// The PromoUseStore port: the uses of promo codes, so that a code's uses never exceed its maximum,
// even when bookings race on several instances (docs/decisions/039-promo-codes-one-change-per-booking.md).
// A use is RESERVED when a code is applied to a booking, CONSUMED when the booking's payment
// succeeds at the price with that code, and RELEASED when the booking no longer holds it (another
// price was paid, the booking was abandoned, or another code was applied and its price took
// effect). A booking may hold reserved uses of two codes for a moment, while a second code is
// being applied and the payment's amount at the provider is not yet known to have changed: both
// count against their codes' maximums, so undoing the change never needs a slot that someone else
// took meanwhile.
//
// "Once per customer" is checked against paid uses: an email that paid a booking with a code
// cannot apply it again, but holding it on an unpaid booking never stops another booking (of the
// same email, or of someone who typed it) and never changes another booking's price.
//
// Two adapters on the store's database: the `promo_uses` table of the SQLite file (one BEGIN
// IMMEDIATE transaction per change) and Firestore transactions over a counter per code, a document
// per booking and one per code and paying email. Both pass tests/integration/promo-use-store.contract.ts.
// The rules every adapter applies are decideReserve and decideConsume below; the adapters only
// read and write.
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
  /** This email has paid another booking with the code. */
  | { ok: false; reason: 'email_used' };

export interface ReserveInput {
  code: string;
  email: string;
  bookingId: string;
  maxUses: number;
  at: string;
}

export interface ConsumeInput {
  bookingId: string;
  /** The code of the price that was paid; null when the price paid had none. */
  code: string | null;
  /** The paying email (used only when the booking held no reservation of the code). */
  email: string;
  at: string;
}

export interface ConsumeOutcome {
  /** The booking's consumed use; null when the price paid had no code. */
  use: PromoUse | null;
  /** Reserved uses of other codes the booking held, now released. */
  released: PromoUse[];
  /**
   * True when the booking held no reservation of the code (it had been released), so the paid use
   * was recorded past the code's count: staff should know.
   */
  unreserved: boolean;
  /** Another booking of the same email had paid with the code before this one. */
  emailUsedBefore: boolean;
}

export interface PromoUseStore {
  readonly kind: 'sqlite' | 'firestore';

  /**
   * Atomically: counts active uses of the code, checks that the email has not paid with it,
   * records the hold. A hold the booking has on another code stays (release it with `except` once
   * the new price has taken effect); a booking paid with another code cannot reserve one
   * (ForbiddenMutationError). Codes compare case-insensitively (stored upper case); emails are
   * trimmed and lower-cased.
   */
  reserve(input: ReserveInput): Promise<ReserveOutcome>;

  /**
   * The booking's payment succeeded at the price with `code`: that use becomes consumed (recorded
   * even without a reservation: it was paid), the booking's other reserved uses are released.
   * Idempotent: a booking's consumed use stays as it is.
   */
  consume(input: ConsumeInput): Promise<ConsumeOutcome>;

  /**
   * Releases the booking's reserved uses, all of them or all but the code `except`; consumed uses
   * stay. Returns the uses released now.
   */
  release(bookingId: string, at: string, options?: { except?: string | null }): Promise<PromoUse[]>;

  /** The booking's active (reserved or consumed) uses, oldest first. */
  usesOf(bookingId: string): Promise<PromoUse[]>;

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
  /** The booking's active uses (of any code). */
  held: PromoUse[];
  /** Whether a booking other than this one has paid with this code for this email. */
  emailPaid: boolean;
  /** Active uses of the code, the booking's own included. */
  activeUses: number;
}

/** What a reserve decided: the answer, and the use to store (none when nothing changes). */
export interface ReservePlan {
  outcome: ReserveOutcome;
  reserve: PromoUse | null;
}

/** The input with its code and email normalised, as every adapter stores them. */
export function normaliseReserveInput<T extends { code: string; email: string }>(input: T): T {
  return {
    ...input,
    code: normalisePromoCode(input.code),
    email: normalisePromoEmail(input.email),
  };
}

/**
 * The rule of reserve, on what the adapter read in its transaction (the input normalised). A
 * booking that holds the code keeps its use; a booking paid with another code cannot take one; an
 * email that paid with the code is refused; otherwise a slot must be free.
 */
export function decideReserve(input: ReserveInput, snapshot: ReserveSnapshot): ReservePlan {
  const { code, email, bookingId, at } = input;
  const own = snapshot.held.find((use) => use.code === code);
  const paid = snapshot.held.find((use) => use.state === 'consumed');
  if (paid && paid.code !== code) {
    throw new ForbiddenMutationError(`Booking ${bookingId} has paid with a promo code already.`);
  }
  if (own) return { outcome: { ok: true, use: own }, reserve: null };
  if (snapshot.emailPaid) return { outcome: { ok: false, reason: 'email_used' }, reserve: null };
  if (snapshot.activeUses >= input.maxUses) {
    return { outcome: { ok: false, reason: 'exhausted' }, reserve: null };
  }
  const use: PromoUse = {
    code,
    email,
    bookingId,
    state: 'reserved',
    reservedAt: at,
    updatedAt: at,
  };
  return { outcome: { ok: true, use }, reserve: use };
}

/** What an adapter read inside its transaction, for one consume. */
export interface ConsumeSnapshot {
  /** The booking's active uses. */
  held: PromoUse[];
  /** Whether a booking other than this one has paid with this code for this email. */
  emailPaid: boolean;
}

/** What a consume decided: the answer and the uses to store as they are to be (changed ones only). */
export interface ConsumePlan {
  outcome: ConsumeOutcome;
  /** Uses whose state changes (or a consumed use recorded without a reservation). */
  write: PromoUse[];
  /** True when `write` holds a use that was not active before (the code's count grows). */
  added: boolean;
}

function withState(use: PromoUse, state: PromoUseState, at: string): PromoUse {
  return { ...use, state, updatedAt: at };
}

/** The rule of consume (the input normalised; `code` null when the price paid had none). */
export function decideConsume(input: ConsumeInput, snapshot: ConsumeSnapshot): ConsumePlan {
  const { code, at } = input;
  const already = snapshot.held.find((use) => use.state === 'consumed');
  if (already) {
    return {
      outcome: { use: already, released: [], unreserved: false, emailUsedBefore: false },
      write: [],
      added: false,
    };
  }
  const released = snapshot.held
    .filter((use) => use.state === 'reserved' && use.code !== code)
    .map((use) => withState(use, 'released', at));
  if (code === null) {
    return {
      outcome: { use: null, released, unreserved: false, emailUsedBefore: false },
      write: released,
      added: false,
    };
  }
  const held = snapshot.held.find((use) => use.code === code);
  const use: PromoUse = held
    ? withState(held, 'consumed', at)
    : {
        code,
        email: input.email,
        bookingId: input.bookingId,
        state: 'consumed',
        reservedAt: at,
        updatedAt: at,
      };
  return {
    outcome: { use, released, unreserved: !held, emailUsedBefore: snapshot.emailPaid },
    write: [...released, use],
    added: !held,
  };
}

/** The reserved uses a release gives back (all the booking's, or all but `except`'s code). */
export function usesToRelease(held: PromoUse[], at: string, except?: string | null): PromoUse[] {
  const kept = except ? normalisePromoCode(except) : null;
  return held
    .filter((use) => use.state === 'reserved' && use.code !== kept)
    .map((use) => withState(use, 'released', at));
}
