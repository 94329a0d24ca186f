import type { Booking } from '@business-chauffeur/booking-contract';
import { describe, expect, it } from 'vitest';
import {
  buildPartnerReport,
  commissionBaseCents,
  commissionCents,
  isPartnersBooking,
  partnerReportCsv,
  reportMonthsOf,
} from './partner-report.server';

const line = (kind: Booking['fareLines'][number]['kind'], amountCents: number) => ({
  kind,
  label: kind,
  detail: null,
  amountCents,
});

/** The parts of a booking the report reads. */
function booking(overrides: Partial<Booking> = {}): Booking {
  return {
    id: 'b1',
    reference: 'MIFQ2A1B',
    status: 'CONFIRMED',
    partner: 'riverside-grand (https://www.riverside-grand.example)',
    trip: { date: '2031-03-20', time: '09:00' },
    fareLines: [line('fare', 14235)],
    fareCents: 14235,
    adjustments: [],
    paymentAttempts: [
      { outcome: 'succeeded', occurredAt: '2031-03-01T01:00:00.000Z', amountCents: 14235 },
    ],
    cancellationRequests: [],
    refundCents: 0,
    ...overrides,
  } as unknown as Booking;
}

describe('commission', () => {
  it('is worked out on the fare before GST, leaving tolls out, rounded half up to the cent', () => {
    // $142.35 holds $12.94 GST: $129.41 before GST.
    expect(commissionBaseCents(booking())).toBe(12941);
    expect(commissionCents(12941, 750)).toBe(971);
    expect(commissionCents(12941, 1000)).toBe(1294);
    // Exactly half a cent goes up: 2 cents at 25% is 0.5 cent.
    expect(commissionCents(2, 2500)).toBe(1);
    expect(commissionCents(12941, null)).toBe(0);
    expect(commissionCents(12941, 0)).toBe(0);
    const withToll = booking({
      fareLines: [line('fare', 14235), line('toll', 1100)],
      fareCents: 15335,
    });
    expect(commissionBaseCents(withToll)).toBe(12941);
  });

  it('follows the fare as staff adjusted it, and owes nothing on a booking refunded in full', () => {
    const adjusted = booking({
      adjustments: [
        {
          sequence: 1,
          at: '2031-03-02T00:00:00.000Z',
          by: 'staff@example.com',
          reason: 'Extra stop',
          lines: [line('fare', 16500)],
          totalCents: 16500,
          differenceCents: 2265,
        },
      ],
    });
    expect(commissionBaseCents(adjusted)).toBe(16500 - 1500);
    expect(commissionBaseCents(booking({ refundCents: 14235 }))).toBe(0);
  });
});

describe('buildPartnerReport', () => {
  it('adds up the partner’s paid bookings by the month of their payment, in whole cents', () => {
    const bookings = [
      booking(),
      booking({ id: 'b2', refundCents: 5000 }),
      // Another month, another of its origins.
      booking({
        id: 'b3',
        partner: 'riverside-grand (https://book.riverside-grand.example)',
        paymentAttempts: [
          { outcome: 'succeeded', occurredAt: '2031-04-10T01:00:00.000Z', amountCents: 14235 },
        ] as Booking['paymentAttempts'],
      }),
      // Not paid; another partner whose label starts the same; outside the months.
      booking({ id: 'b4', paymentAttempts: [] }),
      booking({ id: 'b5', partner: 'riverside-grander (https://x.example)' }),
      booking({
        id: 'b6',
        paymentAttempts: [
          { outcome: 'succeeded', occurredAt: '2031-06-01T01:00:00.000Z', amountCents: 14235 },
        ] as Booking['paymentAttempts'],
      }),
    ];
    const report = buildPartnerReport(
      { id: 'riverside-grand', commissionBasisPoints: 750 },
      bookings,
      { from: '2031-03', to: '2031-05' },
    );
    expect(report.months).toEqual([
      {
        month: '2031-03',
        bookings: 2,
        paidCents: 28470,
        refundedCents: 5000,
        // The GST in $142.35 and in $92.35 (what the second kept after its refund).
        gstCents: 1294 + 840,
        commissionBaseCents: 25882,
        commissionCents: 1942,
      },
      {
        month: '2031-04',
        bookings: 1,
        paidCents: 14235,
        refundedCents: 0,
        gstCents: 1294,
        commissionBaseCents: 12941,
        commissionCents: 971,
      },
    ]);
    expect(report.totals).toMatchObject({ bookings: 3, commissionCents: 2913 });
    expect(partnerReportCsv(report).split('\r\n').at(-2)).toBe(
      'Total,3,427.05,50.00,34.28,388.23,29.13',
    );
  });

  it('works each booking’s commission out at the rate it kept, and older bookings at the partner’s rate now', () => {
    const months = { from: '2031-03', to: '2031-03' };
    const bookings = [
      booking({ partnerCommissionBasisPoints: 750 }),
      booking({ id: 'b2', partnerCommissionBasisPoints: null }),
      // Made before bookings kept their rate.
      booking({ id: 'b3' }),
    ];
    const at = (basisPoints: number | null) =>
      buildPartnerReport(
        { id: 'riverside-grand', commissionBasisPoints: basisPoints },
        bookings,
        months,
      );
    // $129.41 before GST each: 7.5% is $9.71, no commission is $0, and 10% now is $12.94.
    expect(at(1000).totals).toMatchObject({ bookings: 3, commissionCents: 971 + 0 + 1294 });
    expect(at(1000).atCurrentRate).toBe(1);
    // The partner's rate changed: only the booking without a rate of its own follows.
    expect(at(500).totals.commissionCents).toBe(971 + 0 + 647);
    expect(at(null).totals.commissionCents).toBe(971);
  });

  it('knows a partner’s bookings by label, not by a label that merely starts the same', () => {
    expect(isPartnersBooking('riverside-grand (https://a.example)', 'riverside-grand')).toBe(true);
    expect(isPartnersBooking('riverside-grand', 'riverside-grand')).toBe(true);
    expect(isPartnersBooking('riverside-grander (https://a.example)', 'riverside-grand')).toBe(
      false,
    );
    expect(isPartnersBooking(null, 'riverside-grand')).toBe(false);
  });

  it('reads the months of the address, the last twelve by default', () => {
    const of = (query: string) => reportMonthsOf(new URLSearchParams(query), '2031-03-14');
    expect(of('')).toEqual({ from: '2030-04', to: '2031-03' });
    expect(of('from=2031-05&to=2031-01')).toEqual({ from: '2031-01', to: '2031-05' });
    expect(of('from=2031-13&to=nonsense')).toEqual({ from: '2030-04', to: '2031-03' });
  });
});
