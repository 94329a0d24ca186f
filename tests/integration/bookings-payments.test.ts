// Paying a booking through the API: a pickup now less than an hour away, declined cards and
// retries, and an amount only the server decides.
import { messages } from '@business-chauffeur/booking-contract';
import { describe, expect, it } from 'vitest';
import type * as BookingPaymentsModule from '~/booking/booking-payments.server';
import { expectError, bookingApiSuite } from '../support/booking-api';
import { PEOPLE_MOVER, SEDAN, bookingBody } from '../support/quotes';

const { app, store, gateway, booked, pay, status, pickupSoon, saved, emailsFor } =
  bookingApiSuite();

describe('a payment when the pickup is now less than an hour away', () => {
  const PHONE = '1300 975 707';

  /** A booking saved in time whose pickup is now 35 minutes away (a tab left open). */
  const lateBooking = async (options: { withoutPayment?: boolean } = {}) =>
    pickupSoon(await booked(), options);

  it('refuses the sandbox card with the support phone before any charge, and cancels the payment', async () => {
    const booking = await lateBooking();
    const response = await app.request(`/api/bookings/${booking.bookingId}/sandbox-confirm`, {
      method: 'POST',
      json: {
        clientSecret: booking.payment.clientSecret,
        card: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
        termsAccepted: true,
      },
    });
    const body = await expectError(response, 409, 'too_late_to_pay');
    expect(body.error.message).toBe(messages.bookingApi.tooLateToPay(PHONE));
    const after = await saved(booking);
    expect(after.bookingStatus).toBe('DRAFT');
    expect(after.paymentAttempts).toEqual([]);
    const intent = await (await gateway()).retrievePaymentIntent(booking.payment.paymentIntentId);
    expect(intent).toMatchObject({ status: 'canceled', card: null });
    expect(await emailsFor(booking.bookingReferenceId)).toHaveLength(0);
  });

  it('answers the payment status with the reason, so the card form is never used', async () => {
    const booking = await lateBooking();
    expect(await status(booking)).toMatchObject({
      status: 'DRAFT',
      payment: {
        status: 'failed',
        error: { code: 'too_late_to_pay', message: messages.bookingApi.tooLateToPay(PHONE) },
      },
    });
    const intent = await (await gateway()).retrievePaymentIntent(booking.payment.paymentIntentId);
    expect(intent?.status).toBe('canceled');
  });

  it('creates no payment for it', async () => {
    const booking = await lateBooking({ withoutPayment: true });
    const payments = await app.load<typeof BookingPaymentsModule>(
      '/app/booking/booking-payments.server.ts',
    );
    const current = await (await store()).getBooking(booking.bookingId);
    const error = await payments.ensurePayment(current!).catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      status: 409,
      code: 'too_late_to_pay',
      message: messages.bookingApi.tooLateToPay(PHONE),
    });
    expect((await saved(booking)).paymentDetails.paymentIntentId).toBe(0);
  });

  it('still takes the payment of a booking whose pickup is more than an hour away', async () => {
    const booking = await booked();
    expect(await pay(booking)).toMatchObject({ status: 'CONFIRMED' });
  });
});

describe('declined cards and retries', () => {
  it('records REJECTED with the card message, then a good card confirms the same booking', async () => {
    const booking = await booked();
    const declined = await pay(booking, '4000 0000 0000 0002');
    expect(declined).toMatchObject({
      status: 'REJECTED',
      payment: {
        status: 'failed',
        error: { type: 'card_error', code: 'generic_decline', message: 'Your card was declined.' },
      },
    });
    const rejected = await saved(booking);
    expect(rejected.bookingStatus).toBe('REJECTED');
    expect(rejected.paymentDetails).toMatchObject({ paymentRefId: -1, amount: SEDAN.fare });
    expect(await emailsFor(booking.bookingReferenceId)).toHaveLength(0);

    const poor = await pay(booking, '4000000000009995');
    expect(poor.payment.error?.message).toBe('Your card has insufficient funds.');

    const retried = await pay(booking, '4242424242424242');
    expect(retried).toMatchObject({ status: 'CONFIRMED', payment: { status: 'succeeded' } });
    const confirmed = await saved(booking);
    expect(confirmed.paymentDetails.paymentRefId).toBe(booking.payment.paymentIntentId);
    expect(confirmed.paymentAttempts.map((attempt) => attempt.outcome)).toEqual([
      'failed',
      'failed',
      'succeeded',
    ]);
    expect(await emailsFor(booking.bookingReferenceId)).toHaveLength(1);
  });

  it.each([
    ['4000 0000 0000 0069', '123', 'expired_card', 'Your card has expired.'],
    ['4000 0000 0000 0127', '123', 'incorrect_cvc', "Your card's security code is incorrect."],
    ['5105 1051 0510 5100', '123', 'generic_decline', 'Your card was declined.'],
  ])('declines %s like Stripe (%s)', async (number, cvc, code, message) => {
    const booking = await booked();
    const result = await pay(booking, number, cvc);
    expect(result).toMatchObject({
      status: 'REJECTED',
      payment: { status: 'failed', error: { type: 'card_error', code, message } },
    });
  });

  it('refuses a mistyped card before any charge and leaves the booking as it was', async () => {
    const booking = await booked();
    const result = await pay(booking, '4242 4242 4242 4241');
    expect(result).toMatchObject({
      status: 'DRAFT',
      payment: {
        status: 'requires_payment_method',
        error: { type: 'card_error', message: 'Your card number is incorrect.' },
      },
    });
    expect((await saved(booking)).paymentAttempts).toHaveLength(0);
  });
});

describe('the server decides the amount', () => {
  it('ignores any amount the client sends', async () => {
    const booking = await booked(
      bookingBody({
        amount: 1,
        totalCents: 100,
        fare: 1,
        bookingFee: 1,
        currency: 'USD',
        paymentDetails: { amount: 1, currency: 'USD' },
      }),
    );
    expect(booking.totalCents).toBe(SEDAN.fareCents);
    const intent = await (await gateway()).retrievePaymentIntent(booking.payment.paymentIntentId);
    expect(intent).toMatchObject({ amount: SEDAN.fareCents, currency: 'aud' });
    expect((await saved(booking)).paymentDetails.amount).toBe(SEDAN.fare);
  });

  it('charges the fare of the vehicle chosen from the quote', async () => {
    const booking = await booked(bookingBody({ vehicleId: PEOPLE_MOVER.id }));
    expect(booking.totalCents).toBe(PEOPLE_MOVER.fareCents);
  });
});
