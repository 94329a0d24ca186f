// The Stripe adapter at its boundary, against the local stub of Stripe's API
// (tests/support/stripe-stub.ts): what an amount change and a refund send (method, path, form body,
// headers), how each kind of answer maps onto the port's results and errors, and what a signed
// charge.refunded webhook reads as.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  chargeRefundedEvent,
  paymentIntentEvent,
  signStripePayload,
  startStripeStub,
  type StripeStub,
  type StubIntent,
} from '../../tests/support/stripe-stub';
import {
  PaymentIntentNotFoundError,
  PaymentIntentNotUpdatableError,
  PaymentProviderError,
  RefundRefusedError,
  WebhookSignatureError,
  type PaymentIntentView,
  type RefundInput,
} from './payment-gateway.server';
import { createStripePaymentGateway, STRIPE_API_VERSION } from './stripe-payment-gateway.server';

let stub: StripeStub;

beforeAll(async () => {
  stub = await startStripeStub();
});

afterAll(() => stub.close());

beforeEach(() => {
  stub.failNext(0);
});

function gateway(apiBaseUrl = stub.baseUrl) {
  return createStripePaymentGateway({
    secretKey: 'sk_test_adapter',
    publishableKey: 'pk_test_adapter',
    webhookSecret: 'whsec_adapter',
    apiBaseUrl,
    timeoutMs: 2_000,
  });
}

let bookings = 0;

async function created(): Promise<PaymentIntentView> {
  bookings += 1;
  return gateway().createPaymentIntent(
    {
      bookingId: `booking${bookings}`,
      bookingReferenceId: 'MH3K9Q2A',
      amountCents: 14235,
      currency: 'aud',
      description: 'Booking MH3K9Q2A',
    },
    { idempotencyKey: `create-${bookings}` },
  );
}

describe('updatePaymentIntentAmount', () => {
  it('POSTs the new amount, form-encoded, with the idempotency key, and reads the intent back', async () => {
    const intent = await created();
    const before = stub.requests.length;
    const changed = await gateway().updatePaymentIntentAmount(intent.id, 12812, {
      idempotencyKey: 'booking1-amount-12812-change-1',
    });
    expect(changed).toEqual({ ...intent, amount: 12812 });

    const sent = stub.requests.slice(before);
    expect(sent).toHaveLength(1);
    const [request] = sent;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe(`/v1/payment_intents/${intent.id}`);
    expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(request?.form ?? [])).toEqual({
      amount: '12812',
      'expand[0]': 'payment_method',
    });
    expect(request?.headers['idempotency-key']).toBe('booking1-amount-12812-change-1');
    expect(request?.headers['stripe-version']).toBe(STRIPE_API_VERSION);
    expect(request?.headers.authorization).toBe('Bearer sk_test_adapter');
    await expect(gateway().retrievePaymentIntent(intent.id)).resolves.toMatchObject({
      amount: 12812,
    });
  });

  it.each(['succeeded', 'processing', 'canceled', 'requires_capture'])(
    'maps Stripe’s payment_intent_unexpected_state (a %s intent) to PaymentIntentNotUpdatableError',
    async (status) => {
      const intent = await created();
      const held = stub.intents.get(intent.id);
      if (held) held.status = status;
      const error = await gateway()
        .updatePaymentIntentAmount(intent.id, 12812, { idempotencyKey: `refused-${status}` })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(PaymentIntentNotUpdatableError);
      expect(error).toMatchObject({ intentId: intent.id, status });
      expect(stub.intents.get(intent.id)?.amount).toBe(14235);
    },
  );

  it('maps an unknown intent to PaymentIntentNotFoundError', async () => {
    await expect(
      gateway().updatePaymentIntentAmount('pi_missing', 12812, { idempotencyKey: 'missing-1' }),
    ).rejects.toBeInstanceOf(PaymentIntentNotFoundError);
  });

  it('maps a Stripe outage (5xx) to PaymentProviderError, every retry with the same key', async () => {
    const intent = await created();
    const before = stub.requests.length;
    stub.failNext(10);
    const error = await gateway()
      .updatePaymentIntentAmount(intent.id, 12812, { idempotencyKey: 'outage-1' })
      .catch((caught: unknown) => caught);
    stub.failNext(0);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect((error as Error).message).not.toMatch(/bad day/);
    const tries = stub.requests.slice(before);
    expect(tries.length).toBeGreaterThan(1);
    expect(new Set(tries.map((request) => request.headers['idempotency-key']))).toEqual(
      new Set(['outage-1']),
    );
    expect(stub.intents.get(intent.id)?.amount).toBe(14235);
  });

  it('maps an unreachable Stripe to PaymentProviderError', async () => {
    const offline = gateway('http://127.0.0.1:9');
    await expect(
      offline.updatePaymentIntentAmount('pi_any', 12812, { idempotencyKey: 'offline-1' }),
    ).rejects.toBeInstanceOf(PaymentProviderError);
  });
});

