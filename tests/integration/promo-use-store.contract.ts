// The PromoUseStore contract: every adapter must pass it (SQLite always, Firestore on the
// emulator). A use is reserved, consumed or released with its booking; a booking holds one use
// per code and is paid with one code; an email that paid with a code cannot take it again; and
// however many bookings race for a code, its active uses never pass its maximum, on one instance or
// several.
import { describe, expect, it } from 'vitest';
import type { ConsumeInput, PromoUseStore, ReserveInput } from '~/store/promo-use-store.server';
import { ForbiddenMutationError } from '~/store/store-errors.server';
import type { Harness } from '../support/store-harness';
import { recordStoreLifecycle } from './record-store.contract';

const AT = '2026-11-23T10:00:00.000Z';
const LATER = '2026-11-23T10:05:00.000Z';

function reservation(overrides: Partial<ReserveInput> = {}): ReserveInput {
  return {
    code: 'WELCOME10',
    email: 'ann@example.com',
    bookingId: 'booking-1',
    maxUses: 5,
    at: AT,
    ...overrides,
  };
}

function reserved(overrides: Partial<ReserveInput> = {}) {
  const { code, email, bookingId, at } = reservation(overrides);
  return { code, email, bookingId, state: 'reserved', reservedAt: at, updatedAt: at };
}

/** Each race: `count` bookings with their own emails reserve one code at once, over `stores`. */
async function race(stores: PromoUseStore[], count: number, maxUses: number) {
  const outcomes = await Promise.all(
    Array.from({ length: count }, (_, index) =>
      (stores[index % stores.length] as PromoUseStore).reserve(
        reservation({
          code: 'RACE',
          email: `racer${index}@example.com`,
          bookingId: `race-${index}`,
          maxUses,
        }),
      ),
    ),
  );
  return {
    won: outcomes.filter((outcome) => outcome.ok).length,
    exhausted: outcomes.filter((outcome) => !outcome.ok && outcome.reason === 'exhausted').length,
  };
}

