// How verified payment outcomes change a booking
// (docs/decisions/006-payments-confirmed-by-verified-events.md). An outcome comes from a signed
// Stripe webhook, a server-side retrieve of the intent, or the sandbox's own confirmation; never
// from what a browser says. Every outcome is recorded once by its event id, so a replayed
// event changes nothing, and the rules below make the order of events irrelevant:
//
//   success for the booking's intent and its exact amount → CONFIRMED (providerPaymentRef, amount)
//   failure                                               → REJECTED (with its error), unless CONFIRMED
//   anything after CONFIRMED                               → recorded, never a downgrade
//
// A booking that becomes CONFIRMED gets its confirmation email exactly once, and the promo code use
// it holds is consumed (app/booking/booking-promo.server.ts).
import {
  PAID_STATUSES,
  isAtLeastOneHourAhead,
  withStatus,
  type Booking,
  type PaymentAttempt,
  type PaymentError,
  type PaymentLink,
  type PendingPrice,
} from '@business-chauffeur/booking-contract';
import { getBookingStore, getPromoUseStore } from '~/store/store.server';
import type { PaymentIntentView, VerifiedPaymentEvent } from '~/payments/payment-gateway.server';
import { formatMoney } from '@business-chauffeur/booking-contract';
import { log } from '~/utils/log.server';
import { sendBalanceReceipt } from './balance-receipt.server';
import { newAlert, notifyStaffOfAlert, raiseAlert, withAlert } from './booking-alerts.server';
import { touched } from './booking-record.server';
import { ensureConfirmationEmail } from './confirmation-email.server';

/** The email a code's once-per-customer rule counts: the booker's, else the passenger's. */
export function customerEmail(booking: Booking): string {
  return (booking.contacts.booker ?? booking.contacts.passenger).email.trim().toLowerCase();
}

/**
 * A paid booking's promo code use: the code of the price paid is consumed (a replay changes
 * nothing), any other code the booking still held goes back. A paid use past the code's maximum
 * (its reservation had been given back before the payment) is kept, as the customer paid that
 * price, and raised to staff.
 */
async function consumePromoUse(booking: Booking, now: Date): Promise<Booking> {
  const outcome = await getPromoUseStore().consume({
    bookingId: booking.id,
    code: booking.promoCode,
    email: customerEmail(booking),
    at: now.toISOString(),
  });
  if (outcome.emailUsedBefore) {
    // Allowed: a code applied before the email's first payment keeps its price (no booking's
    // price changes because of another), so one email may pay two bookings it discounted at once.
    log.info('A promo code was paid again by an email that had paid with it', {
      bookingId: booking.id,
      code: booking.promoCode,
    });
  }
  if (!outcome.unreserved) return booking;
  const raised = await raiseAlert(
    booking.id,
    {
      id: `promo-${booking.promoCode ?? ''}`,
      kind: 'promo_code_overused',
      detail: `The customer paid the price with promo code ${booking.promoCode ?? ''}, but the booking's hold on the code had been given back before the payment, so the code may now be used more times than it allows. The booking stays confirmed at the price paid.`,
      amountCents: booking.fareCents,
    },
    now,
  );
  return raised ?? booking;
}

function attemptOf(event: VerifiedPaymentEvent, now: Date): PaymentAttempt {
  return {
    eventId: event.id,
    outcome: event.outcome,
    paymentIntentId: event.paymentIntentId,
    amountCents: event.amountCents,
    currency: event.currency,
    occurredAt: event.occurredAt,
    recordedAt: now.toISOString(),
    errorCode: event.error?.declineCode ?? event.error?.code ?? null,
    errorMessage: event.error?.message ?? null,
    cardBrand: event.card?.brand ?? null,
    cardLast4: event.card?.last4 ?? null,
  };
}

/** The price a payment of `amountCents` paid: the booking's, or the one being given to it; null when neither. */
function pricePaid(
  booking: Booking,
  amountCents: number,
  currency: string,
): Pick<PendingPrice, 'code' | 'lines' | 'totalCents'> | null {
  if (currency.toLowerCase() !== 'aud') return null;
  if (amountCents === booking.fareCents) {
    return { code: booking.promoCode, lines: booking.fareLines, totalCents: booking.fareCents };
  }
  const pending = booking.pendingPrice;
  return pending && amountCents === pending.totalCents ? pending : null;
}

