// The Stripe adapter end to end through the real Remix request handler: PaymentIntents created on a
// local stub of Stripe's API, and signed webhook events at POST /api/webhooks/stripe (replays,
// out-of-order events, failures then success, bad signatures), with the confirmation email sent once.
import {
  bookingResponseSchema,
  messages,
  timeInBrisbane,
  todayInBrisbane,
  type BookingResponse,
} from '@business-chauffeur/booking-contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as MailModule from '~/mail/mail.server';
import { STRIPE_API_VERSION } from '~/payments/stripe-payment-gateway.server';
import { SEDAN, bookingBody } from '../support/quotes';
import { bookingAppHelpers } from '../support/booking-app';
import type { RemixApp } from '../support/remix-app';
import {
  closeStripeApp,
  paymentIntentEvent,
  signStripePayload,
  startStripeApp,
  type StripeStub,
} from '../support/stripe-stub';
import type { TestEnvironment } from '../support/test-environment';

// Each file starts a real server (and an emulator); on a busy machine a step can take seconds.
vi.setConfig({ testTimeout: 60_000 });

const WEBHOOK_SECRET = 'whsec_integration_test_secret';
let stub: StripeStub;
let env: TestEnvironment;
let app: RemixApp;

beforeAll(async () => {
  ({ stub, env, app } = await startStripeApp({
    key: 'integration',
    webhookSecret: WEBHOOK_SECRET,
  }));
}, 180_000);

afterAll(() => closeStripeApp({ stub, env, app }));

const { saved, emailsFor, store } = bookingAppHelpers(
  () => app,
  () => env.dataDir,
);

async function booked(): Promise<BookingResponse> {
  const response = await app.request('/api/bookings', { method: 'POST', json: bookingBody() });
  expect(response.status, await response.clone().text()).toBe(201);
  return bookingResponseSchema.parse(await response.json());
}

/** Moves the saved booking's pickup to `minutes` from now (a payment step left open). */
async function pickupIn(booking: BookingResponse, minutes: number) {
  const soon = new Date(Date.now() + minutes * 60_000);
  await (
    await store()
  ).updateBooking(booking.bookingId, (current) => ({
    ...current,
    trip: { ...current.trip, date: todayInBrisbane(soon), time: timeInBrisbane(soon) },
  }));
}

function intentOf(booking: BookingResponse) {
  const intent = stub.intents.get(booking.payment.paymentIntentId);
  if (!intent) throw new Error('missing intent');
  return intent;
}

function deliver(event: object, signature?: string) {
  const payload = JSON.stringify(event);
  return app.request('/api/webhooks/stripe', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'Stripe-Signature': signature ?? signStripePayload(payload, WEBHOOK_SECRET),
    },
    body: payload,
  });
}

describe('creating the payment', () => {
  it('creates a PaymentIntent in AUD cents for the server amount, pinned and idempotent', async () => {
    const before = stub.requests.length;
    const booking = await booked();
    expect(booking.payment).toEqual({
      provider: 'stripe',
      paymentIntentId: expect.stringMatching(/^pi_stub_/),
      clientSecret: expect.stringContaining('_secret_'),
      publishableKey: 'pk_test_integration',
    });
    const creates = stub.requests.slice(before).filter((request) => request.method === 'POST');
    expect(creates).toHaveLength(1);
    const create = creates[0];
    expect(create?.path).toBe('/v1/payment_intents');
    expect(Object.fromEntries(create?.form ?? [])).toMatchObject({
      amount: String(SEDAN.fareCents),
      currency: 'aud',
      'automatic_payment_methods[enabled]': 'true',
      'metadata[bookingId]': booking.bookingId,
      'metadata[bookingReferenceId]': booking.bookingReferenceId,
    });
    expect(create?.headers['idempotency-key']).toBe(
      `booking-${booking.bookingId}-payment-${SEDAN.fareCents}`,
    );
    expect(create?.headers['stripe-version']).toBe(STRIPE_API_VERSION);
    expect(create?.headers.authorization).toBe('Bearer sk_test_integration');
  });

  it('answers a Stripe outage with a clear 502 that names no Stripe internals', async () => {
    stub.failNext(10);
    const response = await app.request('/api/bookings', { method: 'POST', json: bookingBody() });
    stub.failNext(0);
    expect(response.status).toBe(502);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('payment_unavailable');
    expect(body.error.message).not.toMatch(/stripe|bad day/i);
  });

  it('has no sandbox card endpoint when Stripe is configured', async () => {
    const booking = await booked();
    const response = await app.request(`/api/bookings/${booking.bookingId}/sandbox-confirm`, {
      method: 'POST',
      json: {
        clientSecret: booking.payment.clientSecret,
        card: { number: '4242424242424242', expiry: '12/34', cvc: '123' },
        termsAccepted: true,
      },
    });
    expect(response.status).toBe(404);
  });
});

