// Properties of the promo use rules, on the embedded adapter in memory: whatever bookings do in
// whatever order (apply a code, take a use over, pay, give up), a code never has more active uses
// than its maximum, an email never holds two active uses of one code, a booking holds at most one,
// a consumed use stays consumed, and the count agrees with the uses themselves.
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
  | { kind: 'reserve'; code: string; email: string; bookingId: string; takeOverFrom?: string }
  | { kind: 'consume' | 'release'; bookingId: string };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record(
    {
      kind: fc.constant('reserve' as const),
      code: fc.constantFrom(...CODES),
      email: fc.constantFrom(...EMAILS),
      bookingId: fc.constantFrom(...BOOKINGS),
      takeOverFrom: fc.constantFrom(...BOOKINGS),
    },
    { requiredKeys: ['kind', 'code', 'email', 'bookingId'] },
  ),
  fc.record({
    kind: fc.constantFrom('consume' as const, 'release' as const),
    bookingId: fc.constantFrom(...BOOKINGS),
  }),
);

async function run(store: PromoUseStore, action: Step, at: string) {
  if (action.kind === 'reserve') {
    await store.reserve({ ...action, maxUses: MAX_USES, at }).catch((error: unknown) => {
      // Replacing a consumed use is refused; nothing else may fail.
      if (!(error instanceof ForbiddenMutationError)) throw error;
    });
  } else {
    await store[action.kind](action.bookingId, at);
  }
}

async function checkInvariants(store: PromoUseStore, consumed: Map<string, PromoUse>) {
  const uses = (await Promise.all(BOOKINGS.map((id) => store.useOf(id)))).filter(
    (use): use is PromoUse => use !== null,
  );
  for (const code of CODES.map((code) => code.toUpperCase())) {
    const active = uses.filter((use) => use.code === code);
    expect(active.length).toBeLessThanOrEqual(MAX_USES);
    await expect(store.activeUses(code)).resolves.toBe(active.length);
    const emails = active.map((use) => use.email);
    expect(new Set(emails).size).toBe(emails.length);
  }
  for (const [bookingId, use] of consumed) {
    await expect(store.useOf(bookingId)).resolves.toEqual(use);
  }
  for (const use of uses) if (use.state === 'consumed') consumed.set(use.bookingId, use);
}

describe('promo use rules', () => {
  it('hold whatever bookings do, in any order', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 30 }), async (steps) => {
        const store = createSqlitePromoUseStore({ filename: ':memory:' });
        const consumed = new Map<string, PromoUse>();
        try {
          for (const [index, action] of steps.entries()) {
            await run(store, action, new Date(Date.UTC(2026, 10, 23, 0, index)).toISOString());
            await checkInvariants(store, consumed);
          }
        } finally {
          await store.close();
        }
      }),
      { numRuns: 150 },
    );
  });
});
