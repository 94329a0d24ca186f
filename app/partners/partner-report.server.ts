// What a partner brought, month by month (/staff/partners/<label> and its CSV): the partner's paid
// bookings by the Queensland month of their first payment (as in the money report), each month with
// what was paid, what was refunded, the GST in what was kept, and the commission owed, all in
// integer cents.
//
// Commission is the partner's percentage (in hundredths of a percent) of each booking's fare
// before GST, at the rate the booking kept when it was made (so changing a partner's rate leaves
// past months as they were); a booking made before bookings kept it uses the partner's rate as it
// is now, and the report counts those so the page can say so. The fare: the fare as it now stands (the last staff adjustment's lines, else the lines
// charged) less its tolls, which are road costs passed on at cost, less the GST that amount holds
// (one eleventh, to the cent, as the tax invoice states it), rounded to the cent once per
// booking. A booking refunded in full owes nothing. A booking is the partner's when it was made on
// one of its origins under its label, which the booking keeps whatever becomes of the partner.
import {
  currentFare,
  gstIncludedCents,
  paidCents,
  sumLines,
  type Booking,
} from '@business-chauffeur/booking-contract';
import type { PartnerRecord } from '~/store/partner-store.server';
import { getBookingStore } from '~/store/store.server';
import { paymentDate } from '~/store/booking-staff-index.server';
import { csvAmount, csvText } from '~/staff/reports.server';

export interface PartnerMonth {
  /** YYYY-MM (Queensland). */
  month: string;
  bookings: number;
  paidCents: number;
  refundedCents: number;
  /** The GST in what was paid less what was refunded. */
  gstCents: number;
  /** The fares before GST the commission is worked out on. */
  commissionBaseCents: number;
  commissionCents: number;
}

export interface PartnerReport {
  from: string;
  to: string;
  months: PartnerMonth[];
  totals: Omit<PartnerMonth, 'month'>;
  /** The bookings counted that kept no rate (made before bookings did): at the partner's rate now. */
  atCurrentRate: number;
}

/** The rate a booking's commission is worked out at: its own, else the partner's now. */
export function commissionRateOf(
  booking: Pick<Booking, 'partnerCommissionBasisPoints'>,
  current: number | null,
): number | null {
  return booking.partnerCommissionBasisPoints === undefined
    ? current
    : booking.partnerCommissionBasisPoints;
}

/** The fare before GST a booking's commission is worked out on (0 once refunded in full). */
export function commissionBaseCents(booking: Booking): number {
  const paid = paidCents(booking);
  if (paid > 0 && (booking.refundCents ?? 0) >= paid) return 0;
  const lines = currentFare(booking).lines.filter((line) => line.kind !== 'toll');
  const total = sumLines(lines);
  return Math.max(0, total - gstIncludedCents(total));
}

/** Commission in cents: basis points of the base, rounded half up to the cent. */
export function commissionCents(baseCents: number, basisPoints: number | null): number {
  if (basisPoints === null || baseCents <= 0) return 0;
  return Math.floor((baseCents * basisPoints + 5_000) / 10_000);
}

/** Whether a booking's stored partner ("label (origin)", or the label alone) is this partner's. */
export function isPartnersBooking(partner: string | null, label: string): boolean {
  return partner === label || (partner?.startsWith(`${label} (`) ?? false);
}

const zero = (): Omit<PartnerMonth, 'month'> => ({
  bookings: 0,
  paidCents: 0,
  refundedCents: 0,
  gstCents: 0,
  commissionBaseCents: 0,
  commissionCents: 0,
});

/** The report of these bookings (the partner's, any period) for the months from..to. */
export function buildPartnerReport(
  partner: Pick<PartnerRecord, 'id' | 'commissionBasisPoints'>,
  bookings: readonly Booking[],
  { from, to }: { from: string; to: string },
): PartnerReport {
  const months = new Map<string, PartnerMonth>();
  const totals = zero();
  let atCurrentRate = 0;
  for (const booking of bookings) {
    if (!isPartnersBooking(booking.partner, partner.id)) continue;
    const paid = paidCents(booking);
    const refunded = booking.refundCents ?? 0;
    const paidOn = paid > 0 ? paymentDate(booking) : null;
    if (!paidOn) continue;
    const month = paidOn.slice(0, 7);
    if (month < from || month > to) continue;
    const base = commissionBaseCents(booking);
    const commission = commissionCents(
      base,
      commissionRateOf(booking, partner.commissionBasisPoints),
    );
    if (booking.partnerCommissionBasisPoints === undefined) atCurrentRate += 1;
    const kept = paid - refunded;
    const row = months.get(month) ?? { month, ...zero() };
    months.set(month, row);
    for (const target of [row, totals]) {
      target.bookings += 1;
      target.paidCents += paid;
      target.refundedCents += refunded;
      target.gstCents += gstIncludedCents(kept);
      target.commissionBaseCents += base;
      target.commissionCents += commission;
    }
  }
  return {
    from,
    to,
    months: [...months.values()].sort((a, b) => (a.month < b.month ? -1 : 1)),
    totals,
    atCurrentRate,
  };
}

/** Every booking recorded under the partner's label (any of its origins), drafts left out. */
export async function partnerBookings(label: string): Promise<Booking[]> {
  const store = getBookingStore();
  const stored = (await store.listPartners()).filter((partner) =>
    isPartnersBooking(partner, label),
  );
  const bookings: Booking[] = [];
  for (const partner of stored) {
    let cursor: string | undefined;
    do {
      const page = await store.listStaffBookings({
        status: 'not-draft',
        partner,
        limit: 200,
        ...(cursor ? { cursor } : {}),
      });
      bookings.push(...page.bookings);
      cursor = page.cursor ?? undefined;
    } while (cursor);
  }
  return bookings;
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The months of a report address (`from`, `to`: YYYY-MM), by default the last twelve to `now`. */
export function reportMonthsOf(
  params: URLSearchParams,
  today: string,
): { from: string; to: string } {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const back = new Date(Date.UTC(year, month - 12, 1));
  const defaults = {
    from: `${back.getUTCFullYear()}-${String(back.getUTCMonth() + 1).padStart(2, '0')}`,
    to: today.slice(0, 7),
  };
  const read = (name: 'from' | 'to') => {
    const value = (params.get(name) ?? '').trim();
    return MONTH.test(value) ? value : defaults[name];
  };
  let from = read('from');
  let to = read('to');
  if (from > to) [from, to] = [to, from];
  return { from, to };
}

/** The report as a CSV file's text: BOM, header, one line per month, and the Total line. */
export function partnerReportCsv(report: PartnerReport): string {
  const line = (label: string, row: Omit<PartnerMonth, 'month'>) =>
    [
      csvText(label),
      String(row.bookings),
      csvAmount(row.paidCents),
      csvAmount(row.refundedCents),
      csvAmount(row.gstCents),
      csvAmount(row.commissionBaseCents),
      csvAmount(row.commissionCents),
    ].join(',');
  const lines = [
    'Month,Bookings,Paid (AUD),Refunded (AUD),GST in what was kept (AUD),Fares before GST (AUD),Commission (AUD)',
    ...report.months.map((row) => line(row.month, row)),
    line('Total', report.totals),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
