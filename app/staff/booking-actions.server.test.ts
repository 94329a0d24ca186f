// The cancellation policy as staff are offered it: a full refund of what is left with enough
// notice for the vehicle, nothing later, nothing ever without a notice period.
import type { Booking } from '@business-chauffeur/booking-contract';
import { describe, expect, it } from 'vitest';
import { sampleNewBooking } from '../../tests/support/booking-fixtures';
import { suggestCancellation } from './booking-actions.server';

// Pickup 14 March 2031 at 10:00 in Queensland (UTC+10), paid $142.50, $20 already refunded.
const paid: Booking = {
  ...sampleNewBooking({ status: 'CONFIRMED', refundCents: 2000 }),
  id: 'b1',
  reference: 'MH3K9Q2A',
  paymentAttempts: [
    {
      eventId: 'evt_1',
      outcome: 'succeeded',
      paymentIntentId: 'pi_1',
      amountCents: 14250,
      currency: 'aud',
      occurredAt: '2031-03-01T00:00:00.000Z',
      recordedAt: '2031-03-01T00:00:00.000Z',
      errorCode: null,
      errorMessage: null,
      cardBrand: 'visa',
      cardLast4: '4242',
    },
  ],
};
const pickup = Date.parse('2031-03-14T00:00:00.000Z');
const hoursBefore = (hours: number) => new Date(pickup - hours * 3_600_000);

describe('suggestCancellation', () => {
  it('refunds what is left with at least the notice period', () => {
    expect(suggestCancellation(paid, 1, hoursBefore(1))).toEqual({
      refundCents: 12250,
      rule: 'Cancelled at least 1 hour before pickup: a full refund.',
    });
    expect(suggestCancellation(paid, 24, hoursBefore(30))).toMatchObject({ refundCents: 12250 });
  });

  it('refunds nothing with less notice, or after the pickup time', () => {
    expect(suggestCancellation(paid, 24, hoursBefore(23.9))).toEqual({
      refundCents: 0,
      rule: 'Cancelled less than 24 hours before pickup: no refund.',
    });
    expect(suggestCancellation(paid, 1, hoursBefore(-2))).toMatchObject({ refundCents: 0 });
  });

  it('never refunds a vehicle without a notice period', () => {
    const limousine = { ...paid, vehicle: { ...paid.vehicle, name: 'Stretch Limousine' } };
    expect(suggestCancellation(limousine, null, hoursBefore(24 * 30))).toEqual({
      refundCents: 0,
      rule: 'Stretch Limousine bookings are not refunded on cancellation.',
    });
  });
});
