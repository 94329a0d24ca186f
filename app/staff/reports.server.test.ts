// The money report of the operations pages: paid bookings by the Queensland date of their first
// payment, grouped by day, month or partner, refunds taken off, unpaid drafts left out, and the
// CSV download (BOM, CRLF, quoting and the formula guard). The sums come from a private in-memory
// SQLite store holding the bookings, as the report gets them from the configured store.
import type { NewBooking, PaymentAttempt } from '@business-chauffeur/booking-contract';
import { describe, expect, it } from 'vitest';
import { createSqliteBookingStore } from '~/store/sqlite-booking-store.server';
import { sampleNewBooking } from '../../tests/support/booking-fixtures';
import {
  buildReport,
  csvAmount,
  csvText,
  currentMonth,
  paymentDate,
  reportCsv,
  reportFilename,
  reportFiltersOf,
  reportQuery,
  type Report,
  type ReportFilters,
} from './reports.server';

let count = 0;

function attempt(occurredAt: string, amountCents: number, outcome: PaymentAttempt['outcome']) {
  return {
    eventId: `evt_${(count += 1)}`,
    outcome,
    paymentIntentId: 'pi_1',
    amountCents,
    currency: 'aud',
    occurredAt,
    recordedAt: occurredAt,
    errorCode: outcome === 'failed' ? 'card_declined' : null,
    errorMessage: null,
    cardBrand: 'visa',
    cardLast4: '4242',
  } satisfies PaymentAttempt;
}

/** A booking paid `amountCents` at `paidAt` (an instant), with `refundCents` refunded. */
function paid(
  paidAt: string,
  amountCents: number,
  {
    partner = null,
    refundCents = null,
  }: { partner?: string | null; refundCents?: number | null } = {},
): NewBooking {
  return sampleNewBooking({
    status: 'CONFIRMED',
    fareCents: amountCents,
    partner,
    refundCents,
    paymentAttempts: [attempt(paidAt, amountCents, 'succeeded')],
  });
}

const draft = (): NewBooking =>
  sampleNewBooking({ paymentAttempts: [attempt('2031-03-03T01:00:00.000Z', 9900, 'failed')] });

/** The report of these bookings, summed by a store that holds them and nothing else. */
async function reportOf(list: readonly NewBooking[], filters: ReportFilters): Promise<Report> {
  const store = createSqliteBookingStore({ filename: ':memory:' });
  try {
    for (const booking of list) await store.createBooking(booking);
    const summary = await store.summarizePayments({
      paidFrom: filters.from,
      paidTo: filters.to,
      by: filters.group,
    });
    return buildReport(summary, filters);
  } finally {
    await store.close();
  }
}

const MARCH: ReportFilters = { from: '2031-03-01', to: '2031-03-31', group: 'day' };

const bookings = (): NewBooking[] => [
  // 11:00 on 2 March in Queensland.
  paid('2031-03-02T01:00:00.000Z', 14250),
  // Paid then partly refunded ($50 of $220), from a partner.
  paid('2031-03-02T03:30:00.000Z', 22000, {
    partner: 'Partner Hotel Brisbane',
    refundCents: 5000,
  }),
  // 23:30 UTC on 9 March is 9:30 on 10 March in Queensland.
  paid('2031-03-09T23:30:00.000Z', 18575, { partner: 'Partner Hotel Brisbane' }),
  // April, and February: outside March.
  paid('2031-04-01T00:30:00.000Z', 30000),
  paid('2031-02-28T13:59:00.000Z', 11111),
  draft(),
];

describe('paymentDate', () => {
  it('is the Queensland date of the first succeeded payment', () => {
    const booking = paid('2031-03-09T23:30:00.000Z', 100);
    expect(paymentDate(booking)).toBe('2031-03-10');
    const later = {
      ...booking,
      paymentAttempts: [
        attempt('2031-03-12T02:00:00.000Z', 100, 'succeeded'),
        attempt('2031-03-08T02:00:00.000Z', 100, 'failed'),
        ...booking.paymentAttempts,
      ],
    };
    expect(paymentDate(later)).toBe('2031-03-10');
  });

  it('is null for a booking never paid', () => {
    expect(paymentDate(draft())).toBeNull();
  });
});

