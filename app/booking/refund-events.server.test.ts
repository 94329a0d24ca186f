// Refunds reported by the payment provider (a refund made in Stripe's dashboard) reconciled into the
// booking: the booking is brought up to the charge's refunded total with one entry per event, and
// replays, older events and refunds staff already recorded change nothing.
import type { Booking, BookingRefund } from '@business-chauffeur/booking-contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { VerifiedRefundEvent } from '~/payments/payment-gateway.server';
import { log } from '~/utils/log.server';
import { sampleNewBooking } from '../../tests/support/booking-fixtures';
import { applyRefundEvent, reconcileRefund } from './refund-events.server';

const stored = vi.hoisted(() => ({ bookings: new Map<string, unknown>() }));
/** The intents the provider holds: id → the booking id in its metadata. */
const intents = vi.hoisted(() => new Map<string, string>());

vi.mock('~/store/store.server', () => ({
  getBookingStore: () => ({
    getBooking: (id: string) => Promise.resolve((stored.bookings.get(id) as Booking) ?? null),
    updateBooking: (id: string, change: (current: Booking) => Booking | null) => {
      const current = stored.bookings.get(id) as Booking | undefined;
      if (!current) return Promise.resolve(null);
      const next = change(current);
      if (next) stored.bookings.set(id, next);
      return Promise.resolve(next ?? current);
    },
  }),
}));
vi.mock('~/payments/payments.server', () => ({
  getPaymentGateway: () => ({
    retrievePaymentIntent: (id: string) => {
      const bookingId = intents.get(id);
      return Promise.resolve(bookingId === undefined ? null : { id, metadata: { bookingId } });
    },
  }),
}));

const paid: Booking = {
  ...sampleNewBooking(),
  id: 'b1',
  reference: 'MH3K9Q2A',
  status: 'CONFIRMED',
  payment: {
    ...sampleNewBooking().payment,
    provider: 'stripe',
    intentId: 'pi_1',
    providerPaymentRef: 'pi_1',
  },
};

const current = () => stored.bookings.get('b1') as Booking;

function refundEvent(
  id: string,
  amountRefundedCents: number,
  overrides: Partial<VerifiedRefundEvent> = {},
): VerifiedRefundEvent {
  return {
    id,
    occurredAt: '2031-01-02T03:04:05.000Z',
    paymentIntentId: 'pi_1',
    amountRefundedCents,
    ...overrides,
  };
}

function staffRefund(amountCents: number, status: BookingRefund['status']): BookingRefund {
  return {
    key: `staff-refund-${amountCents}`,
    amountCents,
    reason: 'Vehicle late',
    by: 'staff@businesschauffeur.example',
    requestedAt: '2031-01-01T00:00:00.000Z',
    status,
    providerRefundId: status === 'succeeded' ? 're_staff' : null,
  };
}

beforeEach(() => {
  stored.bookings.clear();
  stored.bookings.set('b1', paid);
  intents.clear();
  intents.set('pi_1', 'b1');
  vi.spyOn(log, 'warn').mockImplementation(() => {});
  vi.spyOn(log, 'info').mockImplementation(() => {});
});

