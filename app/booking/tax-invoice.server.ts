// The tax invoice inside the confirmation email (docs/decisions/041-fare-adjustments-after-payment.md):
// the business as the invoice names it (its legal name, address and ABN; without a valid ABN the
// invoice is a receipt), the invoice's and each adjustment note's heading rows, the fare paid and
// each price change line by line with the GST they include, and what is left to settle.
import {
  adjustmentGstCents,
  adjustmentNoteNumber,
  currentFare,
  fareBalanceCents,
  formatAbn,
  isValidAbn,
  todayInBrisbane,
  type Booking,
  type FareAdjustment,
  type FareLine,
  formatMoney,
  formatMoneyWithCode,
} from '@business-chauffeur/booking-contract';
import { getInvoiceIssuer, getSiteSettings } from '~/content/site-settings.server';
import { type EmailBrand, type EmailRows, type EmailSection } from '~/mail/plain-email.server';
import { longDate } from '~/utils/booking-format';
import { getConfig } from '~/utils/env.server';
import { fareSummary, rowLabel } from '~/utils/fare-summary';
import { log } from '~/utils/log.server';

/** The business as the invoice names it; legal name and ABN are null when siteSettings lacks them. */
export interface Brand extends EmailBrand {
  legalName: string | null;
  abn: string | null;
  /** The business's address from Site settings, printed with the issuer when set. */
  address?: string | null;
}

/** A tax invoice needs the seller's legal name and a valid ABN; without them it is a receipt. */
export function isTaxInvoice(brand: Pick<Brand, 'legalName' | 'abn'>): boolean {
  return Boolean(brand.legalName?.trim() && brand.abn && isValidAbn(brand.abn));
}

/** When the booking was paid: the moment it became CONFIRMED (its last update for old records). */
function paidAt(booking: Booking): Date {
  const confirmed = booking.statusHistory.findLast((change) => change.status === 'CONFIRMED');
  return new Date(confirmed?.at ?? booking.updatedAt);
}

/** The tax invoice's (or receipt's) date: the Queensland date of the payment. */
const invoiceDate = (booking: Booking) => longDate(todayInBrisbane(paidAt(booking)));

/** Who the documents are for: the person who booked, else the passenger. */
function customerName(booking: Booking): string {
  const customer = booking.contacts.booker ?? booking.contacts.passenger;
  return `${customer.firstName} ${customer.lastName}`;
}

/** Who issues the documents: the legal name, and the ABN on a tax invoice. */
function issuerRows(brand: Brand, taxInvoice: boolean): EmailRows {
  return [
    ['Issued by', brand.legalName?.trim() || brand.name],
    ...(brand.address?.trim() ? [['Address', brand.address.trim()] as [string, string]] : []),
    ...(taxInvoice && brand.abn ? [['ABN', formatAbn(brand.abn)] as [string, string]] : []),
  ];
}

/** The invoice's heading rows: who issues it, its number and date, and who it is for. */
export function invoiceRows(booking: Booking, brand: Brand, taxInvoice: boolean): EmailRows {
  const word = taxInvoice ? 'Invoice' : 'Receipt';
  return [
    ...issuerRows(brand, taxInvoice),
    [`${word} number`, booking.reference],
    [`${word} date`, invoiceDate(booking)],
    ['Customer', customerName(booking)],
  ];
}

/** What an adjustment note is called: without an ABN it is no tax document, only a notice. */
export const noteWord = (taxInvoice: boolean) => (taxInvoice ? 'Adjustment note' : 'Price change');

/** The adjustment note's heading rows: who issues it, its number and date, the invoice it adjusts. */
export function noteRows(
  booking: Booking,
  adjustment: FareAdjustment,
  brand: Brand,
  taxInvoice: boolean,
): EmailRows {
  const word = noteWord(taxInvoice);
  return [
    ...issuerRows(brand, taxInvoice),
    [`${word} number`, adjustmentNoteNumber(booking.reference, adjustment.sequence)],
    [`${word} date`, longDate(todayInBrisbane(new Date(adjustment.at)))],
    [
      taxInvoice ? 'For tax invoice' : 'For receipt',
      `${booking.reference} of ${invoiceDate(booking)}`,
    ],
    ['Customer', customerName(booking)],
  ];
}