describe('buildReport', () => {
  it('groups paid bookings by Queensland payment day, a payment at 23:30 UTC on the next day', async () => {
    const report = await reportOf(bookings(), MARCH);
    expect(report.rows).toEqual([
      {
        key: '2031-03-02',
        bookings: 2,
        paidCents: 36250,
        refundedCents: 5000,
        revenueCents: 31250,
      },
      { key: '2031-03-10', bookings: 1, paidCents: 18575, refundedCents: 0, revenueCents: 18575 },
    ]);
  });

  it('leaves out unpaid drafts and bookings paid outside the dates', async () => {
    const report = await reportOf(bookings(), MARCH);
    expect(report.totals.bookings).toBe(3);
    expect((await reportOf([draft()], MARCH)).rows).toEqual([]);
    // 13:59 UTC on 28 February is 23:59 in Queensland: still February.
    expect((await reportOf(bookings(), { ...MARCH, from: '2031-02-28', to: '2031-02-28' })).rows)
      .toMatchInlineSnapshot(`
      [
        {
          "bookings": 1,
          "key": "2031-02-28",
          "paidCents": 11111,
          "refundedCents": 0,
          "revenueCents": 11111,
        },
      ]
    `);
  });

  it('groups by month', async () => {
    const report = await reportOf(bookings(), {
      from: '2031-02-01',
      to: '2031-04-30',
      group: 'month',
    });
    expect(report.rows.map((row) => [row.key, row.bookings, row.revenueCents])).toEqual([
      ['2031-02', 1, 11111],
      ['2031-03', 3, 49825],
      ['2031-04', 1, 30000],
    ]);
  });

  it('groups by partner, the site’s own bookings as Our website', async () => {
    const report = await reportOf(bookings(), { ...MARCH, group: 'partner' });
    expect(report.rows).toEqual([
      { key: 'Our website', bookings: 1, paidCents: 14250, refundedCents: 0, revenueCents: 14250 },
      {
        key: 'Partner Hotel Brisbane',
        bookings: 2,
        paidCents: 40575,
        refundedCents: 5000,
        revenueCents: 35575,
      },
    ]);
  });

  it('takes refunds off the revenue of a booking paid then partly refunded', async () => {
    const report = await reportOf(
      [paid('2031-03-05T00:00:00.000Z', 22000, { refundCents: 5000 })],
      {
        ...MARCH,
        group: 'month',
      },
    );
    expect(report.rows).toEqual([
      { key: '2031-03', bookings: 1, paidCents: 22000, refundedCents: 5000, revenueCents: 17000 },
    ]);
  });

  it('has totals that add up the rows, whatever the grouping', async () => {
    for (const group of ['day', 'month', 'partner'] as const) {
      const { rows, totals } = await reportOf(bookings(), { ...MARCH, group });
      const sum = (pick: (row: (typeof rows)[number]) => number) =>
        rows.reduce((total, row) => total + pick(row), 0);
      expect(totals).toEqual({
        bookings: sum((row) => row.bookings),
        paidCents: sum((row) => row.paidCents),
        refundedCents: sum((row) => row.refundedCents),
        revenueCents: sum((row) => row.revenueCents),
      });
      expect(totals).toEqual({
        bookings: 3,
        paidCents: 54825,
        refundedCents: 5000,
        revenueCents: 49825,
      });
    }
  });
});