describe('applyRefundEvent', () => {
  it('records a $20 dashboard refund on a booking with no refunds as one reconciled entry', async () => {
    const now = new Date('2031-01-02T03:05:00.000Z');
    await expect(applyRefundEvent(refundEvent('evt_r1', 2000), now)).resolves.toBe('applied');
    expect(current().refundCents).toBe(2000);
    expect(current().refunds).toEqual([
      {
        key: 'provider:evt_r1',
        amountCents: 2000,
        reason: 'Refunded at the payment provider',
        by: 'payment provider',
        requestedAt: '2031-01-02T03:04:05.000Z',
        status: 'succeeded',
        providerRefundId: null,
        charges: [{ paymentIntentId: 'pi_1', amountCents: 2000, providerRefundId: null }],
      },
    ]);
    expect(current().updatedAt).toBe(now.toISOString());
  });

  it('reconciles a balance charge by what was refunded from it, not from the whole booking', async () => {
    const attempt = (paymentIntentId: string, amountCents: number) => ({
      eventId: `evt_${paymentIntentId}`,
      outcome: 'succeeded' as const,
      paymentIntentId,
      amountCents,
      currency: 'aud',
      occurredAt: '2031-01-01T00:00:00.000Z',
      recordedAt: '2031-01-01T00:00:00.000Z',
      errorCode: null,
      errorMessage: null,
      cardBrand: 'visa',
      cardLast4: '4242',
    });
    // $100 paid, then a $30 balance by link; staff refunded $40: $30 from the balance, $10 first.
    stored.bookings.set('b1', {
      ...paid,
      paymentAttempts: [attempt('pi_1', 10_000), attempt('pi_balance', 3000)],
      refundCents: 4000,
      refunds: [
        {
          ...staffRefund(4000, 'succeeded'),
          charges: [
            { paymentIntentId: 'pi_balance', amountCents: 3000, providerRefundId: 're_b' },
            { paymentIntentId: 'pi_1', amountCents: 1000, providerRefundId: 're_1' },
          ],
        },
      ],
    });
    intents.set('pi_balance', 'b1');
    // The staff refund's own events change nothing.
    await expect(
      applyRefundEvent(refundEvent('evt_b', 3000, { paymentIntentId: 'pi_balance' })),
    ).resolves.toBe('unchanged');
    await expect(applyRefundEvent(refundEvent('evt_f', 1000))).resolves.toBe('unchanged');
    // $15 more refunded from the first charge in the dashboard: its total is $25, below the
    // booking's $40, and still recorded.
    await expect(applyRefundEvent(refundEvent('evt_d', 2500))).resolves.toBe('applied');
    expect(current().refundCents).toBe(5500);
    expect(current().refunds?.at(-1)).toMatchObject({
      amountCents: 1500,
      charges: [{ paymentIntentId: 'pi_1', amountCents: 1500 }],
    });
  });

  it('adds the difference when a second event reports a $50 total', async () => {
    await applyRefundEvent(refundEvent('evt_r1', 2000));
    await expect(applyRefundEvent(refundEvent('evt_r2', 5000))).resolves.toBe('applied');
    expect(current().refundCents).toBe(5000);
    expect(current().refunds?.map((entry) => [entry.key, entry.amountCents])).toEqual([
      ['provider:evt_r1', 2000],
      ['provider:evt_r2', 3000],
    ]);
  });

  it('changes nothing for a replay of the first event, after the second too', async () => {
    const first = refundEvent('evt_r1', 2000);
    await applyRefundEvent(first);
    const afterFirst = current();
    await expect(applyRefundEvent(first)).resolves.toBe('unchanged');
    expect(current()).toBe(afterFirst);

    await applyRefundEvent(refundEvent('evt_r2', 5000));
    const afterSecond = current();
    await expect(applyRefundEvent(first)).resolves.toBe('unchanged');
    expect(current()).toBe(afterSecond);
    expect(current().refundCents).toBe(5000);
  });

  it.each([
    ['lower than', 2000],
    ['equal to', 3000],
  ])(
    'changes nothing for a total %s the refunds staff already recorded',
    async (_case, totalCents) => {
      const withStaffRefunds: Booking = {
        ...paid,
        refundCents: 3000,
        refunds: [staffRefund(1000, 'succeeded'), staffRefund(2000, 'succeeded')],
      };
      stored.bookings.set('b1', withStaffRefunds);
      await expect(applyRefundEvent(refundEvent('evt_r3', totalCents))).resolves.toBe('unchanged');
      expect(current()).toBe(withStaffRefunds);
    },
  );

  it('counts a refund the site is making right now (pending) in the booking’s total', async () => {
    stored.bookings.set('b1', {
      ...paid,
      refundCents: 1500,
      refunds: [staffRefund(1500, 'pending')],
    });
    // The provider reports the staff refund itself: already counted.
    await expect(applyRefundEvent(refundEvent('evt_r4', 1500))).resolves.toBe('unchanged');
    // Then a dashboard refund on top of it: only the difference is added.
    await expect(applyRefundEvent(refundEvent('evt_r5', 2500))).resolves.toBe('applied');
    expect(current().refundCents).toBe(2500);
    expect(current().refunds?.map((entry) => [entry.key, entry.amountCents, entry.status])).toEqual(
      [
        ['staff-refund-1500', 1500, 'pending'],
        ['provider:evt_r5', 1000, 'succeeded'],
      ],
    );
  });

  it('pays back first what a lower fare after a staff change left due back', async () => {
    // Charged 142.35; a staff change lowered the fare by 30.00, so 30.00 is due back.
    stored.bookings.set('b1', {
      ...paid,
      adjustments: [
        {
          sequence: 1,
          at: '2031-01-01T00:00:00.000Z',
          by: 'staff@businesschauffeur.example',
          reason: 'Earlier pickup',
          lines: [
            { kind: 'fare', label: 'Fare', detail: null, amountCents: paid.fareCents - 3000 },
          ],
          totalCents: paid.fareCents - 3000,
          differenceCents: -3000,
        },
      ],
    });
    await applyRefundEvent(refundEvent('evt_r1', 5000));
    await applyRefundEvent(refundEvent('evt_r2', 7000));
    expect(current().refunds?.map((entry) => [entry.amountCents, entry.dueBackCents])).toEqual([
      [5000, 3000],
      [2000, undefined],
    ]);
  });

  it('never lowers the refunded total when an older event arrives late', async () => {
    await applyRefundEvent(refundEvent('evt_r2', 5000));
    await expect(applyRefundEvent(refundEvent('evt_r1', 2000))).resolves.toBe('unchanged');
    expect(current().refundCents).toBe(5000);
    expect(current().refunds).toHaveLength(1);
  });

  it('answers unknown-booking for an intent the provider does not know, and logs it', async () => {
    await expect(
      applyRefundEvent(refundEvent('evt_r6', 2000, { paymentIntentId: 'pi_unknown' })),
    ).resolves.toBe('unknown-booking');
    expect(log.warn).toHaveBeenCalledWith(
      'Refund event for an unknown booking',
      expect.objectContaining({ eventId: 'evt_r6', paymentIntentId: 'pi_unknown' }),
    );
    expect(current()).toBe(paid);
  });

  it('answers unknown-booking for an intent naming no booking of this site', async () => {
    intents.set('pi_other', 'no-such-booking');
    await expect(
      applyRefundEvent(refundEvent('evt_r7', 2000, { paymentIntentId: 'pi_other' })),
    ).resolves.toBe('unknown-booking');
  });

  it('answers unknown-booking when the named booking does not hold the intent', async () => {
    intents.set('pi_old', 'b1');
    await expect(
      applyRefundEvent(refundEvent('evt_r8', 2000, { paymentIntentId: 'pi_old' })),
    ).resolves.toBe('unknown-booking');
    expect(current()).toBe(paid);
  });
});

describe('reconcileRefund', () => {
  it('is null for another intent, a replayed event and a total already reached', () => {
    expect(reconcileRefund(paid, refundEvent('e1', 2000, { paymentIntentId: 'pi_2' }))).toBeNull();
    const once = reconcileRefund(paid, refundEvent('e1', 2000));
    expect(once?.refundCents).toBe(2000);
    if (!once) throw new Error('expected a change');
    expect(reconcileRefund({ ...once, refundCents: 0 }, refundEvent('e1', 2000))).toBeNull();
    expect(reconcileRefund(once, refundEvent('e2', 2000))).toBeNull();
    expect(reconcileRefund(paid, refundEvent('e3', 0))).toBeNull();
  });
});