/** An intent the stub holds as paid in full, as a card payment leaves it. */
async function paid(): Promise<StubIntent> {
  const intent = stub.intents.get((await created()).id);
  if (!intent) throw new Error('The stub lost the intent it created.');
  Object.assign(intent, { status: 'succeeded', amount_received: intent.amount });
  return intent;
}

function refundOf(paymentIntentId: string, amountCents: number): RefundInput {
  return {
    paymentIntentId,
    amountCents,
    bookingId: 'booking-refund',
    bookingReferenceId: 'MH3K9Q2A',
    reason: 'Driver was 40 minutes late',
  };
}

describe('refund', () => {
  it('POSTs the refund, form-encoded, with the idempotency key and the booking and staff reason as metadata', async () => {
    const intent = await paid();
    const before = stub.requests.length;
    const refund = await gateway().refund(refundOf(intent.id, 5000), {
      idempotencyKey: 'booking-refund-refund-1',
    });
    expect(refund).toEqual({
      id: expect.stringMatching(/^re_/) as string,
      paymentIntentId: intent.id,
      amountCents: 5000,
      status: 'succeeded',
    });

    const sent = stub.requests.slice(before);
    expect(sent).toHaveLength(1);
    const [request] = sent;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v1/refunds');
    expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(request?.form ?? [])).toEqual({
      payment_intent: intent.id,
      amount: '5000',
      reason: 'requested_by_customer',
      'metadata[bookingId]': 'booking-refund',
      'metadata[bookingReferenceId]': 'MH3K9Q2A',
      'metadata[staffReason]': 'Driver was 40 minutes late',
    });
    expect(request?.headers['idempotency-key']).toBe('booking-refund-refund-1');
    expect(request?.headers['stripe-version']).toBe(STRIPE_API_VERSION);
    expect(request?.headers.authorization).toBe('Bearer sk_test_adapter');
    expect(stub.refunded.get(intent.id)).toBe(5000);
  });

  it('refunds nothing more on a retry with the same idempotency key, and answers the same refund', async () => {
    const intent = await paid();
    const first = await gateway().refund(refundOf(intent.id, 5000), { idempotencyKey: 'retry-1' });
    const again = await gateway().refund(refundOf(intent.id, 5000), { idempotencyKey: 'retry-1' });
    expect(again).toEqual(first);
    expect(stub.refunded.get(intent.id)).toBe(5000);
  });

  it('maps Stripe’s refusal of more than is left of the payment to RefundRefusedError exceeds_paid', async () => {
    const intent = await paid();
    await gateway().refund(refundOf(intent.id, 10000), { idempotencyKey: 'partial-1' });
    const error = await gateway()
      .refund(refundOf(intent.id, 4236), { idempotencyKey: 'partial-2' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RefundRefusedError);
    expect(error).toMatchObject({ reason: 'exceeds_paid' });
    expect(stub.refunded.get(intent.id)).toBe(10000);
    // What is left can still be refunded.
    await expect(
      gateway().refund(refundOf(intent.id, 4235), { idempotencyKey: 'partial-3' }),
    ).resolves.toMatchObject({ amountCents: 4235 });
    expect(stub.refunded.get(intent.id)).toBe(14235);
  });

  it('maps an unknown intent to RefundRefusedError not_found', async () => {
    const error = await gateway()
      .refund(refundOf('pi_missing', 5000), { idempotencyKey: 'missing-refund-1' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RefundRefusedError);
    expect(error).toMatchObject({ reason: 'not_found' });
  });

  it('maps an intent that was never paid to RefundRefusedError not_paid', async () => {
    const intent = await created();
    const error = await gateway()
      .refund(refundOf(intent.id, 5000), { idempotencyKey: 'unpaid-refund-1' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RefundRefusedError);
    expect(error).toMatchObject({ reason: 'not_paid' });
    expect(stub.refunded.has(intent.id)).toBe(false);
  });

  it('maps a Stripe outage (5xx) to PaymentProviderError, every retry with the same key', async () => {
    const intent = await paid();
    const before = stub.requests.length;
    stub.failNext(10);
    const error = await gateway()
      .refund(refundOf(intent.id, 5000), { idempotencyKey: 'refund-outage-1' })
      .catch((caught: unknown) => caught);
    stub.failNext(0);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect((error as Error).message).not.toMatch(/bad day/);
    const tries = stub.requests.slice(before);
    expect(tries.length).toBeGreaterThan(1);
    expect(new Set(tries.map((request) => request.headers['idempotency-key']))).toEqual(
      new Set(['refund-outage-1']),
    );
    expect(stub.refunded.has(intent.id)).toBe(false);
  });

  it('maps an unreachable Stripe to PaymentProviderError', async () => {
    const offline = gateway('http://127.0.0.1:9');
    await expect(
      offline.refund(refundOf('pi_any', 5000), { idempotencyKey: 'refund-offline-1' }),
    ).rejects.toBeInstanceOf(PaymentProviderError);
  });
});

describe('readWebhook', () => {
  it('reads a signed charge.refunded event as the charge’s refunded total, with no payment outcome', async () => {
    const intent = await paid();
    const created = Math.floor(Date.parse('2026-03-14T09:30:00Z') / 1000);
    const payload = JSON.stringify(
      chargeRefundedEvent(intent, 5000, { id: 'evt_refunded_1', created }),
    );
    const delivery = gateway().readWebhook(payload, signStripePayload(payload, 'whsec_adapter'));
    expect(delivery).toEqual({
      eventId: 'evt_refunded_1',
      event: null,
      refund: {
        id: 'evt_refunded_1',
        occurredAt: '2026-03-14T09:30:00.000Z',
        paymentIntentId: intent.id,
        amountRefundedCents: 5000,
      },
    });
  });

  it('reads a payment event as before, with no refund', async () => {
    const intent = await paid();
    const payload = JSON.stringify(paymentIntentEvent('payment_intent.succeeded', intent));
    const delivery = gateway().readWebhook(payload, signStripePayload(payload, 'whsec_adapter'));
    expect(delivery.event).toMatchObject({
      outcome: 'succeeded',
      paymentIntentId: intent.id,
      amountCents: 14235,
    });
    expect(delivery.refund ?? null).toBeNull();
  });

  it.each([
    ['unsigned', () => null],
    ['signed with another secret', (payload: string) => signStripePayload(payload, 'whsec_other')],
  ])(
    'refuses a charge.refunded event %s with WebhookSignatureError',
    async (_, sign: (payload: string) => string | null) => {
      const payload = JSON.stringify(chargeRefundedEvent(await paid(), 5000));
      expect(() => gateway().readWebhook(payload, sign(payload))).toThrow(WebhookSignatureError);
    },
  );
});
