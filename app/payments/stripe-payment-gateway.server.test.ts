// The Stripe adapter at its boundary, against the local stub of Stripe's API
// (tests/support/stripe-stub.ts): what an amount change sends (method, path, form body, headers)
// and how each kind of answer maps onto the port's results and errors.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStripeStub, type StripeStub } from '../../tests/support/stripe-stub';
import {
  PaymentIntentNotFoundError,
  PaymentIntentNotUpdatableError,
  PaymentProviderError,
  type PaymentIntentView,
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