/**
 * A balance link's payment (app/booking/payment-links.server.ts): recorded as an attempt beside
 * the original charge, which stays as it was; a success for the link's amount marks the link paid,
 * which settles that much of the balance. A success for another amount is raised to staff, as for a
 * booking's payment. Null when nothing changes (a success already recorded).
 */
function applyLinkPaymentEvent(
  booking: Booking,
  link: PaymentLink,
  event: VerifiedPaymentEvent,
  now: Date,
): Booking | null {
  const at = now.toISOString();
  const seen = booking.paymentAttempts.some(
    (attempt) =>
      attempt.outcome === 'succeeded' && attempt.paymentIntentId === event.paymentIntentId,
  );
  if (event.outcome === 'succeeded' && (seen || link.paidAt !== null)) return null;
  const recorded = touched(
    { ...booking, paymentAttempts: [...booking.paymentAttempts, attemptOf(event, now)] },
    at,
  );
  if (event.outcome === 'failed') return recorded;
  if (event.amountCents !== link.amountCents || event.currency.toLowerCase() !== 'aud') {
    return withAlert(
      recorded,
      newAlert(
        {
          id: `payment-${event.paymentIntentId}`,
          kind: 'payment_amount_differs',
          detail: `A payment of ${formatMoney(event.amountCents, event.currency)} succeeded on a payment link for ${formatMoney(link.amountCents)}, so the balance is not settled by it. Refund the payment, or agree the difference with the customer.`,
          amountCents: event.amountCents,
        },
        at,
      ),
    );
  }
  return {
    ...recorded,
    paymentLinks: (booking.paymentLinks ?? []).map((one) =>
      one.id === link.id ? { ...one, intentId: event.paymentIntentId, paidAt: at } : one,
    ),
  };
}

/** A booking link still waiting for the booking's payment is paid with it. */
function withBookingLinkPaid(booking: Booking, at: string): Booking {
  if (!booking.paymentLinks?.some((link) => link.purpose === 'booking' && link.paidAt === null)) {
    return booking;
  }
  return {
    ...booking,
    paymentLinks: booking.paymentLinks.map((link) =>
      link.purpose === 'booking' && link.paidAt === null && link.replacedAt === null
        ? { ...link, paidAt: at }
        : link,
    ),
  };
}

/**
 * The booking after a verified payment event, or null when the event changes nothing (an intent
 * this booking does not hold, or a success already recorded).
 */
export function applyPaymentEvent(
  booking: Booking,
  event: VerifiedPaymentEvent,
  now: Date = new Date(),
): Booking | null {
  if (event.paymentIntentId !== booking.payment.intentId) {
    const link = booking.paymentLinks?.find(
      (one) => one.purpose === 'balance' && one.intentId === event.paymentIntentId,
    );
    return link ? applyLinkPaymentEvent(booking, link, event, now) : null;
  }
  const at = now.toISOString();
  const recorded = touched(
    { ...booking, paymentAttempts: [...booking.paymentAttempts, attemptOf(event, now)] },
    at,
  );

  if (event.outcome === 'succeeded') {
    if (PAID_STATUSES.has(booking.status)) return null;
    const price = pricePaid(booking, event.amountCents, event.currency);
    // Never confirm a booking for another amount than the server's: staff must look at it.
    if (!price) {
      // One payment, one alert: another event for the same payment (the webhook after a
      // server-side read of it) changes nothing.
      const seen = booking.paymentAttempts.some(
        (attempt) =>
          attempt.outcome === 'succeeded' && attempt.paymentIntentId === event.paymentIntentId,
      );
      if (seen) return null;
      return withAlert(
        recorded,
        newAlert(
          {
            id: `payment-${event.paymentIntentId}`,
            kind: 'payment_amount_differs',
            detail: `A payment of ${formatMoney(event.amountCents, event.currency)} succeeded, but the booking's price is ${formatMoney(booking.fareCents)}, so the booking is not confirmed. Refund the payment, or agree the trip and the difference with the customer.`,
            amountCents: event.amountCents,
          },
          at,
        ),
      );
    }
    return withStatus(
      {
        ...withBookingLinkPaid(recorded, at),
        fareLines: price.lines,
        fareCents: price.totalCents,
        promoCode: price.code,
        pendingPrice: null,
        payment: {
          ...booking.payment,
          amountCents: event.amountCents,
          providerPaymentRef: event.paymentIntentId,
          error: null,
        },
      },
      'CONFIRMED',
      at,
    );
  }

  // A late failure of an earlier attempt: recorded, the booking stays paid (or as staff left it).
  if (PAID_STATUSES.has(booking.status)) return recorded;
  return withStatus(
    {
      ...recorded,
      payment: {
        ...booking.payment,
        amountCents: event.amountCents,
        providerPaymentRef: null,
        error: {
          code: event.error?.declineCode ?? event.error?.code ?? 'payment_failed',
          message: event.error?.message ?? '',
          type: event.error?.type ?? 'card_error',
        },
      },
    },
    'REJECTED',
    at,
  );
}

