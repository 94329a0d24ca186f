// Promo codes under attack, the same scenarios on every store and payment provider the site runs
// on: concurrent applications to one booking, a customer's use "taken over" by someone typing their
// email, a payment that lands while a price is changing, a price change that died half-way, and a
// verified payment for another amount than the booking's. Each file that runs them starts its own
// app (SQLite with the sandbox, the Firestore emulator, Stripe's API stub with latency).
import {
  bookingResponseSchema,
  paymentStatusResponseSchema,
  sumLines,
  type Booking,
  type BookingResponse,
} from '@business-chauffeur/booking-contract';
import { describe, expect, it } from 'vitest';
import type * as ReconcileModule from '~/booking/reconcile.server';
import { listOutbox, outboxPath } from '~/mail/outbox-mailer.server';
import type * as PaymentsModule from '~/payments/payments.server';
import type * as StoreModule from '~/store/store.server';
import { bookingBody, passenger, SEDAN } from './quotes';
import type { RemixApp } from './remix-app';
import { promoCodeDocument } from './seed-dataset-copy';

/** One-use codes for the race trials, a fresh one per trial. */
export const RACE_TRIALS = 6;

/** The promo codes the scenarios apply, to add to the test's copy of the seed dataset. */
export function raceCodes() {
  return [
    ...Array.from({ length: RACE_TRIALS }, (_, trial) =>
      promoCodeDocument(`RACE${trial}`, { maxUses: 1 }),
    ),
    promoCodeDocument('HALFOFF', { percentage: 50 }),
  ];
}

export interface RaceSetup {
  app: () => Pick<RemixApp, 'request' | 'load'>;
  dataDir: () => string;
  /**
   * The customer's card pays the booking's payment for whatever amount the provider holds, and
   * the server hears of it as it would in this mode (the sandbox's confirmation, Stripe's signed
   * webhook).
   */
  payAtProvider(booking: BookingResponse): Promise<void>;
}

const someone = (tag: string) => ({ ...passenger, email: `racer.${tag}@example.com` });

