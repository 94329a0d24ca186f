// How verified payment outcomes change a booking (decisions 2 and 3). An outcome comes from a
// signed Stripe webhook, a server-side retrieve of the intent, or the sandbox's own confirmation;
// never from what a browser says. Every outcome is recorded once by its event id, so a replayed
// event changes nothing, and the rules below make the order of events irrelevant:
//
//   success for the booking's intent and its exact amount → CONFIRMED (paymentRefId, amount, currency)
//   failure                                               → REJECTED (paymentRefId -1), unless CONFIRMED
//   anything after CONFIRMED                               → recorded, never a downgrade
//
// A booking that becomes CONFIRMED gets its confirmation email exactly once.
import { isAtLeastOneHourAhead } from '@business-chauffeur/booking-contract';
import type { Booking, PaymentAttempt } from '~/store/booking-store.server';
import { getBookingStore } from '~/store/store.server';
import type {
  GatewayPaymentError,
  PaymentIntentView,
  VerifiedPaymentEvent,
} from '~/payments/payment-gateway.server';
import { log } from '~/utils/log.server';
import { ensureConfirmationEmail } from './confirmation-email.server';

function attemptOf(event: VerifiedPaymentEvent, now: Date): PaymentAttempt {
  return {
    eventId: event.id,
    outcome: event.outcome,
    paymentIntentId: event.paymentIntentId,
    amount: event.amountCents / 100,
    currency: event.currency,
    occurredAt: event.occurredAt,
    recordedAt: now.toISOString(),
    errorCode: event.error?.declineCode ?? event.error?.code ?? null,
    errorMessage: event.error?.message ?? null,
    cardBrand: event.card?.brand ?? null,
    cardLast4: event.card?.last4 ?? null,
  };
}

function touched(booking: Booking, now: Date): Booking {
  const at = now.toISOString();
  return {
    ...booking,
    updatedAt: at,
    generalDetails: { ...booking.generalDetails, modifiedDate: at },
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
  if (event.paymentIntentId !== booking.paymentDetails.paymentIntentId) return null;
  const attempts = [...booking.paymentAttempts, attemptOf(event, now)];

  if (event.outcome === 'succeeded') {
    if (booking.bookingStatus === 'CONFIRMED') return null;
    const paidInFull =
      event.amountCents === booking.quote.fareCents && event.currency.toLowerCase() === 'aud';
    if (!paidInFull) {
      // Never confirm a booking for another amount than the server's: keep the record for staff.
      return touched({ ...booking, paymentAttempts: attempts }, now);
    }
    return touched(
      {
        ...booking,
        bookingStatus: 'CONFIRMED',
        paymentAttempts: attempts,
        paymentDetails: {
          ...booking.paymentDetails,
          amount: event.amountCents / 100,
          currency: 'AUD',
          paymentRefId: event.paymentIntentId,
          error: null,
        },
      },
      now,
    );
  }

  if (booking.bookingStatus === 'CONFIRMED') {
    // A late failure of an earlier attempt: recorded, the booking stays paid.
    return touched({ ...booking, paymentAttempts: attempts }, now);
  }
  return touched(
    {
      ...booking,
      bookingStatus: 'REJECTED',
      paymentAttempts: attempts,
      paymentDetails: {
        ...booking.paymentDetails,
        amount: event.amountCents / 100,
        paymentRefId: -1,
        error: {
          code: event.error?.declineCode ?? event.error?.code ?? 'payment_failed',
          description: event.error?.message ?? '',
          type: event.error?.type ?? 'card_error',
        },
      },
    },
    now,
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
  if (
    !result.duplicate &&
    event.outcome === 'succeeded' &&
    result.booking.bookingStatus !== 'CONFIRMED'
  ) {
    log.error('A payment succeeded but did not confirm its booking (amount or currency differ)', {
      eventId: event.id,
      bookingId: result.booking.id,
      paymentIntentId: event.paymentIntentId,
    });
  }
  if (
    !result.duplicate &&
    event.outcome === 'succeeded' &&
    result.booking.bookingStatus === 'CONFIRMED' &&
    !isAtLeastOneHourAhead(
      result.booking.quote.trip.date,
      result.booking.quote.trip.time,
      new Date(event.occurredAt),
    )
  ) {
    // Online payment closes an hour before the pickup, but a card form confirmed in the browser
    // can still slip through: the payment is kept and the booking confirmed (the customer paid),
    // and staff are told so they can arrange the trip or refund it.
    log.error('A payment succeeded with less than an hour to the pickup: call the customer', {
      eventId: event.id,
      bookingId: result.booking.id,
      bookingReferenceId: result.booking.bookingReferenceId,
    });
  }
  // Also for a duplicate: a replay of the success is how a failed email is retried.
  const email = await ensureConfirmationEmail(result.booking);
  return { duplicate: result.duplicate, booking: email.booking, emailDelivered: email.delivered };
}

/** A payment intent's status as the widget and /completion read it. */
export type PaymentProgress = 'requires_payment_method' | 'processing' | 'succeeded' | 'failed';

export interface PaymentState {
  status: PaymentProgress;
  error: Pick<GatewayPaymentError, 'type' | 'code' | 'message'> | null;
}

/** The payment's state from the booking (the server's verified view) and the provider's intent. */
export function paymentStateOf(booking: Booking, intent: PaymentIntentView | null): PaymentState {
  if (booking.bookingStatus === 'CONFIRMED') return { status: 'succeeded', error: null };
  if (intent?.status === 'processing') return { status: 'processing', error: null };
  if (booking.bookingStatus === 'REJECTED') {
    const error = booking.paymentDetails.error;
    return {
      status: 'failed',
      error: error
        ? {
            type: (error.type as GatewayPaymentError['type'] | undefined) ?? 'card_error',
            code: error.code,
            message: error.description,
          }
        : null,
    };
  }
  if (intent?.status === 'succeeded') {
    // Paid at the provider, confirmation not yet applied (it is, on the next refresh).
    return { status: 'processing', error: null };
  }
  return { status: 'requires_payment_method', error: null };
}
