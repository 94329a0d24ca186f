import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  PaymentIntentNotFoundError,
  PaymentIntentNotUpdatableError,
  PaymentProviderError,
  paymentAmountIdempotencyKey,
  RefundRefusedError,
} from './payment-gateway.server';
import { createSandboxPaymentGateway } from './sandbox-payment-gateway.server';
import { cardBrand } from './sandbox-test-cards.server';

const input = {
  bookingId: 'booking1',
  bookingReferenceId: 'MH3K9Q2A',
  amountCents: 14235,
  currency: 'aud' as const,
  description: 'Booking MH3K9Q2A',
};

async function intent() {
  const gateway = createSandboxPaymentGateway({ filename: ':memory:' });
  const created = await gateway.createPaymentIntent(input, { idempotencyKey: 'key-1' });
  return { gateway, created };
}

const card = (number: string, expiry = '12/34', cvc = '123') => ({ number, expiry, cvc });

type Gateway = ReturnType<typeof createSandboxPaymentGateway>;

describe('sandbox payment gateway', () => {
  it('creates an intent like Stripe, once per idempotency key', async () => {
    const { gateway, created } = await intent();
    expect(created).toMatchObject({
      id: expect.stringMatching(/^pi_sandbox_/),
      clientSecret: expect.stringMatching(new RegExp(`^${created.id}_secret_`)),
      amount: 14235,
      currency: 'aud',
      status: 'requires_payment_method',
      metadata: { bookingId: 'booking1', bookingReferenceId: 'MH3K9Q2A' },
      lastError: null,
    });
    await expect(gateway.createPaymentIntent(input, { idempotencyKey: 'key-1' })).resolves.toEqual(
      created,
    );
    await expect(
      gateway.createPaymentIntent({ ...input, amountCents: 100 }, { idempotencyKey: 'key-1' }),
    ).rejects.toThrow(/same parameters/);
    await expect(gateway.retrievePaymentIntent(created.id)).resolves.toEqual(created);
    await expect(gateway.retrievePaymentIntent('pi_missing')).resolves.toBeNull();
    expect(gateway.paymentStep(created)).toEqual({
      provider: 'sandbox',
      paymentIntentId: created.id,
      clientSecret: created.clientSecret,
      testMode: true,
    });
  });

  it.each([
    ['4242 4242 4242 4242', 'visa'],
    ['4000 0566 5566 5556', 'visa'],
    ['5555 5555 5555 4444', 'mastercard'],
    ['2223 0031 2200 3222', 'mastercard'],
  ])('charges %s (%s)', async (number, brand) => {
    const { gateway, created } = await intent();
    const result = await gateway.confirm(created.id, card(number));
    expect(result.error).toBeNull();
    expect(result.intent.status).toBe('succeeded');
    expect(result.event).toMatchObject({
      id: expect.stringMatching(/^evt_sandbox_/),
      providerType: 'payment_intent.succeeded',
      outcome: 'succeeded',
      paymentIntentId: created.id,
      bookingId: 'booking1',
      amountCents: 14235,
      currency: 'aud',
      card: { brand, last4: number.slice(-4) },
    });
  });

  it('charges an American Express card with its 4-digit CVC', async () => {
    const { gateway, created } = await intent();
    expect(
      (await gateway.confirm(created.id, card('3782 822463 10005', '12/34', '1234'))).intent.status,
    ).toBe('succeeded');
  });

  it.each([
    ['4000000000000002', 'card_declined', 'generic_decline', 'Your card was declined.'],
    [
      '4000000000009995',
      'card_declined',
      'insufficient_funds',
      'Your card has insufficient funds.',
    ],
    ['4000000000000069', 'expired_card', undefined, 'Your card has expired.'],
    ['4000000000000127', 'incorrect_cvc', undefined, "Your card's security code is incorrect."],
    ['4012888888881881', 'card_declined', 'generic_decline', 'Your card was declined.'],
  ])('declines %s with %s', async (number, code, declineCode, message) => {
    const { gateway, created } = await intent();
    const result = await gateway.confirm(created.id, card(number));
    expect(result.error).toEqual({
      type: 'card_error',
      code,
      ...(declineCode ? { declineCode } : {}),
      message,
    });
    expect(result.intent.status).toBe('requires_payment_method');
    expect(result.event).toMatchObject({
      providerType: 'payment_intent.payment_failed',
      outcome: 'failed',
      card: { brand: 'visa', last4: number.slice(-4) },
    });
    // A declined intent can be confirmed again with another card, as Stripe allows.
    expect((await gateway.confirm(created.id, card('4242424242424242'))).intent.status).toBe(
      'succeeded',
    );
  });

  it.each([
    [card('4242 4242 4242 4241'), 'incorrect_number', 'Your card number is incorrect.'],
    [card('4242'), 'incorrect_number', 'Your card number is incorrect.'],
    [
      card('4242424242424242', '13/30'),
      'invalid_expiry_month',
      "Your card's expiration month is invalid.",
    ],
    [
      card('4242424242424242', 'soon'),
      'invalid_expiry_month',
      "Your card's expiration month is invalid.",
    ],
    [
      card('4242424242424242', '01/20'),
      'invalid_expiry_year',
      "Your card's expiration year is in the past.",
    ],
    [
      card('4242424242424242', '12/34', '12'),
      'invalid_cvc',
      "Your card's security code is invalid.",
    ],
    [
      card('378282246310005', '12/34', '123'),
      'invalid_cvc',
      "Your card's security code is invalid.",
    ],
  ])('refuses %j before any charge', async (details, code, message) => {
    const { gateway, created } = await intent();
    const result = await gateway.confirm(created.id, details, new Date('2026-11-22T00:00:00Z'));
    expect(result).toMatchObject({ event: null, error: { type: 'card_error', code, message } });
    await expect(gateway.retrievePaymentIntent(created.id)).resolves.toMatchObject({
      status: 'requires_payment_method',
      lastError: null,
    });
  });

  it('accepts a card until the end of its expiry month', async () => {
    const { gateway, created } = await intent();
    const lastDay = new Date('2026-11-30T23:00:00Z');
    expect(
      (await gateway.confirm(created.id, card('4242424242424242', '11/26'), lastDay)).error,
    ).toBeNull();
  });

  it('accepts what the card form shows: "4242 4242 4242 4242" and "12 / 34"', async () => {
    for (const details of [
      card('4242 4242 4242 4242', '12 / 34'),
      card('3782 822463 10005', '12 / 34', '1234'),
    ]) {
      const { gateway, created } = await intent();
      const result = await gateway.confirm(created.id, details, new Date('2026-11-22T00:00:00Z'));
      expect(result.error, JSON.stringify(details)).toBeNull();
      expect(result.intent.status).toBe('succeeded');
    }
  });

  it('never charges a paid intent twice', async () => {
    const { gateway, created } = await intent();
    await gateway.confirm(created.id, card('4242424242424242'));
    const again = await gateway.confirm(created.id, card('5555555555554444'));
    expect(again.event).toBeNull();
    expect(again.error).toMatchObject({ code: 'payment_intent_unexpected_state' });
    expect(again.intent.card).toEqual({ brand: 'visa', last4: '4242' });
  });

  it('keeps only brand and last 4 digits of a card', async () => {
    const { gateway, created } = await intent();
    await gateway.confirm(created.id, card('4000 0000 0000 0002', '12/34', '987'));
    const stored = JSON.stringify(await gateway.retrievePaymentIntent(created.id));
    expect(stored).not.toContain('4000000000000002');
    expect(stored).not.toContain('987');
  });
});

