import { formatMoneyWithCode } from '@business-chauffeur/booking-contract';
// Which charges a refund is taken from (docs/decisions/066-refunds-across-charges.md). A booking
// whose balance was paid by link holds more than one successful payment intent, and the provider
// refunds each intent separately, never above what is left of it. So a refund is split here, in
// the same store transaction that reserves it: the newest charge first, each part at most what is
// left of that charge after every refund already reserved (pending ones included), which is what
// keeps two refunds at once from taking more from a charge, or in total, than was paid.
//
// Refunds from before the split, and those reconciled from the provider's own events for the first
// charge, carry no parts: they went to the booking's first payment intent and count against it.
import type { Booking, BookingRefund, RefundCharge } from '@business-chauffeur/booking-contract';
import { queenslandTimestamp } from '~/utils/booking-format';

/** One charge the booking holds: a successful payment, oldest first in `chargesOf`. */
export interface Charge {
  paymentIntentId: string;
  amountCents: number;
  occurredAt: string;
  cardLast4: string | null;
}

/** The booking's successful payments, one per intent, oldest first. */
export function chargesOf(booking: Pick<Booking, 'paymentAttempts'>): Charge[] {
  const charges: Charge[] = [];
  for (const attempt of booking.paymentAttempts) {
    if (attempt.outcome !== 'succeeded') continue;
    if (charges.some((charge) => charge.paymentIntentId === attempt.paymentIntentId)) continue;
    charges.push({
      paymentIntentId: attempt.paymentIntentId,
      amountCents: attempt.amountCents,
      occurredAt: attempt.occurredAt,
      cardLast4: attempt.cardLast4,
    });
  }
  return charges;
}

/** A refund's parts: its own, or, for one from before the split, all of it from the first charge. */
export function partsOf(booking: Pick<Booking, 'payment'>, refund: BookingRefund): RefundCharge[] {
  if (refund.charges) return refund.charges;
  const intentId = booking.payment.intentId;
  return intentId
    ? [
        {
          paymentIntentId: intentId,
          amountCents: refund.amountCents,
          providerRefundId: refund.providerRefundId,
        },
      ]
    : [];
}

/** What the booking's refunds (pending ones included) took from one charge, in cents. */
export function refundedFromCharge(
  booking: Pick<Booking, 'payment' | 'refunds'>,
  paymentIntentId: string,
): number {
  let sum = 0;
  for (const refund of booking.refunds ?? []) {
    for (const part of partsOf(booking, refund)) {
      if (part.paymentIntentId === paymentIntentId) sum += part.amountCents;
    }
  }
  return sum;
}

/**
 * How a new refund of `amountCents` is taken from the charges: the newest first, each part at most
 * what is left of its charge. Null when the charges do not hold that much, or for no whole cents.
 */
export function splitRefund(
  booking: Pick<Booking, 'paymentAttempts' | 'payment' | 'refunds'>,
  amountCents: number,
): RefundCharge[] | null {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) return null;
  const parts: RefundCharge[] = [];
  let rest = amountCents;
  for (const charge of chargesOf(booking).reverse()) {
    if (rest === 0) break;
    const left = charge.amountCents - refundedFromCharge(booking, charge.paymentIntentId);
    const part = Math.min(rest, Math.max(0, left));
    if (part === 0) continue;
    parts.push({
      paymentIntentId: charge.paymentIntentId,
      amountCents: part,
      providerRefundId: null,
    });
    rest -= part;
  }
  return rest === 0 ? parts : null;
}

/** The provider's idempotency key for one part of a refund: one provider refund per part. */
export function refundPartKey(
  bookingId: string,
  refund: BookingRefund,
  part: RefundCharge,
): string {
  // A refund from before the split keeps the key it was first asked with, so finishing it later
  // never refunds twice.
  const key = `refund:${bookingId}:${refund.key}`;
  return refund.charges ? `${key}:${part.paymentIntentId}` : key;
}

/**
 * Which payments a refund went back to, as staff read them: "$30.00 from the balance payment of
 * 27/11/2026 10:01 am (card ending 4242)", one per charge it was taken from.
 */
export function refundedFromText(booking: Booking, refund: BookingRefund): string {
  const charges = chargesOf(booking);
  return partsOf(booking, refund)
    .map((part) => {
      const index = charges.findIndex((charge) => charge.paymentIntentId === part.paymentIntentId);
      const charge = charges[index];
      if (!charge)
        return `${formatMoneyWithCode(part.amountCents)} from payment ${part.paymentIntentId}`;
      const kind = index === 0 ? 'booking payment' : 'balance payment';
      const card = charge.cardLast4 ? ` (card ending ${charge.cardLast4})` : '';
      return `${formatMoneyWithCode(part.amountCents)} from the ${kind} of ${queenslandTimestamp(charge.occurredAt)}${card}`;
    })
    .join('; ');
}
