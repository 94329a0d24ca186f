// What the staff views select by, derived from the booking: drafts unlisted, the Queensland pickup
// time, the payment date and amounts of the report, and where staff are with the customer's
// cancellation requests (open again when the customer asks after they were handled).
import type { Booking, PaymentAttempt } from '@business-chauffeur/booking-contract';
import { describe, expect, it } from 'vitest';
import { sampleNewBooking } from '../../tests/support/booking-fixtures';
import { cancellationState, handledFromAudit, staffIndexOf } from './booking-staff-index.server';

const requests = (...requestedAt: string[]) =>
  requestedAt.map((at) => ({ requestedAt: at, channel: 'website' as const }));

const mark = (at: string) => ({ at, by: 'dispatch@example.com', note: '' });

function succeeded(occurredAt: string, amountCents: number): PaymentAttempt {
  return {
    eventId: `evt_${occurredAt}`,
    outcome: 'succeeded',
    paymentIntentId: 'pi_1',
    amountCents,
    currency: 'aud',
    occurredAt,
    recordedAt: occurredAt,
    errorCode: null,
    errorMessage: null,
    cardBrand: 'visa',
    cardLast4: '4242',
  };
}

const booking = (overrides: Partial<Booking> = {}): Booking => ({
  ...sampleNewBooking(overrides),
  id: 'b1',
  reference: 'MH3K9Q2A',
});

describe('staffIndexOf', () => {
  it('lists every booking but a draft, by its Queensland pickup date and time', () => {
    expect(staffIndexOf(booking())).toMatchObject({
      listed: false,
      pickupAt: '2031-03-14T10:00',
      cancellation: null,
      cancellationRequestedAt: null,
      paidOn: null,
      paidCents: 0,
      refundedCents: 0,
    });
    for (const status of ['CONFIRMED', 'REJECTED', 'CANCELLED', 'COMPLETED', 'NO_SHOW'] as const) {
      expect(staffIndexOf(booking({ status })).listed).toBe(true);
    }
  });

  it('dates a payment by its first success in Queensland, and sums what succeeded', () => {
    const index = staffIndexOf(
      booking({
        status: 'CONFIRMED',
        refundCents: 5000,
        // 23:30 UTC on 9 March is 9:30 on 10 March in Queensland.
        paymentAttempts: [
          succeeded('2031-03-12T02:00:00.000Z', 100),
          succeeded('2031-03-09T23:30:00.000Z', 14250),
          { ...succeeded('2031-03-08T02:00:00.000Z', 999), outcome: 'failed' },
        ],
      }),
    );
    expect(index).toMatchObject({ paidOn: '2031-03-10', paidCents: 14350, refundedCents: 5000 });
  });

  it('keeps the first request as the cancellation order', () => {
    const index = staffIndexOf(
      booking({
        cancellationRequests: requests('2031-01-03T00:00:00.000Z', '2031-01-01T00:00:00.000Z'),
      }),
    );
    expect(index).toMatchObject({
      cancellation: 'open',
      cancellationRequestedAt: '2031-01-01T00:00:00.000Z',
    });
  });
});

describe('cancellationState', () => {
  it('is null without a request, open until staff mark it handled', () => {
    expect(cancellationState({ cancellationRequests: [] })).toBeNull();
    expect(cancellationState({ cancellationRequests: requests('2031-01-01T00:00:00.000Z') })).toBe(
      'open',
    );
  });

  it('is handled by a mark newer than the latest request, open again when asked after it', () => {
    const cancellationHandled = mark('2031-01-02T00:00:00.000Z');
    expect(
      cancellationState({
        cancellationRequests: requests('2031-01-01T00:00:00.000Z'),
        cancellationHandled,
      }),
    ).toBe('handled');
    expect(
      cancellationState({
        cancellationRequests: requests('2031-01-01T00:00:00.000Z', '2031-01-03T00:00:00.000Z'),
        cancellationHandled,
      }),
    ).toBe('open');
  });
});

describe('handledFromAudit (marks made while only the audit log kept them)', () => {
  const entry = (at: string, action = 'cancellation-request') => ({ ...mark(at), action });
  const asked = (...at: string[]) => ({ cancellationRequests: requests(...at) });

  it('is null with no entry, or only other staff actions', () => {
    expect(handledFromAudit(asked('2031-01-01T00:00:00.000Z'), [])).toBeNull();
    expect(
      handledFromAudit(asked('2031-01-01T00:00:00.000Z'), [
        entry('2031-01-02T00:00:00.000Z', 'refund'),
      ]),
    ).toBeNull();
  });

  it('is the latest entry newer than the latest request', () => {
    expect(
      handledFromAudit(asked('2031-01-01T00:00:00.000Z', '2031-01-03T00:00:00.000Z'), [
        entry('2031-01-02T00:00:00.000Z'),
        entry('2031-01-04T00:00:00.000Z'),
      ]),
    ).toEqual(mark('2031-01-04T00:00:00.000Z'));
  });

  it('is null when the customer asked again after it', () => {
    expect(
      handledFromAudit(asked('2031-01-01T00:00:00.000Z', '2031-01-03T00:00:00.000Z'), [
        entry('2031-01-02T00:00:00.000Z'),
      ]),
    ).toBeNull();
  });
});