export function promoRaceScenarios(setup: RaceSetup) {
  const app = () => setup.app();
  const modules = async () => ({
    store: await app().load<typeof StoreModule>('/app/store/store.server.ts'),
    gateway: (
      await app().load<typeof PaymentsModule>('/app/payments/payments.server.ts')
    ).getPaymentGateway(),
  });
  const bookingOf = async (booking: BookingResponse): Promise<Booking> => {
    const found = await (await modules()).store.getBookingStore().getBooking(booking.bookingId);
    if (!found) throw new Error('The booking was not saved.');
    return found;
  };
  const usesOf = async (booking: BookingResponse) =>
    (await modules()).store.getPromoUseStore().usesOf(booking.bookingId);
  const providerAmount = async (booking: BookingResponse) =>
    (await (await modules()).gateway.retrievePaymentIntent(booking.payment.paymentIntentId))
      ?.amount;

  async function booked(tag: string, body: Record<string, unknown> = {}) {
    const response = await app().request('/api/bookings', {
      method: 'POST',
      json: bookingBody({
        passenger: someone(tag),
        idempotencyKey: `race-booking-${tag}`,
        ...body,
      }),
    });
    expect(response.status, await response.clone().text()).toBe(201);
    return bookingResponseSchema.parse(await response.json());
  }

  const apply = (booking: BookingResponse, code: string) =>
    app().request(`/api/bookings/${booking.bookingId}/promo`, {
      method: 'POST',
      json: { code, clientSecret: booking.payment.clientSecret },
    });

  async function paymentStatus(booking: BookingResponse) {
    const response = await app().request(
      `/api/bookings/${booking.bookingId}/payment-status?clientSecret=${encodeURIComponent(booking.payment.clientSecret)}`,
    );
    expect(response.status).toBe(200);
    return paymentStatusResponseSchema.parse(await response.json());
  }

  /** The booking, its code's use and the provider's amount agree. */
  async function expectAgreement(booking: BookingResponse) {
    const saved = await bookingOf(booking);
    expect(saved.pendingPrice ?? null).toBeNull();
    expect(sumLines(saved.fareLines)).toBe(saved.fareCents);
    expect(await providerAmount(booking)).toBe(saved.fareCents);
    const uses = await usesOf(booking);
    expect(uses.map((use) => use.code)).toEqual(saved.promoCode === null ? [] : [saved.promoCode]);
    return saved;
  }

  describe('promo codes raced and misused', () => {
    it(`keeps one booking's price, use and payment amount together when four codes are applied at once (${RACE_TRIALS} trials)`, async () => {
      for (let trial = 0; trial < RACE_TRIALS; trial += 1) {
        const oneUse = `RACE${trial}`;
        const first = await booked(`four-${trial}`);
        const answers = await Promise.all(
          [oneUse, 'WELCOME10', oneUse, 'WELCOME10'].map((code) => apply(first, code)),
        );
        for (const answer of answers) expect([200, 409]).toContain(answer.status);
        expect(answers.some((answer) => answer.status === 200)).toBe(true);
        const saved = await expectAgreement(first);
        expect([oneUse, 'WELCOME10']).toContain(saved.promoCode);
        expect((await paymentStatus(first)).totalCents).toBe(saved.fareCents);

        // The one-use code goes to a second booking only when the first does not hold it.
        const second = await booked(`four-${trial}-second`);
        const secondAnswer = await apply(second, oneUse);
        expect(secondAnswer.status).toBe(saved.promoCode === oneUse ? 400 : 200);
        await setup.payAtProvider(first);
        await setup.payAtProvider(second);
        const paid = [await bookingOf(first), await bookingOf(second)];
        expect(paid.map((booking) => booking.status)).toEqual(['CONFIRMED', 'CONFIRMED']);
        expect(paid.filter((booking) => booking.promoCode === oneUse)).toHaveLength(1);
        expect(await (await modules()).store.getPromoUseStore().activeUses(oneUse)).toBe(1);
        for (const booking of paid) {
          expect(booking.payment.amountCents).toBe(booking.fareCents);
          expect(booking.alerts ?? []).toEqual([]);
        }
      }
    });

    it("never changes a customer's price because someone else typed their email", async () => {
      const victim = await booked('victim');
      expect((await apply(victim, 'WELCOME10')).status).toBe(200);
      const price = (await bookingOf(victim)).fareCents;
      expect(price).toBeLessThan(SEDAN.fareCents);

      // The attacker books on the victim's behalf with the victim's email as theirs.
      const attacker = await booked('attacker', {
        passenger: someone('attacker-passenger'),
        onBehalf: true,
        bookingPerson: { ...passenger, email: 'RACER.VICTIM@example.com' },
      });
      expect((await apply(attacker, 'welcome10')).status).toBe(200);
      expect((await bookingOf(victim)).fareCents).toBe(price);
      expect(await providerAmount(victim)).toBe(price);
      expect((await paymentStatus(victim)).totalCents).toBe(price);
      expect(await usesOf(victim)).toMatchObject([{ code: 'WELCOME10', state: 'reserved' }]);

      // Whoever pays first, the other keeps the price they were shown.
      await setup.payAtProvider(attacker);
      expect(await providerAmount(victim)).toBe(price);
      await setup.payAtProvider(victim);
      const paid = await bookingOf(victim);
      expect(paid).toMatchObject({ status: 'CONFIRMED', fareCents: price, promoCode: 'WELCOME10' });
      expect(paid.alerts ?? []).toEqual([]);
      // Once the email paid with the code, a new booking of it is refused.
      const later = await booked('victim-later', { passenger: someone('victim') });
      expect((await apply(later, 'WELCOME10')).status).toBe(400);
    });

    it('confirms a payment for the price a code was giving when the change stopped half-way', async () => {
      const booking = await booked('half-way');
      const { store, gateway } = await modules();
      const current = await bookingOf(booking);
      const lines = [
        ...current.fareLines,
        {
          kind: 'discount' as const,
          label: 'Discount (HALFOFF)',
          detail: '50% off',
          amountCents: -Math.round(current.fareCents / 2),
        },
      ];
      const totalCents = sumLines(lines);
      // A change that reserved its use and moved the provider's amount, then its process died.
      await store.getPromoUseStore().reserve({
        code: 'HALFOFF',
        email: `racer.half-way@example.com`,
        bookingId: booking.bookingId,
        maxUses: 100,
        at: new Date().toISOString(),
      });
      await store.getBookingStore().updateBooking(booking.bookingId, (saved) => ({
        ...saved,
        pendingPrice: {
          token: 'died',
          code: 'HALFOFF',
          lines,
          totalCents,
          since: new Date().toISOString(),
          leaseUntil: new Date(Date.now() + 60_000).toISOString(),
        },
      }));
      await gateway.updatePaymentIntentAmount(booking.payment.paymentIntentId, totalCents, {
        idempotencyKey: `half-way-${booking.bookingId}`,
      });
      // Another code meanwhile is refused: the booking is still changing.
      const busy = await apply(booking, 'WELCOME10');
      expect(busy.status).toBe(409);

      await setup.payAtProvider(booking);
      const paid = await bookingOf(booking);
      expect(paid).toMatchObject({
        status: 'CONFIRMED',
        fareCents: totalCents,
        promoCode: 'HALFOFF',
      });
      expect(paid.pendingPrice ?? null).toBeNull();
      expect(paid.fareLines).toEqual(lines);
      expect(await usesOf(booking)).toMatchObject([{ code: 'HALFOFF', state: 'consumed' }]);
      expect(paid.alerts ?? []).toEqual([]);
    });

    it('settles a change whose lease ran out on the next application', async () => {
      const booking = await booked('expired');
      const { store } = await modules();
      await store.getBookingStore().updateBooking(booking.bookingId, (saved) => ({
        ...saved,
        pendingPrice: {
          token: 'gone',
          code: 'HALFOFF',
          lines: saved.fareLines,
          totalCents: 1,
          since: '2026-01-01T00:00:00.000Z',
          leaseUntil: '2026-01-01T00:02:00.000Z',
        },
      }));
      // It never reserved its use nor reached the provider: dropped, and the new code applies.
      expect((await apply(booking, 'WELCOME10')).status).toBe(200);
      const saved = await expectAgreement(booking);
      expect(saved.promoCode).toBe('WELCOME10');
    });

    it('raises a verified payment for another amount to staff, and never confirms it', async () => {
      const booking = await booked('mismatch');
      const { gateway } = await modules();
      // The provider's amount is moved behind the booking's back (a dashboard edit, a fault).
      await gateway.updatePaymentIntentAmount(booking.payment.paymentIntentId, 4_321, {
        idempotencyKey: `mismatch-${booking.bookingId}`,
      });
      await setup.payAtProvider(booking);
      const saved = await bookingOf(booking);
      expect(saved.status).not.toBe('CONFIRMED');
      expect(saved.alerts).toEqual([
        expect.objectContaining({
          kind: 'payment_amount_differs',
          amountCents: 4_321,
          handledAt: null,
          detail: expect.stringContaining('$43.21'),
        }),
      ]);
      const staffEmails = async () =>
        (await listOutbox(outboxPath(setup.dataDir()))).filter(
          (email) =>
            email.subject === `A payment needs action: booking ${booking.bookingReferenceId}`,
        );
      expect(await staffEmails()).toHaveLength(1);
      // The customer is not asked to pay again.
      expect((await paymentStatus(booking)).payment.status).toBe('processing');

      // The reconciliation reads the same payment again: nothing changes, no second email.
      const summary = await (
        await app().load<typeof ReconcileModule>('/app/booking/reconcile.server.ts')
      ).reconcilePayments();
      expect(summary.needsAction).toBeGreaterThanOrEqual(1);
      const after = await bookingOf(booking);
      expect(after.status).toBe(saved.status);
      expect(after.alerts).toHaveLength(1);
      expect(await staffEmails()).toHaveLength(1);
    });
  });
}