describe('POST /api/webhooks/stripe', () => {
  it('confirms on a verified success, and a replayed event changes nothing and sends no email', async () => {
    const booking = await booked();
    const event = paymentIntentEvent('payment_intent.succeeded', intentOf(booking));
    const first = await deliver(event);
    expect(first.status).toBe(200);
    await expect(first.json()).resolves.toMatchObject({ received: true, duplicate: false });
    const confirmed = await saved(booking.bookingId);
    expect(confirmed.bookingStatus).toBe('CONFIRMED');
    expect(confirmed.paymentDetails).toMatchObject({
      paymentRefId: booking.payment.paymentIntentId,
      amount: SEDAN.fare,
      currency: 'AUD',
    });
    expect(await emailsFor(booking.bookingReferenceId)).toHaveLength(1);

    const replay = await deliver(event);
    expect(replay.status).toBe(200);
    await expect(replay.json()).resolves.toMatchObject({ duplicate: true });
    expect(await saved(booking.bookingId)).toEqual(confirmed);
    expect(await emailsFor(booking.bookingReferenceId)).toHaveLength(1);
  });

  it('sends one email when the same event is delivered many times at once', async () => {
    const booking = await booked();
    const event = paymentIntentEvent('payment_intent.succeeded', intentOf(booking));
    const responses = await Promise.all(Array.from({ length: 6 }, () => deliver(event)));
    expect(responses.map((response) => response.status)).toEqual(Array(6).fill(200));
    expect(await emailsFor(booking.bookingReferenceId)).toHaveLength(1);
  });

  it.each([
    ['no signature', () => ''],
    [
      'a signature made with another secret',
      (payload: string) => signStripePayload(payload, 'whsec_other'),
    ],
    [
      'an old signature',
      (payload: string) =>
        signStripePayload(payload, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600),
    ],
  ])('answers 400 to %s and changes nothing', async (_case, sign) => {
    const booking = await booked();
    const event = paymentIntentEvent('payment_intent.succeeded', intentOf(booking));
    const response = await deliver(event, sign(JSON.stringify(event)));
    expect(response.status).toBe(400);
    await expect(response.json()).resolves.toMatchObject({ error: { code: 'invalid_signature' } });
    expect((await saved(booking.bookingId)).bookingStatus).toBe('DRAFT');
  });

  it('answers 400 to a body altered after signing', async () => {
    const booking = await booked();
    const event = paymentIntentEvent('payment_intent.payment_failed', intentOf(booking));
    const signature = signStripePayload(JSON.stringify(event), WEBHOOK_SECRET);
    const altered = { ...event, type: 'payment_intent.succeeded' };
    expect((await deliver(altered, signature)).status).toBe(400);
    expect((await saved(booking.bookingId)).bookingStatus).toBe('DRAFT');
  });

  it('records REJECTED on a failure, and a later success confirms (a declined card may be retried)', async () => {
    const booking = await booked();
    const failed = await deliver(
      paymentIntentEvent('payment_intent.payment_failed', intentOf(booking)),
    );
    expect(failed.status).toBe(200);
    const rejected = await saved(booking.bookingId);
    expect(rejected.bookingStatus).toBe('REJECTED');
    expect(rejected.paymentDetails).toMatchObject({
      paymentRefId: -1,
      amount: SEDAN.fare,
      error: { code: 'generic_decline', description: 'Your card was declined.' },
    });
    expect(rejected.paymentAttempts[0]).toMatchObject({ cardBrand: 'visa', cardLast4: '0002' });
    expect(await emailsFor(booking.bookingReferenceId)).toHaveLength(0);

    await deliver(paymentIntentEvent('payment_intent.succeeded', intentOf(booking)));
    expect((await saved(booking.bookingId)).bookingStatus).toBe('CONFIRMED');
    expect(await emailsFor(booking.bookingReferenceId)).toHaveLength(1);
  });

  it('keeps CONFIRMED when an earlier failure arrives after the success', async () => {
    const booking = await booked();
    const now = Math.floor(Date.now() / 1000);
    const failure = paymentIntentEvent('payment_intent.payment_failed', intentOf(booking), {
      created: now - 60,
    });
    const success = paymentIntentEvent('payment_intent.succeeded', intentOf(booking), {
      created: now,
    });
    await deliver(success);
    await deliver(failure);
    const final = await saved(booking.bookingId);
    expect(final.bookingStatus).toBe('CONFIRMED');
    expect(final.paymentDetails.paymentRefId).toBe(booking.payment.paymentIntentId);
    expect(final.paymentAttempts.map((attempt) => attempt.outcome)).toEqual([
      'succeeded',
      'failed',
    ]);
    expect(await emailsFor(booking.bookingReferenceId)).toHaveLength(1);
  });

  it('never confirms a payment of another amount than the server asked for', async () => {
    const booking = await booked();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await deliver(
      paymentIntentEvent('payment_intent.succeeded', intentOf(booking), { amount: 100 }),
    );
    const after = await saved(booking.bookingId);
    expect(after.bookingStatus).toBe('DRAFT');
    expect(after.paymentAttempts).toHaveLength(1);
    expect(after.alerts).toMatchObject([{ kind: 'payment_amount_differs', amountCents: 100 }]);
    // No confirmation to the customer: one message, to the bookings inbox.
    const emails = await emailsFor(booking.bookingReferenceId);
    expect(emails.map((email) => [email.subject, email.to])).toEqual([
      [
        `A payment needs action: booking ${booking.bookingReferenceId}`,
        expect.stringContaining('bookings@businesschauffeur.example'),
      ],
    ]);
  });

  it('acknowledges events it does not act on, and events for unknown bookings', async () => {
    const booking = await booked();
    const created = await deliver(paymentIntentEvent('payment_intent.created', intentOf(booking)));
    expect(created.status).toBe(200);
    await expect(created.json()).resolves.toMatchObject({ received: true, handled: false });
    const stranger = {
      ...intentOf(booking),
      id: 'pi_from_another_system',
      metadata: { bookingId: 'AAAAAAAAAAAAAAAAAAAA' },
    };
    expect((await deliver(paymentIntentEvent('payment_intent.succeeded', stranger))).status).toBe(
      200,
    );
    expect((await saved(booking.bookingId)).bookingStatus).toBe('DRAFT');
  });

  it('answers 500 when the email cannot be sent, and Stripe’s retry of the event sends it', async () => {
    const booking = await booked();
    const mail = await app.load<typeof MailModule>('/app/mail/mail.server.ts');
    vi.spyOn(mail.getMailer(), 'send').mockRejectedValueOnce(new Error('SMTP down'));
    const event = paymentIntentEvent('payment_intent.succeeded', intentOf(booking));
    expect((await deliver(event)).status).toBe(500);
    expect((await saved(booking.bookingId)).bookingStatus).toBe('CONFIRMED');
    expect(await emailsFor(booking.bookingReferenceId)).toHaveLength(0);
    expect((await deliver(event)).status).toBe(200);
    expect(await emailsFor(booking.bookingReferenceId)).toHaveLength(1);
    expect((await deliver(event)).status).toBe(200);
    expect(await emailsFor(booking.bookingReferenceId)).toHaveLength(1);
  });

  it('answers 405 to GET', async () => {
    expect((await app.request('/api/webhooks/stripe')).status).toBe(405);
  });
});

