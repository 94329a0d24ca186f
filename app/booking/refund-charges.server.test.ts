// How a refund is split across a booking's charges: newest first, each part at most what is left of
// its charge once the refunds already reserved are counted, and nothing when they cannot cover it.
import type { Booking, BookingRefund, PaymentAttempt } from '@business-chauffeur/booking-contract';
import { describe, expect, it } from 'vitest';
import { sampleNewBooking } from '../../tests/support/booking-fixtures';
import { chargesOf, refundedFromCharge, refundPartKey, splitRefund } from './refund-charges.server';

function attempt(
  paymentIntentId: string,
  amountCents: number,
  outcome: PaymentAttempt['outcome'] = 'succeeded',
): PaymentAttempt {
  return {
    eventId: `evt_${paymentIntentId}_${outcome}`,
    outcome,
    paymentIntentId,
    amountCents,
    currency: 'aud',
    occurredAt: '2031-01-01T00:00:00.000Z',
    recordedAt: '2031-01-01T00:00:00.000Z',
    errorCode: null,
    errorMessage: null,
    cardBrand: 'visa',
    cardLast4: '4242',
  };
}

function refund(
  key: string,
  amountCents: number,
  charges?: BookingRefund['charges'],
): BookingRefund {
  return {
    key,
    amountCents,
    reason: 'Vehicle late',
    by: 'dispatch@businesschauffeur.example',
    requestedAt: '2031-01-02T00:00:00.000Z',
    status: 'pending',
    providerRefundId: null,
    ...(charges ? { charges } : {}),
  };
}

/** $100 paid for the booking (one declined try before it), then a $30 balance paid by link. */
const booking = (refunds: BookingRefund[] = []): Booking => ({
  ...sampleNewBooking(),
  id: 'b1',
  reference: 'MH3K9Q2A',
  payment: { ...sampleNewBooking().payment, intentId: 'pi_first' },
  paymentAttempts: [
    attempt('pi_first', 10_000, 'failed'),
    attempt('pi_first', 10_000),
    attempt('pi_balance', 3000),
  ],
  refunds,
});

describe('splitRefund', () => {
  it('takes a refund from the newest charge first, then the one before', () => {
    expect(splitRefund(booking(), 4500)).toEqual([
      { paymentIntentId: 'pi_balance', amountCents: 3000, providerRefundId: null },
      { paymentIntentId: 'pi_first', amountCents: 1500, providerRefundId: null },
    ]);
    expect(splitRefund(booking(), 2000)).toEqual([
      { paymentIntentId: 'pi_balance', amountCents: 2000, providerRefundId: null },
    ]);
  });

  it('counts what refunds already reserved from each charge, older unsplit ones from the first', () => {
    const earlier = booking([
      refund('a', 2000, [
        { paymentIntentId: 'pi_balance', amountCents: 2000, providerRefundId: null },
      ]),
      // From before refunds were split: all of it went to the first charge.
      refund('b', 9000),
    ]);
    expect(refundedFromCharge(earlier, 'pi_first')).toBe(9000);
    expect(splitRefund(earlier, 2000)).toEqual([
      { paymentIntentId: 'pi_balance', amountCents: 1000, providerRefundId: null },
      { paymentIntentId: 'pi_first', amountCents: 1000, providerRefundId: null },
    ]);
    expect(splitRefund(earlier, 2001)).toBeNull();
  });

  it('never takes more than all the charges hold', () => {
    expect(splitRefund(booking(), 13_000)).toHaveLength(2);
    expect(splitRefund(booking(), 13_001)).toBeNull();
    expect(splitRefund(booking(), 0)).toBeNull();
    expect(splitRefund(booking(), 12.5)).toBeNull();
  });

  it('lists each successful intent once, oldest first', () => {
    expect(chargesOf(booking()).map((charge) => charge.paymentIntentId)).toEqual([
      'pi_first',
      'pi_balance',
    ]);
  });
});

describe('refundPartKey', () => {
  it('gives each part a key of its own, and an unsplit refund the key it was first asked with', () => {
    const part = { paymentIntentId: 'pi_balance', amountCents: 100, providerRefundId: null };
    expect(refundPartKey('b1', refund('k', 100, [part]), part)).toBe('refund:b1:k:pi_balance');
    expect(refundPartKey('b1', refund('k', 100), part)).toBe('refund:b1:k');
  });
});
