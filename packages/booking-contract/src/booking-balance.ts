// What a booking's money comes to after it was charged (docs/decisions/041-fare-adjustments-after-payment.md):
// the fare now after staff changes, what is owed or due back, what payments and balance links
// collected, and the GST of each adjustment note. All in integer cents.
import type { Booking, FareAdjustment } from './booking';
import { gstIncludedCents, sumLines, type FareLine } from './fare-lines';

/** The fare as it is now: the last adjustment's lines and total, else the fare charged. */
export function currentFare(booking: Pick<Booking, 'fareLines' | 'fareCents' | 'adjustments'>): {
  lines: FareLine[];
  totalCents: number;
} {
  const last = booking.adjustments?.at(-1);
  return last
    ? { lines: last.lines, totalCents: last.totalCents }
    : { lines: booking.fareLines, totalCents: booking.fareCents };
}

/**
 * What the staff changes leave to settle, in cents: above 0 the customer owes it (collected by
 * phone, later by a payment), below 0 it is due back to them (refunded through the staff refund
 * flow). The changes' differences, less what refunds have already paid back. Refunds made for any
 * other reason (goodwill, a late driver) do not count: they are not a change of fare.
 */
export function fareBalanceCents(
  booking: Pick<Booking, 'fareCents' | 'adjustments' | 'refunds' | 'fareLines'> &
    Partial<Pick<Booking, 'paymentLinks'>>,
): number {
  const changed = currentFare(booking).totalCents - booking.fareCents;
  const paidBack = (booking.refunds ?? []).reduce(
    (sum, refund) => sum + (refund.dueBackCents ?? 0),
    0,
  );
  return changed + paidBack - balancePaidCents(booking);
}

/** What balance links have collected, in cents: payments beside the original charge. */
export function balancePaidCents(booking: Partial<Pick<Booking, 'paymentLinks'>>): number {
  return (booking.paymentLinks ?? [])
    .filter((link) => link.purpose === 'balance' && link.paidAt !== null)
    .reduce((sum, link) => sum + link.amountCents, 0);
}

/** The part of a new refund of `amountCents` that pays back what is due back (0 when none is). */
export function dueBackPart(
  booking: Pick<Booking, 'fareCents' | 'adjustments' | 'refunds' | 'fareLines'> &
    Partial<Pick<Booking, 'paymentLinks'>>,
  amountCents: number,
): number {
  return Math.max(0, Math.min(amountCents, -fareBalanceCents(booking)));
}

/** An adjustment note's number: the booking reference (the tax invoice's number), A and its sequence. */
export function adjustmentNoteNumber(reference: string, sequence: number): string {
  return `${reference}-A${sequence}`;
}

/**
 * The GST an adjustment changes: the GST of the fare after it less the GST of the fare before it,
 * so the tax invoice's GST and every note's add up to the GST of the fare as it is now.
 */
export function adjustmentGstCents(
  adjustment: Pick<FareAdjustment, 'totalCents' | 'differenceCents'>,
): number {
  return (
    gstIncludedCents(adjustment.totalCents) -
    gstIncludedCents(adjustment.totalCents - adjustment.differenceCents)
  );
}

/** True when two lists of fare lines say the same (kind, label, detail and amount, in order). */
export function sameFareLines(a: readonly FareLine[], b: readonly FareLine[]): boolean {
  return (
    a.length === b.length &&
    sumLines(a) === sumLines(b) &&
    a.every(
      (line, index) =>
        line.kind === b[index]!.kind &&
        line.label === b[index]!.label &&
        line.detail === b[index]!.detail &&
        line.amountCents === b[index]!.amountCents,
    )
  );
}

/** What the customer paid, in cents: the payments that succeeded. */
export function paidCents(booking: Pick<Booking, 'paymentAttempts'>): number {
  return booking.paymentAttempts
    .filter((attempt) => attempt.outcome === 'succeeded')
    .reduce((sum, attempt) => sum + attempt.amountCents, 0);
}
