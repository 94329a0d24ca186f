// Properties of the promo use rules, on the embedded adapter in memory: whatever bookings do in
// whatever order (apply codes, pay at any price, give up), reservations never take a code past its
// maximum, an email that paid with a code cannot reserve it again, a booking holds one use per code
// and is paid with one code at most, a consumed use stays consumed, and the count agrees with the
// uses themselves.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PromoUse, PromoUseStore } from './promo-use-store.server';
import { createSqlitePromoUseStore } from './sqlite-promo-use-store.server';
import { ForbiddenMutationError } from './store-errors.server';

const CODES = ['spring', 'WELCOME10'];
const EMAILS = ['ann@example.com', ' ANN@example.com', 'bo@example.com', 'cy@example.com'];
const BOOKINGS = ['b1', 'b2', 'b3', 'b4', 'b5'];
const MAX_USES = 2;

type Step =
  | { kind: 'reserve'; code: string; email: string; bookingId: string }
  | { kind: 'consume'; code: string | null; email: string; bookingId: string }
  | { kind: 'release'; bookingId: string; except: string | null };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('reserve' as const),
    code: fc.constantFrom(...CODES),
    email: fc.constantFrom(...EMAILS),
    bookingId: fc.constantFrom(...BOOKINGS),
  }),
  fc.record({
    kind: fc.constant('consume' as const),
    code: fc.constantFrom(null, ...CODES),
    email: fc.constantFrom(...EMAILS),
    bookingId: fc.constantFrom(...BOOKINGS),
  }),
  fc.record({
    kind: fc.constant('release' as const),
    bookingId: fc.constantFrom(...BOOKINGS),
    except: fc.constantFrom(null, ...CODES),
  }),
);

interface Seen {
  /** Each booking's consumed use, once it has one. */
  consumed: Map<string, PromoUse>;
  /** Consumed uses recorded past a code's count (paid without a reservation). */
  unreserved: Map<string, number>;
}

async function run(store: PromoUseStore, action: Step, at: string, seen: Seen) {
  if (action.kind === 'reserve') {
    const code = action.code.toUpperCase();
    const email = action.email.trim().toLowerCase();
    const paidElsewhere = [...seen.consumed.values()].some(
      (use) => use.code === code && use.email === email && use.bookingId !== action.bookingId,
    );
    const holds = (await store.usesOf(action.bookingId)).some((use) => use.code === code);
    const outcome = await store
      .reserve({ ...action, maxUses: MAX_USES, at })
      .catch((error: unknown) => {
        // A booking paid with another code cannot take one; nothing else may fail.
        if (!(error instanceof ForbiddenMutationError)) throw error;
        expect(seen.consumed.get(action.bookingId)?.code).not.toBe(code);
        return null;
      });
    // A booking that holds the code keeps it; any other is refused once the email paid with it.
    if (paidElsewhere && !holds && !seen.consumed.has(action.bookingId)) {
      expect(outcome).toEqual({ ok: false, reason: 'email_used' });
    }
  } else if (action.kind === 'consume') {
    const outcome = await store.consume({ ...action, at });
    if (outcome.unreserved && outcome.use) {
      const code = outcome.use.code;
      seen.unreserved.set(code, (seen.unreserved.get(code) ?? 0) + 1);
    }
  } else {
    await store.release(action.bookingId, at, { except: action.except });
  }
}

async function checkInvariants(store: PromoUseStore, seen: Seen) {
  const uses = (await Promise.all(BOOKINGS.map((id) => store.usesOf(id)))).flat();
  for (const code of CODES.map((code) => code.toUpperCase())) {
    const active = uses.filter((use) => use.code === code);
    expect(active.length).toBeLessThanOrEqual(MAX_USES + (seen.unreserved.get(code) ?? 0));
    await expect(store.activeUses(code)).resolves.toBe(active.length);
  }
  for (const bookingId of BOOKINGS) {
    const own = uses.filter((use) => use.bookingId === bookingId);
    expect(new Set(own.map((use) => use.code)).size).toBe(own.length);
    expect(own.filter((use) => use.state === 'consumed').length).toBeLessThanOrEqual(1);
  }
  for (const [bookingId, use] of seen.consumed) {
    expect(uses.filter((held) => held.bookingId === bookingId)).toContainEqual(use);
  }
  for (const use of uses) if (use.state === 'consumed') seen.consumed.set(use.bookingId, use);
}

describe('promo use rules', () => {
  it('hold whatever bookings do, in any order', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 30 }), async (steps) => {
        const store = createSqlitePromoUseStore({ filename: ':memory:' });
        const seen: Seen = { consumed: new Map(), unreserved: new Map() };
        try {
          for (const [index, action] of steps.entries()) {
            await run(
              store,
              action,
              new Date(Date.UTC(2026, 10, 23, 0, index)).toISOString(),
              seen,
            );
            await checkInvariants(store, seen);
          }
        } finally {
          await store.close();
        }
      }),
      { numRuns: 150 },
    );
  });
});
