// A refund made in Stripe's dashboard, reconciled from its signed charge.refunded webhook through
// the real Remix request handler on a local stub of Stripe's API: the paid booking's refunded total
// is brought up to Stripe's, the customer's lookup shows it, and a replay changes nothing.
import {
  bookingResponseSchema,
  lookupResponseSchema,
  type BookingResponse,
} from '@business-chauffeur/booking-contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bookingAppHelpers } from '../support/booking-app';
import { bookingBody, passenger } from '../support/quotes';
import type { RemixApp } from '../support/remix-app';
import {
  chargeRefundedEvent,
  closeStripeApp,
  paymentIntentEvent,
  signStripePayload,
  startStripeApp,
  type StripeStub,
} from '../support/stripe-stub';
import type { TestEnvironment } from '../support/test-environment';

// Each file starts a real server; on a busy machine a step can take seconds.
vi.setConfig({ testTimeout: 60_000 });

const WEBHOOK_SECRET = 'whsec_refund_webhook_test_secret';
let stub: StripeStub;
let env: TestEnvironment;
let app: RemixApp;

beforeAll(async () => {
  ({ stub, env, app } = await startStripeApp({
    key: 'refundwebhook',
    webhookSecret: WEBHOOK_SECRET,
  }));
}, 180_000);

afterAll(() => closeStripeApp({ stub, env, app }));

const { saved, booking: domainBooking } = bookingAppHelpers(
  () => app,
  () => env.dataDir,
);

function intentOf(booking: BookingResponse) {
  const intent = stub.intents.get(booking.payment.paymentIntentId);
  if (!intent) throw new Error('missing intent');
  return intent;
}

function deliver(event: object) {
  const payload = JSON.stringify(event);
  return app.request('/api/webhooks/stripe', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'Stripe-Signature': signStripePayload(payload, WEBHOOK_SECRET),
    },
    body: payload,
  });
}

/** A booking paid through Stripe (its success delivered by the webhook). */
async function paidBooking(): Promise<BookingResponse> {
  const response = await app.request('/api/bookings', { method: 'POST', json: bookingBody() });
  expect(response.status, await response.clone().text()).toBe(201);
  const booking = bookingResponseSchema.parse(await response.json());
  expect(
    (await deliver(paymentIntentEvent('payment_intent.succeeded', intentOf(booking)))).status,
  ).toBe(200);
  expect((await saved(booking.bookingId)).bookingStatus).toBe('CONFIRMED');
  return booking;
}

let lookups = 0;
async function lookedUp(booking: BookingResponse) {
  lookups += 1;
  const response = await app.request('/api/bookings/lookup', {
    method: 'POST',
    json: { email: passenger.email, bookingNumber: booking.bookingReferenceId },
    clientAddress: `203.0.113.${lookups}`,
  });
  expect(response.status).toBe(200);
  return lookupResponseSchema.parse(await response.json()).booking;
}

describe('POST /api/webhooks/stripe with charge.refunded', () => {
  it('records a dashboard refund of $25 on the paid booking, shown by the lookup; a replay changes nothing', async () => {
    const booking = await paidBooking();
    expect((await lookedUp(booking)).refundedCents).toBeNull();

    const event = chargeRefundedEvent(intentOf(booking), 2500);
    const first = await deliver(event);
    expect(first.status).toBe(200);
    await expect(first.json()).resolves.toMatchObject({
      received: true,
      handled: true,
      refund: 'applied',
    });
    const refunded = await saved(booking.bookingId);
    expect(refunded.bookingStatus).toBe('CONFIRMED');
    expect(refunded.refundAmount).toBe(25);
    expect(refunded.refunds).toEqual([
      {
        key: `provider:${event.id}`,
        amountCents: 2500,
        reason: 'Refunded at the payment provider',
        by: 'payment provider',
        requestedAt: new Date(event.created * 1000).toISOString(),
        status: 'succeeded',
        providerRefundId: null,
        charges: [
          { paymentIntentId: intentOf(booking).id, amountCents: 2500, providerRefundId: null },
        ],
      },
    ]);
    expect((await domainBooking(booking.bookingId)).refundCents).toBe(2500);
    expect((await lookedUp(booking)).refundedCents).toBe(2500);

    const replay = await deliver(event);
    expect(replay.status).toBe(200);
    await expect(replay.json()).resolves.toMatchObject({ refund: 'unchanged' });
    expect(await saved(booking.bookingId)).toEqual(refunded);
    expect((await lookedUp(booking)).refundedCents).toBe(2500);
  });

  it('adds only the difference when a later refund raises the charge’s refunded total', async () => {
    const booking = await paidBooking();
    await deliver(chargeRefundedEvent(intentOf(booking), 2500));
    const second = await deliver(chargeRefundedEvent(intentOf(booking), 4000));
    await expect(second.json()).resolves.toMatchObject({ refund: 'applied' });
    const after = await saved(booking.bookingId);
    expect(after.refundAmount).toBe(40);
    expect(after.refunds?.map((entry) => entry.amountCents)).toEqual([2500, 1500]);
  });

  it('acknowledges a refund of an intent this site did not make, and changes nothing', async () => {
    const booking = await paidBooking();
    const before = await saved(booking.bookingId);
    const stranger = {
      ...intentOf(booking),
      id: 'pi_from_another_system',
      metadata: { bookingId: booking.bookingId },
    };
    const response = await deliver(chargeRefundedEvent(stranger, 2500));
    expect(response.status).toBe(200);
    await expect(response.json()).resolves.toMatchObject({ refund: 'unknown-booking' });
    expect(await saved(booking.bookingId)).toEqual(before);
  });
});
