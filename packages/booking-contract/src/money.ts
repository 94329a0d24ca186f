// Money as the site's code and its API hold it: an integer of the currency's smallest unit (cents
// for AUD) with its currency. Dollars appear only in the text people read, made here, and in the
// stored document's legacy fields (app/store/stored-booking.server.ts)
// (docs/decisions/068-money-as-cents-at-every-edge.md).
import { CURRENCY } from './rules';

/** The smallest charge the payment provider takes in AUD; a discount never takes a total below it. */
export const MIN_CHARGE_CENTS = 50;

const formatters = new Map<string, Intl.NumberFormat>();

function formatterOf(currency: string): Intl.NumberFormat {
  const code = currency.toUpperCase();
  let formatter = formatters.get(code);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-AU', { style: 'currency', currency: code });
    formatters.set(code, formatter);
  }
  return formatter;
}

/**
 * An amount in the currency's smallest unit as people read it, in Australian English:
 * 123450 → "$1,234.50", a discount "-$13.00". Another currency than the dollar is written with its
 * code: 1200 USD → "USD 12.00". The one place an amount of cents becomes dollars.
 */
export function formatMoney(cents: number, currency: string = CURRENCY): string {
  const formatter = formatterOf(currency);
  const digits = formatter.resolvedOptions().maximumFractionDigits ?? 2;
  return formatter.format(cents / 10 ** digits);
}

/**
 * Cents as dollars, for the fields kept one release for readers of the old dollar amounts (the
 * widget events' `amount` and `fare`, the quote token's `fare`); nothing of ours reads them.
 */
export function legacyDollars(cents: number): number {
  return cents / 100;
}

/**
 * "$142.35 AUD": an amount that stands alone (a receipt's total, an email), with its currency
 * (another currency already reads with its code: "USD 12.00").
 */
export function formatMoneyWithCode(cents: number, currency: string = CURRENCY): string {
  const text = formatMoney(cents, currency);
  const code = currency.toUpperCase();
  return text.includes(code) ? text : `${text} ${code}`;
}