describe('changing the amount of an unpaid intent', () => {
  it('changes it, and a later confirmation charges the new amount and reports it', async () => {
    const { gateway, created } = await intent();
    const changed = await gateway.updatePaymentIntentAmount(created.id, 12812, {
      idempotencyKey: 'amount-1',
    });
    expect(changed).toEqual({ ...created, amount: 12812 });
    await expect(gateway.retrievePaymentIntent(created.id)).resolves.toEqual(changed);
    const paid = await gateway.confirm(created.id, card('4242424242424242'));
    expect(paid.intent).toMatchObject({ status: 'succeeded', amount: 12812 });
    expect(paid.event).toMatchObject({ outcome: 'succeeded', amountCents: 12812 });
  });

  it('changes it back and forth with a key per change, also after a declined card', async () => {
    const { gateway, created } = await intent();
    const change = (cents: number, revision: string) =>
      gateway.updatePaymentIntentAmount(created.id, cents, {
        idempotencyKey: paymentAmountIdempotencyKey('booking1', cents, revision),
      });
    await change(12812, '2026-11-23T10:00:00.000Z');
    await gateway.confirm(created.id, card('4000000000000002'));
    const restored = await change(14235, '2026-11-23T10:01:00.000Z');
    expect(restored).toMatchObject({ amount: 14235, status: 'requires_payment_method' });
    const failed = await gateway.confirm(created.id, card('4000000000000002'));
    expect(failed.event).toMatchObject({ outcome: 'failed', amountCents: 14235 });
    // The first amount again is a new change: a new key, so the amount really changes.
    await expect(change(12812, '2026-11-23T10:02:00.000Z')).resolves.toMatchObject({
      amount: 12812,
    });
  });

  it('answers a replayed key as the first change did, without changing anything again', async () => {
    const { gateway, created } = await intent();
    const first = await gateway.updatePaymentIntentAmount(created.id, 12812, {
      idempotencyKey: 'amount-1',
    });
    await gateway.updatePaymentIntentAmount(created.id, 14235, { idempotencyKey: 'amount-2' });
    await expect(
      gateway.updatePaymentIntentAmount(created.id, 12812, { idempotencyKey: 'amount-1' }),
    ).resolves.toEqual(first);
    await expect(gateway.retrievePaymentIntent(created.id)).resolves.toMatchObject({
      amount: 14235,
    });
    await expect(
      gateway.updatePaymentIntentAmount(created.id, 100, { idempotencyKey: 'amount-1' }),
    ).rejects.toThrow(/same parameters/);
  });

  it.each([
    ['paid', (g: Gateway, id: string) => g.confirm(id, card('4242424242424242')), 'succeeded'],
    ['cancelled', (g: Gateway, id: string) => g.cancelPaymentIntent(id), 'canceled'],
  ])('refuses once the intent is %s, and keeps its amount', async (_case, settle, status) => {
    const { gateway, created } = await intent();
    await settle(gateway, created.id);
    const error = await gateway
      .updatePaymentIntentAmount(created.id, 12812, { idempotencyKey: 'amount-1' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PaymentIntentNotUpdatableError);
    expect(error).toMatchObject({ intentId: created.id, status });
    await expect(gateway.retrievePaymentIntent(created.id)).resolves.toMatchObject({
      amount: 14235,
      status,
    });
    // The refused change used no key: the same key works on another intent.
    const other = await gateway.createPaymentIntent(
      { ...input, bookingId: 'booking2' },
      { idempotencyKey: 'key-2' },
    );
    await expect(
      gateway.updatePaymentIntentAmount(other.id, 12812, { idempotencyKey: 'amount-1' }),
    ).resolves.toMatchObject({ amount: 12812 });
  });

  it('throws PaymentIntentNotFoundError for an unknown intent', async () => {
    const { gateway } = await intent();
    await expect(
      gateway.updatePaymentIntentAmount('pi_missing', 12812, { idempotencyKey: 'amount-1' }),
    ).rejects.toBeInstanceOf(PaymentIntentNotFoundError);
  });

  it.each([0, 49, 128.5, -100])(
    'refuses an amount Stripe would refuse (%s cents)',
    async (cents) => {
      const { gateway, created } = await intent();
      await expect(
        gateway.updatePaymentIntentAmount(created.id, cents, { idempotencyKey: 'amount-1' }),
      ).rejects.toBeInstanceOf(PaymentProviderError);
      await expect(gateway.retrievePaymentIntent(created.id)).resolves.toMatchObject({
        amount: 14235,
      });
    },
  );
});

describe('refunds', () => {
  const refund = (paymentIntentId: string, amountCents: number) => ({
    paymentIntentId,
    amountCents,
    bookingId: 'booking1',
    bookingReferenceId: 'MH3K9Q2A',
    reason: 'Late pickup',
  });

  async function paid(gateway?: Gateway) {
    const opened = gateway
      ? { gateway, created: await gateway.createPaymentIntent(input, { idempotencyKey: 'key-1' }) }
      : await intent();
    await opened.gateway.confirm(opened.created.id, card('4242424242424242'));
    return opened;
  }

  it('refunds part, then the rest, of a paid intent, and refuses a cent more', async () => {
    const { gateway, created } = await paid();
    await expect(
      gateway.refund(refund(created.id, 5000), { idempotencyKey: 'refund-1' }),
    ).resolves.toMatchObject({
      paymentIntentId: created.id,
      amountCents: 5000,
      status: 'succeeded',
    });
    await gateway.refund(refund(created.id, 9235), { idempotencyKey: 'refund-2' });
    const more = gateway.refund(refund(created.id, 1), { idempotencyKey: 'refund-3' });
    await expect(more).rejects.toBeInstanceOf(RefundRefusedError);
    await expect(more).rejects.toMatchObject({
      reason: 'exceeds_paid',
      message: 'Refund amount ($0.01) is greater than unrefunded amount on charge ($0.00)',
    });
  });

  it('answers a replayed key as the first refund did, refunding nothing more', async () => {
    const { gateway, created } = await paid();
    const first = await gateway.refund(refund(created.id, 14235), { idempotencyKey: 'refund-1' });
    await expect(
      gateway.refund(refund(created.id, 14235), { idempotencyKey: 'refund-1' }),
    ).resolves.toEqual(first);
    await expect(
      gateway.refund(refund(created.id, 100), { idempotencyKey: 'refund-1' }),
    ).rejects.toThrow('Keys for idempotent requests can only be used with the same parameters.');
  });

  it('refuses an unpaid or unknown intent, and an amount that is not whole cents above 0', async () => {
    const { gateway, created } = await intent();
    await expect(
      gateway.refund(refund(created.id, 100), { idempotencyKey: 'refund-1' }),
    ).rejects.toMatchObject({ reason: 'not_paid' });
    await expect(
      gateway.refund(refund('pi_missing', 100), { idempotencyKey: 'refund-2' }),
    ).rejects.toMatchObject({ reason: 'not_found' });
    for (const amount of [0, -5, 10.5]) {
      await expect(
        gateway.refund(refund(created.id, amount), { idempotencyKey: `refund-${amount}` }),
      ).rejects.toBeInstanceOf(PaymentProviderError);
    }
  });

  it('never refunds more than was paid when two instances refund at once', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sandbox-refunds-'));
    try {
      const filename = path.join(dir, 'ledger.sqlite');
      const one = createSandboxPaymentGateway({ filename });
      const two = createSandboxPaymentGateway({ filename });
      const { created } = await paid(one);
      const results = await Promise.allSettled(
        Array.from({ length: 6 }, (_, index) =>
          (index % 2 ? two : one).refund(refund(created.id, 5000), {
            idempotencyKey: `refund-${index}`,
          }),
        ),
      );
      // 142.35 paid: two refunds of 50.00 fit, the third would not.
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(2);
      expect(
        results.filter(
          (result) => result.status === 'rejected' && result.reason instanceof RefundRefusedError,
        ),
      ).toHaveLength(4);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('cardBrand', () => {
  it.each([
    ['4242424242424242', 'visa'],
    ['5105105105105100', 'mastercard'],
    ['2221000000000009', 'mastercard'],
    ['2720990000000007', 'mastercard'],
    ['2721000000000000', 'unknown'],
    ['378282246310005', 'amex'],
    ['6011111111111117', 'discover'],
    ['3056930009020004', 'unknown'],
  ])('%s is %s', (number, brand) => {
    expect(cardBrand(number)).toBe(brand);
  });
});
