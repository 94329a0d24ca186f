// Promo codes on the payment step, through the API on the embedded adapters: the discount the
// server prices, the amount the payment is then for, the one answer every unusable code gets, the
// per-customer rule (counted on paid uses), and a one-use code raced by twenty bookings.
import {
  bookingResponseSchema,
  sumLines,
  type BookingResponse,
} from '@business-chauffeur/booking-contract';
import { afterAll, describe, expect, it } from 'vitest';
import type * as ReconcileModule from '~/booking/reconcile.server';
import type * as StoreModule from '~/store/store.server';
import { bookingApiSuite, expectError } from '../support/booking-api';
import { bookingBody, passenger, SEDAN } from '../support/quotes';
import { promoCodeDocument, useSeedDatasetCopy } from '../support/seed-dataset-copy';

/** The seed dataset plus codes made for these tests. */
const seed = useSeedDatasetCopy();
const code = promoCodeDocument;
seed.addDocuments([
  code('ONEUSE', { maxUses: 1 }),
  code('EXPIRED', { validUntil: '2025-12-31' }),
  code('COACHONLY', { vehicleTypes: ['coach'] }),
  code('BIGSPEND', { minimumFare: 1000 }),
  code('FIFTYOFF', { discountType: 'fixed', percentage: null, amount: 50 }),
]);
afterAll(() => seed.remove());

const { app, gateway, booked, pay, status, pickupSoon, saved } = bookingApiSuite({
  CONTENT_DATASET_PATH: seed.datasetPath,
});

const promoUses = async () =>
  (await app.load<typeof StoreModule>('/app/store/store.server.ts')).getPromoUseStore();

function apply(
  booking: BookingResponse,
  code: string,
  clientSecret = booking.payment.clientSecret,
) {
  return app.request(`/api/bookings/${booking.bookingId}/promo`, {
    method: 'POST',
    json: { code, clientSecret },
  });
}

async function applied(booking: BookingResponse, code: string) {
  const response = await apply(booking, code);
  expect(response.status, await response.clone().text()).toBe(200);
  return bookingResponseSchema.parse(await response.json());
}

const someone = (n: number | string) => ({ ...passenger, email: `rider.${n}@example.com` });