export function promoUseStoreContract(getHarness: () => Harness<PromoUseStore>) {
  describe('promo use store', () => {
    const open = () => getHarness().open();

    recordStoreLifecycle(getHarness, {
      write: async (store) => {
        await store.reserve(reservation());
        return store.usesOf('booking-1');
      },
      read: (store) => store.usesOf('booking-1'),
    });

    const paying = (overrides: Partial<ConsumeInput> = {}): ConsumeInput => ({
      bookingId: 'booking-1',
      code: 'WELCOME10',
      email: 'ann@example.com',
      at: LATER,
      ...overrides,
    });

    it('reserves, consumes and keeps a consumed use through a release', async () => {
      const store = open();
      await expect(store.reserve(reservation())).resolves.toEqual({ ok: true, use: reserved() });
      await expect(store.usesOf('booking-1')).resolves.toEqual([reserved()]);
      await expect(store.activeUses('WELCOME10')).resolves.toBe(1);

      const consumed = { ...reserved(), state: 'consumed', updatedAt: LATER };
      await expect(store.consume(paying())).resolves.toEqual({
        use: consumed,
        released: [],
        unreserved: false,
        emailUsedBefore: false,
      });
      // Idempotent: a second payment event changes nothing.
      await expect(store.consume(paying({ at: '2026-11-24T00:00:00.000Z' }))).resolves.toEqual({
        use: consumed,
        released: [],
        unreserved: false,
        emailUsedBefore: false,
      });
      await expect(store.release('booking-1', LATER)).resolves.toEqual([]);
      await expect(store.usesOf('booking-1')).resolves.toEqual([consumed]);
      await expect(store.activeUses('WELCOME10')).resolves.toBe(1);
      // A booking paid with one code never takes another.
      await expect(store.reserve(reservation({ code: 'OTHER' }))).rejects.toBeInstanceOf(
        ForbiddenMutationError,
      );
      await expect(store.reserve(reservation())).resolves.toEqual({ ok: true, use: consumed });
    });

    it('releases a reserved use, which frees its slot; nothing happens without a use', async () => {
      const store = open();
      await store.reserve(reservation({ maxUses: 1 }));
      await expect(
        store.reserve(reservation({ bookingId: 'b2', email: 'bo@example.com', maxUses: 1 })),
      ).resolves.toEqual({ ok: false, reason: 'exhausted' });
      const released = { ...reserved(), state: 'released', updatedAt: LATER };
      await expect(store.release('booking-1', LATER)).resolves.toEqual([released]);
      await expect(store.usesOf('booking-1')).resolves.toEqual([]);
      await expect(store.activeUses('WELCOME10')).resolves.toBe(0);
      await expect(store.release('booking-1', LATER)).resolves.toEqual([]);
      await expect(store.consume(paying({ bookingId: 'nobody', code: null }))).resolves.toEqual({
        use: null,
        released: [],
        unreserved: false,
        emailUsedBefore: false,
      });
      const second = reservation({ bookingId: 'b2', email: 'bo@example.com', maxUses: 1 });
      await expect(store.reserve(second)).resolves.toMatchObject({ ok: true });
      // The released booking may apply the code again once a slot is free, not before.
      await expect(store.reserve(reservation({ maxUses: 1 }))).resolves.toEqual({
        ok: false,
        reason: 'exhausted',
      });
    });

    it('answers a booking that already holds the code with its use, taking no other slot', async () => {
      const store = open();
      await store.reserve(reservation({ maxUses: 1 }));
      await expect(
        store.reserve(reservation({ maxUses: 1, at: LATER, code: ' welcome10 ' })),
      ).resolves.toEqual({ ok: true, use: reserved() });
      await expect(store.activeUses('WELCOME10')).resolves.toBe(1);
    });

    it('keeps the code a booking held while it reserves another, until it is released', async () => {
      const store = open();
      await store.reserve(reservation({ code: 'SPRING' }));
      const outcome = await store.reserve(reservation({ at: LATER }));
      expect(outcome).toEqual({ ok: true, use: reserved({ at: LATER }) });
      await expect(store.usesOf('booking-1')).resolves.toEqual([
        reserved({ code: 'SPRING' }),
        reserved({ at: LATER }),
      ]);
      await expect(store.activeUses('SPRING')).resolves.toBe(1);
      // The new price took effect: every code but its own goes back.
      await expect(store.release('booking-1', LATER, { except: 'welcome10' })).resolves.toEqual([
        { ...reserved({ code: 'SPRING' }), state: 'released', updatedAt: LATER },
      ]);
      await expect(store.activeUses('SPRING')).resolves.toBe(0);
      await expect(store.usesOf('booking-1')).resolves.toEqual([reserved({ at: LATER })]);
    });

    it('consumes the code of the price paid and gives the others back', async () => {
      const store = open();
      await store.reserve(reservation({ code: 'SPRING' }));
      await store.reserve(reservation());
      const outcome = await store.consume(paying({ code: 'spring' }));
      expect(outcome).toEqual({
        use: { ...reserved({ code: 'SPRING' }), state: 'consumed', updatedAt: LATER },
        released: [{ ...reserved(), state: 'released', updatedAt: LATER }],
        unreserved: false,
        emailUsedBefore: false,
      });
      await expect(store.activeUses('WELCOME10')).resolves.toBe(0);
      await expect(store.activeUses('SPRING')).resolves.toBe(1);
    });

    it('records a paid use it no longer held, past the count, and says so', async () => {
      const store = open();
      await store.reserve(reservation({ maxUses: 1 }));
      await store.release('booking-1', AT);
      await store.reserve(reservation({ bookingId: 'b2', email: 'bo@example.com', maxUses: 1 }));
      const outcome = await store.consume(paying());
      expect(outcome).toMatchObject({
        use: { code: 'WELCOME10', bookingId: 'booking-1', state: 'consumed' },
        unreserved: true,
      });
      await expect(store.activeUses('WELCOME10')).resolves.toBe(2);
    });

    it('lets an email apply a code on several unpaid bookings, and refuses it once one is paid', async () => {
      const store = open();
      await store.reserve(reservation());
      // Someone else typing the same email holds nothing over the first booking.
      await expect(store.reserve(reservation({ bookingId: 'b2' }))).resolves.toMatchObject({
        ok: true,
      });
      await expect(store.usesOf('booking-1')).resolves.toEqual([reserved()]);
      await store.consume(paying());
      await expect(
        store.reserve(reservation({ bookingId: 'b3', email: '  ANN@Example.COM ' })),
      ).resolves.toEqual({ ok: false, reason: 'email_used' });
      // The second booking keeps its use (its price never changes because of another booking);
      // if it is paid too, that is said.
      await expect(store.consume(paying({ bookingId: 'b2' }))).resolves.toMatchObject({
        unreserved: false,
        emailUsedBefore: true,
      });
      // Another code is another matter.
      await expect(
        store.reserve(reservation({ bookingId: 'b4', code: 'SPRING' })),
      ).resolves.toMatchObject({ ok: true });
    });

    it('compares codes without case and emails trimmed and lower-cased', async () => {
      const store = open();
      const outcome = await store.reserve(
        reservation({ code: ' Welcome10', email: ' Ann@Example.com ' }),
      );
      expect(outcome).toEqual({ ok: true, use: reserved() });
      await expect(store.activeUses('welcome10')).resolves.toBe(1);
      await store.consume(paying({ code: 'welcome10', email: 'ANN@example.com' }));
      await expect(
        store.reserve(
          reservation({ code: 'welcome10', bookingId: 'b2', email: 'ANN@EXAMPLE.COM' }),
        ),
      ).resolves.toEqual({ ok: false, reason: 'email_used' });
    });

    it('gives a one-use code to exactly one of 20 bookings racing for it', async () => {
      const store = open();
      await expect(race([store], 20, 1)).resolves.toEqual({ won: 1, exhausted: 19 });
      await expect(store.activeUses('RACE')).resolves.toBe(1);
    });

    it('gives a one-use code to exactly one of 20 bookings racing on two instances', async () => {
      const stores = [open(), open()];
      await expect(race(stores, 20, 1)).resolves.toEqual({ won: 1, exhausted: 19 });
    });

    it('gives a five-use code to exactly five of 50 bookings racing on two instances', async () => {
      const stores = [open(), open()];
      await expect(race(stores, 50, 5)).resolves.toEqual({ won: 5, exhausted: 45 });
      await expect(stores[0]!.activeUses('RACE')).resolves.toBe(5);
    });
  });
}
