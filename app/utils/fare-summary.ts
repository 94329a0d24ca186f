// A booking's fare as people read it after payment, the same in the tax invoice email and on
// /manage-booking: each line the server made (label, detail, amount), the total and the GST the
// total includes (one eleventh, docs/decisions/027-all-in-fare-lines.md). Amounts arrive in
// integer cents and are only formatted here, never recomputed.
import {
  formatMoney,
  formatMoneyWithCode,
  gstIncludedCents,
  type FareLine,
} from '@business-chauffeur/booking-contract';

export interface FareSummaryRow {
  label: string;
  detail: string | null;
  /** "$130.00"; a discount is negative ("-$13.00"). */
  amount: string;
}

export interface FareSummary {
  rows: FareSummaryRow[];
  /** "$142.35 AUD". */
  total: string;
  /** "$12.94". */
  gstIncluded: string;
}

/** The lines of a fare as rows, with its total and the GST the total includes. */
export function fareSummary(lines: readonly FareLine[], totalCents: number): FareSummary {
  return {
    rows: lines.map((line) => ({
      label: line.label,
      detail: line.detail,
      amount: formatMoney(line.amountCents),
    })),
    total: formatMoneyWithCode(totalCents),
    gstIncluded: formatMoney(gstIncludedCents(totalCents)),
  };
}

/** "After-hours surcharge — 15% of the fare": a row's label with its detail, for plain text. */
export function rowLabel(row: FareSummaryRow): string {
  return row.detail ? `${row.label} — ${row.detail}` : row.label;
}
