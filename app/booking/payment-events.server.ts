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
} from '@business-chauffeur/booking-contract';
import { getBookingStore, getPromoUseStore } from '~/store/store.server';
import type { PaymentIntentView, VerifiedPaymentEvent } from '~/payments/payment-gateway.server';
import { log } from '~/utils/log.server';
import { touched } from './booking-record.server';
import { ensureConfirmationEmail } from './confirmation-email.server';

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

/**
 * The booking after a verified payment event, or null when the event changes nothing (an intent
 * this booking does not hold, or a success already recorded).
 */
export function applyPaymentEvent(
  booking: Booking,
  event: VerifiedPaymentEvent,
  now: Date = new Date(),
): Booking | null {
  if (event.paymentIntentId !== booking.payment.intentId) return null;
  const at = now.toISOString();
  const recorded = touched(
    { ...booking, paymentAttempts: [...booking.paymentAttempts, attemptOf(event, now)] },
    at,
  );

  if (event.outcome === 'succeeded') {
    if (PAID_STATUSES.has(booking.status)) return null;
    const paidInFull =
      event.amountCents === booking.fareCents && event.currency.toLowerCase() === 'aud';
    // Never confirm a booking for another amount than the server's: keep the record for staff.
    if (!paidInFull) return recorded;
    return withStatus(
      {
        ...recorded,
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
  if (!result.duplicate && event.outcome === 'succeeded' && result.booking.status !== 'CONFIRMED') {
    log.error('A payment succeeded but did not confirm its booking (amount or currency differ)', {
      eventId: event.id,
      bookingId: result.booking.id,
      paymentIntentId: event.paymentIntentId,
    });
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
  if (result.booking.status === 'CONFIRMED' && result.booking.promoCode !== null) {
    // The paid booking's promo code use is consumed for good (a replay changes nothing).
    await getPromoUseStore().consume(result.booking.id, now.toISOString());
  }
  // Also for a duplicate: a replay of the success is how a failed email is retried.
  const email = await ensureConfirmationEmail(result.booking);
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