/**
 * What one adjustment changed: the reason, the fare before and after, and the difference with the
 * GST in it (the GST after less the GST before, so the GST of the invoice and of every note add up
 * to the GST of the fare as it is now).
 */
export function adjustmentRows(adjustment: FareAdjustment): { rows: EmailRows; totals: EmailRows } {
  const difference = adjustment.differenceCents;
  const word = difference >= 0 ? 'increase' : 'decrease';
  return {
    rows: [
      ['Reason', adjustment.reason],
      ['Fare before the change', formatMoneyWithCode(adjustment.totalCents - difference)],
      ['Fare after the change', formatMoneyWithCode(adjustment.totalCents)],
    ],
    totals: [
      [word === 'increase' ? 'Increase' : 'Decrease', formatMoneyWithCode(Math.abs(difference))],
      [`GST in the ${word}`, formatMoney(Math.abs(adjustmentGstCents(adjustment)))],
    ],
  };
}

/** The adjustments that changed the price: each has its adjustment note. */
export const priceChanges = (booking: Booking) =>
  (booking.adjustments ?? []).filter((adjustment) => adjustment.differenceCents !== 0);

/** A fare as a section: each line, then the total and the GST it includes. */
function fareSection(
  heading: string,
  lines: readonly FareLine[],
  totalCents: number,
  totalLabel: string,
): EmailSection {
  const fare = fareSummary(lines, totalCents);
  return {
    heading,
    rows: fare.rows.map((row): [string, string] => [rowLabel(row), row.amount]),
    totals: [
      [totalLabel, fare.total],
      ['GST included', fare.gstIncluded],
    ],
    amounts: true,
  };
}

/**
 * The fare paid (the tax invoice's lines and total, never rewritten), and once staff changed the
 * price, the fare as it is now and what is left to settle.
 */
export function fareSections(booking: Booking): EmailSection[] {
  const paid = fareSection('Fare', booking.fareLines, booking.fareCents, 'Total paid');
  if (!booking.adjustments?.length) return [paid];
  const now = currentFare(booking);
  const balance = fareBalanceCents(booking);
  return [
    paid,
    fareSection('Fare after changes', now.lines, now.totalCents, 'Total'),
    ...(balance === 0
      ? []
      : [
          {
            heading: 'Still to settle',
            rows: [
              [
                balance > 0 ? 'Owed by you' : 'Due back to you',
                formatMoneyWithCode(Math.abs(balance)),
              ],
            ] as EmailRows,
            amounts: true,
          },
        ]),
  ];
}

/** What is left to settle, in a sentence for the customer; null when nothing is. */
export function balanceSentence(booking: Booking, brand: Brand): string | null {
  const balance = fareBalanceCents(booking);
  if (balance > 0) {
    return `${formatMoneyWithCode(balance)} is owed on this booking after the change of fare. We will call you to take it by card, or call us on ${brand.phone}.`;
  }
  if (balance < 0) {
    return `${formatMoneyWithCode(-balance)} is due back to you after the change of fare. We will refund it to the card you paid with; refunds usually reach your card statement within 5 to 10 business days.`;
  }
  return null;
}

/** The business as the confirmation names it (a warning is logged when it is only a receipt). */
export async function loadInvoiceBrand(): Promise<Brand> {
  const [settings, issuer] = await Promise.all([getSiteSettings(), getInvoiceIssuer()]);
  const config = getConfig();
  const loaded: Brand = {
    name: settings.name ?? 'Business Chauffeur',
    phone: settings.phone ?? '',
    email: settings.email ?? config.mail.staff,
    siteUrl: config.siteUrl,
    legalName: issuer.legalName || null,
    abn: issuer.abn || null,
    address: settings.address?.trim() || null,
  };
  if (!isTaxInvoice(loaded)) {
    log.warn(
      'siteSettings has no legal name or no valid ABN: booking confirmations are sent as receipts, not tax invoices',
    );
  }
  return loaded;
}