export interface ProcessedPaymentEvent {
  duplicate: boolean;
  booking: Booking | null;
  /** False when the confirmation email was due but could not be sent (the caller may retry). */
  emailDelivered: boolean;
}

/** Records a verified event once, applies it, and sends the confirmation email when it is due. */
export async function processPaymentEvent(
  event: VerifiedPaymentEvent,
  now: Date = new Date(),
): Promise<ProcessedPaymentEvent> {
  const result = await getBookingStore().recordPaymentEvent(
    {
      id: event.id,
      type: event.providerType,
      bookingId: event.bookingId,
      occurredAt: event.occurredAt,
      receivedAt: now.toISOString(),
    },
    (current) => applyPaymentEvent(current, event, now),
  );
  if (!result.booking) {
    if (!result.duplicate) {
      log.warn('Payment event for an unknown booking', {
        eventId: event.id,
        paymentIntentId: event.paymentIntentId,
      });
    }
    return { duplicate: result.duplicate, booking: null, emailDelivered: true };
  }
  const before = new Set(result.previous?.alerts?.map((alert) => alert.id));
  for (const alert of result.booking.alerts ?? []) {
    if (result.previous && !before.has(alert.id)) await notifyStaffOfAlert(result.booking, alert);
  }
  if (
    !result.duplicate &&
    event.outcome === 'succeeded' &&
    result.booking.status === 'CONFIRMED' &&
    !isAtLeastOneHourAhead(
      result.booking.trip.date,
      result.booking.trip.time,
      new Date(event.occurredAt),
    )
  ) {
    // Online payment closes an hour before the pickup, but a card form confirmed in the browser
    // can still slip through: the payment is kept and the booking confirmed (the customer paid),
    // and staff are told so they can arrange the trip or refund it.
    log.error('A payment succeeded with less than an hour to the pickup: call the customer', {
      eventId: event.id,
      bookingId: result.booking.id,
      bookingReferenceId: result.booking.reference,
    });
  }
  // A balance link paid by this event: the customer gets its receipt, once (the store marked it
  // paid in this event's transaction; a replay finds it paid before).
  const paidLink = result.booking.paymentLinks?.find(
    (link) =>
      link.purpose === 'balance' &&
      link.paidAt !== null &&
      result.previous?.paymentLinks?.find((before) => before.id === link.id)?.paidAt === null,
  );
  if (paidLink) await sendBalanceReceipt(result.booking, paidLink);
  let booking = result.booking;
  if (booking.status === 'CONFIRMED') {
    // The code of the price paid is consumed for good, any other code the booking held goes back
    // (a replay changes nothing).
    booking = await consumePromoUse(booking, now);
  }
  // Also for a duplicate: a replay of the success is how a failed email is retried.
  const email = await ensureConfirmationEmail(booking);
  return { duplicate: result.duplicate, booking: email.booking, emailDelivered: email.delivered };
}

/** A payment intent's status as the widget and /completion read it. */
export type PaymentProgress = 'requires_payment_method' | 'processing' | 'succeeded' | 'failed';

export interface PaymentState {
  status: PaymentProgress;
  error: PaymentError | null;
}

/** The payment's state from the booking (the server's verified view) and the provider's intent. */
export function paymentStateOf(booking: Booking, intent: PaymentIntentView | null): PaymentState {
  if (PAID_STATUSES.has(booking.status)) return { status: 'succeeded', error: null };
  if (intent?.status === 'processing') return { status: 'processing', error: null };
  if (booking.status === 'REJECTED') return { status: 'failed', error: booking.payment.error };
  if (intent?.status === 'succeeded') {
    // Paid at the provider, confirmation not yet applied (it is, on the next refresh).
    return { status: 'processing', error: null };
  }
  return { status: 'requires_payment_method', error: null };
}
