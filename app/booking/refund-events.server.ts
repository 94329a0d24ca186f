// Refunds the payment provider reports (Stripe's `charge.refunded`), reconciled into the booking.
// A refund made in the provider's dashboard never passes through the site, so its webhook is how
// the booking learns of it. The event carries the charge's WHOLE refunded total so far, so the
// booking is brought up to that total: whatever it reports beyond the booking's `refundCents`
// becomes one succeeded refund entry by "payment provider". Refunds the site makes itself are
// already counted in `refundCents` (from the moment they are pending), so their own events change
// nothing; nor does a replayed or older event, and the total is never lowered.
//
// The event names only the payment intent: its booking is the one the intent's `bookingId`
// metadata names (as for payment events), and that booking must hold the intent as one of its
// charges (the first payment, or a balance paid by link). The total is per charge, so it is
// compared with what the booking's refunds took from that charge
// (app/booking/refund-charges.server.ts).
import {
  dueBackPart,
  type Booking,
  type BookingRefund,
} from '@business-chauffeur/booking-contract';
import type { VerifiedRefundEvent } from '~/payments/payment-gateway.server';
import { getPaymentGateway } from '~/payments/payments.server';
import { getBookingStore } from '~/store/store.server';
import { log } from '~/utils/log.server';
import { touched } from './booking-record.server';
import { chargesOf, refundedFromCharge } from './refund-charges.server';

export type RefundEventOutcome = 'applied' | 'unchanged' | 'unknown-booking';

/** The reason kept with a refund made at the provider, not by staff on the site. */
export const PROVIDER_REFUND_REASON = 'Refunded at the payment provider';
/** Who made a refund reconciled from the provider. */
export const PROVIDER_REFUND_BY = 'payment provider';

/** The key of the refund entry an event adds: one entry per event id. */
export function providerRefundKey(eventId: string): string {
  return `provider:${eventId}`;
}

/**
 * The booking brought up to the refunded total an event reports, or null when the event changes
 * nothing: an intent the booking does not hold, an event already applied, or a total the booking's
 * refunds (pending ones included) already reach.
 */
export function reconcileRefund(
  booking: Booking,
  refund: VerifiedRefundEvent,
  now: Date = new Date(),
): Booking | null {
  if (!holdsCharge(booking, refund.paymentIntentId)) return null;
  const key = providerRefundKey(refund.id);
  const refunds = booking.refunds ?? [];
  if (refunds.some((entry) => entry.key === key)) return null;
  const difference =
    refund.amountRefundedCents - refundedFromCharge(booking, refund.paymentIntentId);
  if (!Number.isSafeInteger(difference) || difference <= 0) return null;
  // Money due back after a staff change lowered the fare is what a refund pays back first, here
  // as for a refund made on the site (docs/decisions/041-fare-adjustments-after-payment.md).
  const dueBack = dueBackPart(booking, difference);
  const entry: BookingRefund = {
    key,
    amountCents: difference,
    reason: PROVIDER_REFUND_REASON,
    by: PROVIDER_REFUND_BY,
    requestedAt: refund.occurredAt,
    status: 'succeeded',
    providerRefundId: null,
    ...(dueBack > 0 ? { dueBackCents: dueBack } : {}),
    charges: [
      { paymentIntentId: refund.paymentIntentId, amountCents: difference, providerRefundId: null },
    ],
  };
  return touched(
    {
      ...booking,
      refundCents: (booking.refundCents ?? 0) + difference,
      refunds: [...refunds, entry],
    },
    now.toISOString(),
  );
}

/** Whether the intent is the booking's own payment or one of its successful charges. */
function holdsCharge(booking: Booking, paymentIntentId: string): boolean {
  return (
    booking.payment.intentId === paymentIntentId ||
    chargesOf(booking).some((charge) => charge.paymentIntentId === paymentIntentId)
  );
}

/** The booking a payment intent was made for, from the intent's metadata; null when none. */
async function bookingOfIntent(paymentIntentId: string): Promise<Booking | null> {
  const intent = await getPaymentGateway().retrievePaymentIntent(paymentIntentId);
  const bookingId = intent?.metadata.bookingId;
  if (!bookingId) return null;
  const booking = await getBookingStore().getBooking(bookingId);
  return booking && holdsCharge(booking, paymentIntentId) ? booking : null;
}

/**
 * Applies a verified refunded-charge event to its booking, in one store transaction. Throws when
 * the provider or the store cannot be reached (the webhook then answers 500 and is delivered again).
 */
export async function applyRefundEvent(
  refund: VerifiedRefundEvent,
  now: Date = new Date(),
): Promise<RefundEventOutcome> {
  const booking = await bookingOfIntent(refund.paymentIntentId);
  if (!booking) {
    log.warn('Refund event for an unknown booking', {
      eventId: refund.id,
      paymentIntentId: refund.paymentIntentId,
    });
    return 'unknown-booking';
  }
  // The mutation may run again on a retried transaction: only its last run counts.
  const last = { applied: false };
  const after = await getBookingStore().updateBooking(booking.id, (current) => {
    const next = reconcileRefund(current, refund, now);
    last.applied = next !== null;
    return next;
  });
  if (!after) return 'unknown-booking';
  if (!last.applied) return 'unchanged';
  log.info('A refund made at the payment provider was recorded on its booking', {
    eventId: refund.id,
    bookingId: after.id,
    refundCents: after.refundCents,
  });
  return 'applied';
}
