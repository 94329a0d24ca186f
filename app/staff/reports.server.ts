// The money report of the operations pages (/staff/reports and its CSV download): the paid
// bookings between two Queensland dates, by day, by month or by partner, each row with what was
// paid, what was refunded and the revenue left (paid minus refunded), in integer cents, and the
// totals.
//
// A booking counts once it has a succeeded payment, on the Queensland date of its first one; its
// refunds count in the same row, whenever they were made, so a period's revenue is what its sales
// finally brought in. Refunds still pending at the payment provider count as refunded (the money
// is already set aside for the customer). The store adds the amounts up from each booking's
// `staffIndex` (its payment date and amounts, kept with every write), so the report counts every
// paid booking of the period, however many others the store holds
// (docs/decisions/043-staff-views-query-the-store.md).
import { parseIsoDate, todayInBrisbane } from '@business-chauffeur/booking-contract';
import type { PaymentSummaryRow } from '~/store/booking-store.server';
import { getBookingStore, getPartnerStore } from '~/store/store.server';

export { paymentDate, queenslandDateOf } from '~/store/booking-staff-index.server';

export const REPORT_GROUPS = ['day', 'month', 'partner'] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];

/** What the site's own booking page is called in the partner column. */
export const OWN_WEBSITE = 'Our website';

export interface ReportFilters {
  /** Queensland payment dates (YYYY-MM-DD), inclusive. */
  from: string;
  to: string;
  group: ReportGroup;
}

export interface ReportAmounts {
  bookings: number;
  paidCents: number;
  refundedCents: number;
  /** Paid minus refunded. */
  revenueCents: number;
}

export interface ReportRow extends ReportAmounts {
  /** The day (YYYY-MM-DD), the month (YYYY-MM) or the partner. */
  key: string;
}

export interface Report {
  filters: ReportFilters;
  rows: ReportRow[];
  totals: ReportAmounts;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The current Queensland month at `now`: its first and last day. */
export function currentMonth(now: Date = new Date()): { from: string; to: string } {
  const today = parseIsoDate(todayInBrisbane(now))!;
  const lastDay = new Date(Date.UTC(today.year, today.month, 0)).getUTCDate();
  const month = `${today.year}-${pad(today.month)}`;
  return { from: `${month}-01`, to: `${month}-${pad(lastDay)}` };
}

/**
 * The filters of a report address: `from`, `to` (real YYYY-MM-DD dates, the current Queensland
 * month when missing or not a date; swapped when given the wrong way round) and `group`.
 */
export function reportFiltersOf(params: URLSearchParams, now: Date = new Date()): ReportFilters {
  const month = currentMonth(now);
  const date = (name: string) => {
    const value = (params.get(name) ?? '').trim();
    return parseIsoDate(value) ? value : null;
  };
  let from = date('from') ?? month.from;
  let to = date('to') ?? month.to;
  if (from > to) [from, to] = [to, from];
  const group = params.get('group');
  return {
    from,
    to,
    group: REPORT_GROUPS.includes(group as ReportGroup) ? (group as ReportGroup) : 'day',
  };
}

/** The query string of a report's address (for the CSV link). */
export function reportQuery(filters: ReportFilters): string {
  return new URLSearchParams({
    from: filters.from,
    to: filters.to,
    group: filters.group,
  }).toString();
}

const zero = (): ReportAmounts => ({
  bookings: 0,
  paidCents: 0,
  refundedCents: 0,
  revenueCents: 0,
});

function add(amounts: ReportAmounts, row: PaymentSummaryRow) {
  amounts.bookings += row.bookings;
  amounts.paidCents += row.paidCents;
  amounts.refundedCents += row.refundedCents;
  amounts.revenueCents += row.paidCents - row.refundedCents;
}

/**
 * The report of the store's sums (BookingStore.summarizePayments): rows in date order (partners
 * by name, the site's own page as OWN_WEBSITE), revenue, and the totals.
 */
export function buildReport(
  summary: readonly PaymentSummaryRow[],
  filters: ReportFilters,
  partnerNames: ReadonlyMap<string, string> = new Map(),
): Report {
  const groups = new Map<string, ReportAmounts>();
  const totals = zero();
  for (const row of summary) {
    const key = row.key === null ? OWN_WEBSITE : partnerColumn(row.key, partnerNames);
    let amounts = groups.get(key);
    if (!amounts) groups.set(key, (amounts = zero()));
    add(amounts, row);
    add(totals, row);
  }
  const keys = [...groups.keys()].sort((a, b) =>
    filters.group === 'partner' ? a.localeCompare(b, 'en-AU') : a < b ? -1 : a > b ? 1 : 0,
  );
  return { filters, rows: keys.map((key) => ({ key, ...groups.get(key)! })), totals };
}

/**
 * The partner column of a booking's stored partner: a partner staff manage by its name and label
 * (its bookings on all its origins in one row), any other as stored ("label (origin)").
 */
export function partnerColumn(stored: string, partnerNames: ReadonlyMap<string, string>): string {
  const label = /^([a-z0-9][a-z0-9._-]*)(?: \(.*\))?$/.exec(stored)?.[1];
  const name = label === undefined ? undefined : partnerNames.get(label);
  return name === undefined ? stored : `${name} (${label})`;
}

/** The report the address asks for, over every paid booking of its dates. */
export async function loadReport(url: URL, now: Date = new Date()): Promise<Report> {
  const filters = reportFiltersOf(url.searchParams, now);
  const [summary, partners] = await Promise.all([
    getBookingStore().summarizePayments({
      paidFrom: filters.from,
      paidTo: filters.to,
      by: filters.group,
    }),
    filters.group === 'partner' ? getPartnerStore().listPartners() : [],
  ]);
  return buildReport(summary, filters, new Map(partners.map((p) => [p.id, p.name])));
}

// CSV (RFC 4180), for spreadsheets: UTF-8 with a byte order mark (so Excel reads it as UTF-8),
// CRLF line ends, ISO dates and plain amounts with two decimals.

/** Cents as a plain decimal amount: 123450 → "1234.50" (no currency sign, no separators). */
export function csvAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(whole / 100)}.${pad(whole % 100)}`;
}

/**
 * A text field as a CSV field: a leading ' when it starts like a spreadsheet formula (=, +, -, @,
 * or a tab or carriage return), then quoted when it holds a comma, a quote or a line break.
 */
export function csvText(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function csvRow(label: string, amounts: ReportAmounts): string {
  return [
    csvText(label),
    String(amounts.bookings),
    csvAmount(amounts.paidCents),
    csvAmount(amounts.refundedCents),
    csvAmount(amounts.revenueCents),
  ].join(',');
}

/** The report as a CSV file's text: BOM, header, one line per row, and the Total line. */
export function reportCsv(report: Report): string {
  const first = report.filters.group === 'partner' ? 'Partner' : 'Period';
  const lines = [
    `${first},Bookings,Paid (AUD),Refunded (AUD),Revenue (AUD)`,
    ...report.rows.map((row) => csvRow(row.key, row)),
    csvRow('Total', report.totals),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** The CSV file's name: bookings-report-2031-03-01-to-2031-03-31-by-day.csv. */
export function reportFilename(filters: ReportFilters): string {
  return `bookings-report-${filters.from}-to-${filters.to}-by-${filters.group}.csv`;
}