describe('POST /api/bookings/:id/promo', () => {
  it('takes WELCOME10 off the total, as a line, and the payment is for the new total', async () => {
    const booking = await booked(bookingBody({ passenger: someone('welcome') }));
    expect(booking.totalCents).toBe(SEDAN.fareCents);
    const discounted = await applied(booking, 'welcome10');
    expect(discounted.promoCode).toBe('WELCOME10');
    expect(discounted.lines.at(-1)).toEqual({
      kind: 'discount',
      label: 'Discount (WELCOME10)',
      detail: '10% off',
      amountCents: -1424,
    });
    expect(discounted.totalCents).toBe(12_811);
    expect(sumLines(discounted.lines)).toBe(12_811);
    expect(discounted.gstCents).toBe(1165);
    const intent = await (await gateway()).retrievePaymentIntent(booking.payment.paymentIntentId);
    expect(intent?.amount).toBe(12_811);

    const paid = await pay(discounted);
    expect(paid).toMatchObject({ status: 'CONFIRMED', totalCents: 12_811 });
    expect((await saved(booking)).paymentDetails.amount).toBe(128.11);
    expect(await (await promoUses()).usesOf(booking.bookingId)).toMatchObject([
      { code: 'WELCOME10', state: 'consumed' },
    ]);
  });

  it('answers every code that cannot be used with the one message, and changes nothing', async () => {
    const booking = await booked(bookingBody({ passenger: someone('refused') }));
    for (const code of ['NOSUCHCODE', 'EXPIRED', 'COACHONLY', 'BIGSPEND', '', 'x'.repeat(41)]) {
      const response = await apply(booking, code);
      if (code.length > 40) {
        await expectError(response, 400, 'invalid_request');
        continue;
      }
      const body = await expectError(response, 400, 'promo_invalid');
      expect(body.error).toMatchObject({
        message: 'This promo code is not valid.',
        fields: { promoCode: 'This promo code is not valid.' },
      });
    }
    expect((await status(booking)).totalCents).toBe(SEDAN.fareCents);
    expect(await (await promoUses()).usesOf(booking.bookingId)).toEqual([]);
  });

  it('takes a fixed amount off, and a second code replaces the first', async () => {
    const booking = await booked(bookingBody({ passenger: someone('fixed') }));
    expect((await applied(booking, 'FIFTYOFF')).totalCents).toBe(9235);
    const replaced = await applied(booking, 'WELCOME10');
    expect(replaced.lines.filter((line) => line.kind === 'discount')).toHaveLength(1);
    expect(replaced.totalCents).toBe(12_811);
    expect(await (await promoUses()).activeUses('FIFTYOFF')).toBe(0);
  });

  it('is refused without the payment secret, and after the booking is paid', async () => {
    const booking = await booked(bookingBody({ passenger: someone('secret') }));
    await expectError(await apply(booking, 'WELCOME10', 'pi_wrong_secret'), 404, 'not_found');
    await pay(booking);
    await expectError(await apply(booking, 'WELCOME10'), 409, 'conflict');
  });

  it('gives one customer one paid use: a second unpaid booking keeps its own price, a booking after payment is refused', async () => {
    const email = someone('twice');
    const first = await booked(bookingBody({ passenger: email }));
    const second = await booked(
      bookingBody({ passenger: email, vehicleId: SEDAN.id, idempotencyKey: 'second-booking-1' }),
    );
    await applied(first, 'WELCOME10');
    expect((await applied(second, 'WELCOME10')).totalCents).toBe(12_811);
    // The first booking keeps the price it was shown, at the provider too.
    expect((await status(first)).totalCents).toBe(12_811);
    const firstIntent = await (
      await gateway()
    ).retrievePaymentIntent(first.payment.paymentIntentId);
    expect(firstIntent?.amount).toBe(12_811);
    await pay(second);
    const third = await booked(
      bookingBody({ passenger: email, idempotencyKey: 'third-booking-1' }),
    );
    await expectError(await apply(third, 'WELCOME10'), 400, 'promo_invalid');
  });

  it('never lets a one-use code be used twice: 20 bookings racing give exactly one discounted payment', async () => {
    const bookings = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        booked(bookingBody({ passenger: someone(`race-${n}`) })),
      ),
    );
    const answers = await Promise.all(bookings.map((booking) => apply(booking, 'ONEUSE')));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, ...Array(19).fill(400)]);
    const paid = await Promise.all(bookings.map((booking) => pay(booking)));
    const discounted = paid.filter((payment) => payment.totalCents < SEDAN.fareCents);
    expect(paid.every((payment) => payment.status === 'CONFIRMED')).toBe(true);
    expect(discounted).toHaveLength(1);
    expect(discounted[0]?.totalCents).toBe(11_388);
    expect(await (await promoUses()).activeUses('ONEUSE')).toBe(1);
  });

  it('gives the use back when online payment closes for an unpaid booking', async () => {
    const booking = await booked(bookingBody({ passenger: someone('late') }));
    await pickupSoon(await applied(booking, 'WELCOME10'));
    expect((await status(booking)).payment.status).toBe('failed');
    expect(await (await promoUses()).usesOf(booking.bookingId)).toEqual([]);
  });

  it('gives it back in the reconciliation too, for a booking nobody looks at again', async () => {
    const booking = await booked(bookingBody({ passenger: someone('abandoned') }));
    await pickupSoon(await applied(booking, 'WELCOME10'));
    await (
      await app.load<typeof ReconcileModule>('/app/booking/reconcile.server.ts')
    ).reconcilePayments();
    expect(await (await promoUses()).usesOf(booking.bookingId)).toEqual([]);
    const intent = await (await gateway()).retrievePaymentIntent(booking.payment.paymentIntentId);
    expect(intent?.status).toBe('canceled');
  });
});