describe('GET /api/bookings/:id/payment-status with Stripe', () => {
  it('verifies a success with Stripe before the webhook arrives, once', async () => {
    const booking = await booked();
    const url = `/api/bookings/${booking.bookingId}/payment-status?clientSecret=${encodeURIComponent(booking.payment.clientSecret)}`;
    await expect((await app.request(url)).json()).resolves.toMatchObject({
      status: 'DRAFT',
      payment: { status: 'requires_payment_method' },
    });
    // The customer paid (Stripe.js confirmed the intent); the webhook is still on its way.
    const intent = intentOf(booking);
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    await expect((await app.request(url)).json()).resolves.toMatchObject({
      status: 'CONFIRMED',
      payment: { status: 'succeeded' },
    });
    await app.request(url);
    expect(await emailsFor(booking.bookingReferenceId)).toHaveLength(1);
    // The webhook then arrives: nothing changes, no second email.
    const confirmed = await saved(booking.bookingId);
    expect((await deliver(paymentIntentEvent('payment_intent.succeeded', intent))).status).toBe(
      200,
    );
    expect(await saved(booking.bookingId)).toEqual(confirmed);
    expect(await emailsFor(booking.bookingReferenceId)).toHaveLength(1);
  });
});

describe('a Stripe payment when the pickup is now less than an hour away', () => {
  it('cancels the PaymentIntent, so the card form still holding its secret cannot charge, and says why', async () => {
    const booking = await booked();
    await pickupIn(booking, 35);
    const url = `/api/bookings/${booking.bookingId}/payment-status?clientSecret=${encodeURIComponent(booking.payment.clientSecret)}`;
    const before = stub.requests.length;
    await expect((await app.request(url)).json()).resolves.toMatchObject({
      status: 'DRAFT',
      payment: {
        status: 'failed',
        error: {
          code: 'too_late_to_pay',
          message: messages.bookingApi.tooLateToPay('1300 975 707'),
        },
      },
    });
    expect(intentOf(booking).status).toBe('canceled');
    expect(
      stub.requests
        .slice(before)
        .some(
          (request) =>
            request.path === `/v1/payment_intents/${booking.payment.paymentIntentId}/cancel`,
        ),
    ).toBe(true);
  });

  it('when Stripe cannot be reached, the status and the agreement answer what the server verified, and that this pickup can no longer be paid online', async () => {
    const booking = await booked();
    const status = () =>
      app.request(
        `/api/bookings/${booking.bookingId}/payment-status?clientSecret=${encodeURIComponent(booking.payment.clientSecret)}`,
      );
    const agree = () =>
      app.request(`/api/bookings/${booking.bookingId}/terms`, {
        method: 'POST',
        json: { clientSecret: booking.payment.clientSecret, accepted: true },
      });
    stub.failNext(1000);
    try {
      for (const response of [await status(), await agree()]) {
        expect(response.status, await response.clone().text()).toBe(200);
        await expect(response.json()).resolves.toMatchObject({
          status: 'DRAFT',
          payment: { status: 'requires_payment_method', error: null },
        });
      }
      await pickupIn(booking, 35);
      for (const response of [await status(), await agree()]) {
        expect(response.status, await response.clone().text()).toBe(200);
        await expect(response.json()).resolves.toMatchObject({
          status: 'DRAFT',
          payment: {
            status: 'failed',
            error: {
              code: 'too_late_to_pay',
              message: messages.bookingApi.tooLateToPay('1300 975 707'),
            },
          },
        });
      }
    } finally {
      stub.failNext(0);
    }
  });

  it('still records a success that went through anyway: the money is never lost silently', async () => {
    const booking = await booked();
    await pickupIn(booking, 35);
    const intent = intentOf(booking);
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    expect((await deliver(paymentIntentEvent('payment_intent.succeeded', intent))).status).toBe(
      200,
    );
    const recorded = await saved(booking.bookingId);
    expect(recorded.bookingStatus).toBe('CONFIRMED');
    expect(recorded.paymentAttempts).toHaveLength(1);
    expect(recorded.paymentAttempts[0]).toMatchObject({ outcome: 'succeeded' });
  });
});