describe('reportFiltersOf', () => {
  // 23:30 UTC on 31 March is already 1 April in Queensland.
  const now = new Date('2031-03-31T23:30:00.000Z');

  it('defaults to the current Queensland month, by day', () => {
    expect(currentMonth(now)).toEqual({ from: '2031-04-01', to: '2031-04-30' });
    expect(reportFiltersOf(new URLSearchParams(), now)).toEqual({
      from: '2031-04-01',
      to: '2031-04-30',
      group: 'day',
    });
    expect(currentMonth(new Date('2032-02-10T00:00:00.000Z'))).toEqual({
      from: '2032-02-01',
      to: '2032-02-29',
    });
  });

  it('keeps real dates and a known grouping, swaps dates the wrong way round', () => {
    const params = new URLSearchParams({ from: '2031-03-31', to: '2031-03-01', group: 'partner' });
    expect(reportFiltersOf(params, now)).toEqual({
      from: '2031-03-01',
      to: '2031-03-31',
      group: 'partner',
    });
    const wrong = new URLSearchParams({ from: '2031-02-30', to: 'soon', group: 'year' });
    expect(reportFiltersOf(wrong, now)).toEqual({
      from: '2031-04-01',
      to: '2031-04-30',
      group: 'day',
    });
  });

  it('gives the CSV its query and file name', () => {
    expect(reportQuery(MARCH)).toBe('from=2031-03-01&to=2031-03-31&group=day');
    expect(reportFilename(MARCH)).toBe('bookings-report-2031-03-01-to-2031-03-31-by-day.csv');
  });
});

describe('reportCsv', () => {
  it('starts with a BOM, ends lines with CRLF, and has a header, the rows and the Total', async () => {
    const csv = reportCsv(await reportOf(bookings(), MARCH));
    expect(csv.startsWith('\uFEFFPeriod,')).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csv.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Period,Bookings,Paid (AUD),Refunded (AUD),Revenue (AUD)',
      '2031-03-02,2,362.50,50.00,312.50',
      '2031-03-10,1,185.75,0.00,185.75',
      'Total,3,548.25,50.00,498.25',
      '',
    ]);
  });

  it('uses ISO months, and Partner for the first column by partner', async () => {
    const months = reportCsv(await reportOf(bookings(), { ...MARCH, group: 'month' }));
    expect(months.split('\r\n')[1]).toBe('2031-03,3,548.25,50.00,498.25');
    const partners = reportCsv(await reportOf(bookings(), { ...MARCH, group: 'partner' }));
    expect(partners.slice(1).split('\r\n').slice(0, 3)).toEqual([
      'Partner,Bookings,Paid (AUD),Refunded (AUD),Revenue (AUD)',
      'Our website,1,142.50,0.00,142.50',
      'Partner Hotel Brisbane,2,405.75,50.00,355.75',
    ]);
  });

  it('writes amounts as plain decimals with two places', () => {
    expect(csvAmount(0)).toBe('0.00');
    expect(csvAmount(5)).toBe('0.05');
    expect(csvAmount(123450)).toBe('1234.50');
    expect(csvAmount(123456789)).toBe('1234567.89');
    expect(csvAmount(-1250)).toBe('-12.50');
  });

  it('quotes fields with a comma, a quote or a line break', () => {
    expect(csvText('Partner Hotel Brisbane')).toBe('Partner Hotel Brisbane');
    expect(csvText('Stamford, Brisbane')).toBe('"Stamford, Brisbane"');
    expect(csvText('The "Grand"')).toBe('"The ""Grand"""');
    expect(csvText('Line one\nline two')).toBe('"Line one\nline two"');
    expect(csvText('Line one\r\nline two')).toBe('"Line one\r\nline two"');
  });

  it('guards against formulas: a field starting with =, +, - or @ gets a leading quote', async () => {
    expect(csvText('=HYPERLINK("http://x.example","Click")')).toBe(
      '"\'=HYPERLINK(""http://x.example"",""Click"")"',
    );
    expect(csvText('+61 7 3000 0000')).toBe("'+61 7 3000 0000");
    expect(csvText('-2+3')).toBe("'-2+3");
    expect(csvText('@SUM(A1:A2)')).toBe("'@SUM(A1:A2)");
    expect(csvText('\tTab')).toBe("'\tTab");
    expect(csvText('Hotel = good')).toBe('Hotel = good');
    const csv = reportCsv(
      await reportOf([paid('2031-03-02T01:00:00.000Z', 1000, { partner: '=1+1,cmd' })], {
        ...MARCH,
        group: 'partner',
      }),
    );
    expect(csv.split('\r\n')[1]).toBe(`"'=1+1,cmd",1,10.00,0.00,10.00`);
  });
});
