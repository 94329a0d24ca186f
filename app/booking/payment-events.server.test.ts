// The payment state rules as a pure function: table cases and properties over any order of events.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { VerifiedPaymentEvent } from '~/payments/payment-gateway.server';
import type { Booking } from '@business-chauffeur/booking-contract';
import { sampleNewBooking } from '../../tests/support/booking-fixtures';
import { applyPaymentEvent, paymentStateOf } from './payment-events.server';

const booking: Booking = {
  ...sampleNewBooking(),
  id: 'b1',
  reference: 'MH3K9Q2A',
  payment: {
    ...sampleNewBooking().payment,
    intentId: 'pi_1',
    provider: 'stripe',
  },
};

let counter = 0;
function event(
  outcome: 'succeeded' | 'failed',
  overrides: Partial<VerifiedPaymentEvent> = {},
): VerifiedPaymentEvent {
  counter += 1;
  return {
    id: `evt_${counter}`,
    providerType:
      outcome === 'succeeded' ? 'payment_intent.succeeded' : 'payment_intent.payment_failed',
    outcome,
    occurredAt: new Date(Date.UTC(2031, 0, 1, 0, 0, counter)).toISOString(),
    paymentIntentId: 'pi_1',
    bookingId: 'b1',
    amountCents: booking.fareCents,
    currency: 'aud',
    error:
      outcome === 'failed'
        ? {
            type: 'card_error',
            code: 'card_declined',
            declineCode: 'insufficient_funds',
            message: 'Your card has insufficient funds.',
          }
        : null,
    card: { brand: 'visa', last4: outcome === 'failed' ? '9995' : '4242' },
    ...overrides,
  };
}

const apply = (current: Booking, e: VerifiedPaymentEvent) =>
  applyPaymentEvent(current, e) ?? current;

describe('applyPaymentEvent', () => {
  it('confirms on a success for the booking’s intent and amount, recording the payment', () => {
    const next = apply(booking, event('succeeded'));
    expect(next.status).toBe('CONFIRMED');
    expect(next.statusHistory.map((change) => change.status)).toEqual(['DRAFT', 'CONFIRMED']);
    expect(next.payment).toMatchObject({
      providerPaymentRef: 'pi_1',
      amountCents: 14250,
      error: null,
    });
    expect(next.paymentAttempts).toHaveLength(1);
  });

  it('rejects on a failure: no payment reference, the amount and the error recorded', () => {
    const next = apply(booking, event('failed'));
    expect(next.status).toBe('REJECTED');
    expect(next.payment).toMatchObject({
      providerPaymentRef: null,
      amountCents: 14250,
      error: {
        code: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
        type: 'card_error',
      },
    });
  });

  it('ignores an event about another intent', () => {
    expect(
      applyPaymentEvent(booking, event('succeeded', { paymentIntentId: 'pi_other' })),
    ).toBeNull();
  });

  it('records but never confirms a success for another amount or currency', () => {
    for (const overrides of [{ amountCents: 100 }, { currency: 'usd' }]) {
      const next = apply(booking, event('succeeded', overrides));
      expect(next.status).toBe('DRAFT');
      expect(next.paymentAttempts).toHaveLength(1);
    }
  });

  it('changes nothing for a second success', () => {
    const confirmed = apply(booking, event('succeeded'));
    expect(applyPaymentEvent(confirmed, event('succeeded'))).toBeNull();
  });

  it('reports the payment state the widget and /completion show', () => {
    expect(paymentStateOf(booking, null)).toEqual({
      status: 'requires_payment_method',
      error: null,
    });
    expect(paymentStateOf(apply(booking, event('succeeded')), null)).toEqual({
      status: 'succeeded',
      error: null,
    });
    expect(paymentStateOf(apply(booking, event('failed')), null)).toEqual({
      status: 'failed',
      error: {
        type: 'card_error',
        code: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
      },
    });
  });
});

describe('applyPaymentEvent in any order', () => {
  const outcomes = fc.array(fc.constantFrom<'succeeded' | 'failed'>('succeeded', 'failed'), {
    minLength: 1,
    maxLength: 8,
  });

  it('ends CONFIRMED whenever a valid success is among the events, and never leaves CONFIRMED', () => {
    fc.assert(
      fc.property(outcomes, fc.boolean(), (sequence, withStrangers) => {
        const events = sequence.flatMap((outcome) =>
          withStrangers
            ? [
                event(outcome),
                event('succeeded', { amountCents: 1 }),
                event('succeeded', { paymentIntentId: 'pi_x' }),
              ]
            : [event(outcome)],
        );
        let current = booking;
        let confirmedOnce = false;
        for (const e of events) {
          current = apply(current, e);
          if (confirmedOnce) expect(current.status).toBe('CONFIRMED');
          confirmedOnce ||= current.status === 'CONFIRMED';
        }
        const anySuccess = sequence.includes('succeeded');
        expect(current.status).toBe(anySuccess ? 'CONFIRMED' : 'REJECTED');
        if (anySuccess) expect(current.payment.providerPaymentRef).toBe('pi_1');
      }),
    );
  });

  it('reaches the same status whatever order the same events arrive in', () => {
    fc.assert(
      fc.property(
        outcomes.chain((list) =>
          fc.tuple(
            fc.constant(list.map((o) => event(o))),
            fc.shuffledSubarray(
              list.map((_, i) => i),
              { minLength: list.length, maxLength: list.length },
            ),
          ),
        ),
        ([events, order]) => {
          const inOrder = events.reduce(apply, booking);
          const shuffled = order
            .map((index) => events[index] as VerifiedPaymentEvent)
            .reduce(apply, booking);
          expect(shuffled.status).toBe(inOrder.status);
          expect(shuffled.payment.providerPaymentRef).toBe(inOrder.payment.providerPaymentRef);
        },
      ),
    );
  });
});
