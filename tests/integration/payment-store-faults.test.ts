// The test-mode card form while the booking store cannot write, through the site's real Remix
// request handler on the embedded adapters. The fault is real: another connection holds the store
// file's write lock for longer than the store waits (a backup, a stuck writer; to the site, a
// store that answers reads and refuses writes), while the sandbox's own ledger, another file,
// still takes charges. No card is charged while the store cannot write; a charge that goes
// through just before the store fails is settled on the next request about the booking, or by the
// settle pass, without anyone asking: CONFIRMED, with one confirmation email.
import { DatabaseSync } from 'node:sqlite';
import {
  messages,
  lookupResponseSchema,
  paymentStatusResponseSchema,
  type BookingResponse,
} from '@business-chauffeur/booking-contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as SettlePassModule from '~/booking/settle-pass.server';
import { sqliteStorePath } from '~/store/sqlite-database.server';
import { bookingApiSuite } from '../support/booking-api';
import { bookingBody, passenger } from '../support/quotes';

const { env, app, gateway, booked, pay, status, saved, emailsFor } = bookingApiSuite();

let people = 0;
/** A booking of its own (another passenger), so each test pays a new booking. */
function newBooking() {
  people += 1;
  return booked(
    bookingBody({ passenger: { ...passenger, email: `store.fault.${people}@example.com` } }),
  );
}

/** Another process holding the store file's write lock until released. */
function lockStore() {
  const other = new DatabaseSync(sqliteStorePath(env.dataDir));
  other.exec('BEGIN IMMEDIATE');
  return () => {
    if (other.isTransaction) other.exec('ROLLBACK');
    other.close();
  };
}

let release: (() => void) | undefined;
afterEach(() => {
  release?.();
  release = undefined;
});

function sandboxConfirm(booking: BookingResponse, number = '4242 4242 4242 4242') {
  return app.request(`/api/bookings/${booking.bookingId}/sandbox-confirm`, {
    method: 'POST',
    json: {
      clientSecret: booking.payment.clientSecret,
      card: { number, expiry: '12/34', cvc: '123' },
      termsAccepted: true,
    },
  });
}

/** The sandbox's own record of the booking's payment (its ledger, not the booking store). */
async function ledger(booking: BookingResponse) {
  return (await gateway()).retrievePaymentIntent(booking.payment.paymentIntentId);
}

/**
 * The sandbox charges the card for real, then the store fails before the outcome is written: the
 * lock is taken right after the charge, as a disk that fills or goes read-only at that moment.
 */
async function storeFailsRightAfterTheCharge() {
  const payments = await gateway();
  const confirm = payments.confirm!.bind(payments);
  vi.spyOn(payments, 'confirm').mockImplementationOnce(async (...args) => {
    const result = await confirm(...args);
    release = lockStore();
    return result;
  });
}

describe('the store cannot write when the customer pays', () => {
  it('refuses before charging: 503, and the sandbox records no charge', async () => {
    const booking = await newBooking();
    release = lockStore();
    const refused = await sandboxConfirm(booking);
    expect(refused.status, await refused.clone().text()).toBe(503);
    expect(refused.headers.get('Retry-After')).toBe('5');
    expect(await refused.json()).toEqual({
      error: { code: 'service_unavailable', message: messages.api.storeUnavailable },
    });
    expect(await ledger(booking)).toMatchObject({ status: 'requires_payment_method', card: null });

    // Writable again: the customer's retry pays once and gets one email.
    release();
    release = undefined;
    expect((await pay(booking)).status).toBe('CONFIRMED');
    expect(await ledger(booking)).toMatchObject({ status: 'succeeded' });
    expect(await emailsFor(booking.bookingReferenceId)).toHaveLength(1);
  });
});

describe('the store fails between the check and the write after the charge', () => {
  it('answers "processing", keeps answering it while the store fails, and the next status check confirms', async () => {
    const booking = await newBooking();
    await storeFailsRightAfterTheCharge();
    const paid = await sandboxConfirm(booking);
    expect(paid.status, await paid.clone().text()).toBe(200);
    expect(paymentStatusResponseSchema.parse(await paid.json())).toMatchObject({
      status: 'DRAFT',
      payment: { status: 'processing', error: null },
    });
    expect(await ledger(booking)).toMatchObject({ status: 'succeeded' });
    expect((await saved(booking)).bookingStatus).toBe('DRAFT');

    // The widget watches the payment status: still "processing" while the store fails, not a 503
    // that would show the card form again.
    expect(await status(booking)).toMatchObject({
      status: 'DRAFT',
      payment: { status: 'processing' },
    });

    release?.();
    release = undefined;
    expect(await status(booking)).toMatchObject({
      status: 'CONFIRMED',
      payment: { status: 'succeeded' },
    });
    expect((await saved(booking)).bookingStatus).toBe('CONFIRMED');
    expect(await emailsFor(booking.bookingReferenceId)).toHaveLength(1);
  });

  it('settles it when the customer presses Pay again, without a second charge', async () => {
    const booking = await newBooking();
    await storeFailsRightAfterTheCharge();
    expect((await sandboxConfirm(booking)).status).toBe(200);
    release?.();
    release = undefined;

    // Another card this time: it must not be charged, the first payment settles the booking.
    const again = await sandboxConfirm(booking, '5555 5555 5555 4444');
    expect(again.status, await again.clone().text()).toBe(200);
    expect(paymentStatusResponseSchema.parse(await again.json())).toMatchObject({
      status: 'CONFIRMED',
      payment: { status: 'succeeded', error: null },
    });
    expect(await ledger(booking)).toMatchObject({ card: { brand: 'visa', last4: '4242' } });
    expect(await emailsFor(booking.bookingReferenceId)).toHaveLength(1);
  });

  it('settles it when the customer looks the booking up', async () => {
    const booking = await newBooking();
    await storeFailsRightAfterTheCharge();
    expect((await sandboxConfirm(booking)).status).toBe(200);
    release?.();
    release = undefined;

    const found = await app.request('/api/bookings/lookup', {
      method: 'POST',
      json: {
        email: `store.fault.${people}@example.com`,
        bookingNumber: booking.bookingReferenceId,
      },
    });
    expect(found.status).toBe(200);
    expect(lookupResponseSchema.parse(await found.json()).booking.status).toBe('CONFIRMED');
    expect(await emailsFor(booking.bookingReferenceId)).toHaveLength(1);
  });

  it('settles it in the settle pass when nobody asks', async () => {
    const booking = await newBooking();
    await storeFailsRightAfterTheCharge();
    expect((await sandboxConfirm(booking)).status).toBe(200);
    release?.();
    release = undefined;
    expect((await saved(booking)).bookingStatus).toBe('DRAFT');

    const { runSettlePass } = await app.load<typeof SettlePassModule>(
      '/app/booking/settle-pass.server.ts',
    );
    const summary = await runSettlePass();
    expect(summary.settled).toBeGreaterThanOrEqual(1);
    expect((await saved(booking)).bookingStatus).toBe('CONFIRMED');
    expect(await emailsFor(booking.bookingReferenceId)).toHaveLength(1);
    // Settled once: the next pass has nothing left to do for it.
    await runSettlePass();
    expect(await emailsFor(booking.bookingReferenceId)).toHaveLength(1);
  });
});
