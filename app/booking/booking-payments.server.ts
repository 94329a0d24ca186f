// A booking's payment: created once for the quoted fare, read back from the provider, refused when
// the pickup is now less than an hour away, and settled only through verified payment events
// (docs/decisions/006-payments-confirmed-by-verified-events.md). The caller never learns which
// payment provider it is: the gateway port says what the browser needs.
import { timingSafeEqual } from 'node:crypto';
import {
  messages,
  isAtLeastOneHourAhead,
  TOO_LATE_TO_PAY,
  type Booking,
  type PaymentError,
  type PaymentStatusResponse,
} from '@business-chauffeur/booking-contract';
import { paymentIdempotencyKey, type PaymentIntentView } from '~/payments/payment-gateway.server';
import { getPaymentGateway } from '~/payments/payments.server';
import { StoreUnavailableError } from '~/store/store-errors.server';
import { getBookingStore, getPromoUseStore } from '~/store/store.server';
import { log } from '~/utils/log.server';
import { supportPhone } from '~/content/site-settings.server';
import { BookingApiError, sha256 } from './booking-api-error.server';
import { touched } from './booking-record.server';
import { ensureConfirmationEmail } from './confirmation-email.server';
import { deferSettlement, settlementDone } from './deferred-settlements.server';
import { paymentStateOf, processPaymentEvent } from './payment-events.server';

/** True while the booking's pickup is at least an hour away (Queensland time), as when it was booked. */
export function stillPayable(booking: Booking, now: Date = new Date()): boolean {
  return isAtLeastOneHourAhead(booking.trip.date, booking.trip.time, now);
}

async function tooLateMessage(): Promise<string> {
  return messages.bookingApi.tooLateToPay(await supportPhone());
}

/**
 * A booking not paid yet whose pickup is now less than an hour away cannot be paid online any more
 * (a tab left open on the payment step, a resumed draft): its intent is cancelled at the provider,
 * so the card form that holds its client secret can no longer charge it, and the customer is asked
 * to call. An intent that went through meanwhile is not cancelled: its outcome is recorded as paid.
 * Returns the intent as it is now, or throws the refusal.
 */
export async function refuseLatePayment(
  booking: Booking,
  now: Date,
): Promise<PaymentIntentView | null | undefined> {
  if (booking.status === 'CONFIRMED' || stillPayable(booking, now)) return undefined;
  const intentId = booking.payment.intentId;
  let intent: PaymentIntentView | null = null;
  if (intentId !== null) {
    try {
      intent = await getPaymentGateway().cancelPaymentIntent(intentId);
    } catch (error) {
      log.error('The payment of a late booking could not be cancelled', {
        bookingId: booking.id,
        error,
        cause: error instanceof Error ? error.cause : undefined,
      });
    }
    if (intent?.status === 'succeeded' || intent?.status === 'processing') return intent;
  }
  if (intentId === null || intent?.status === 'canceled') {
    // Online payment is closed for this booking: the promo code uses it held go back.
    await getPromoUseStore().release(booking.id, now.toISOString());
  }
  log.info('Payment refused: the pickup is less than an hour away', { bookingId: booking.id });
  throw new BookingApiError(409, TOO_LATE_TO_PAY, await tooLateMessage());
}

/** The refusal as a payment error, for a status answer when the provider could not be asked. */
async function tooLatePaymentError(
  booking: Booking,
  now: Date = new Date(),
): Promise<PaymentError | undefined> {
  if (booking.status === 'CONFIRMED' || stillPayable(booking, now)) return undefined;
  return { type: 'invalid_request_error', code: TOO_LATE_TO_PAY, message: await tooLateMessage() };
}

/**
 * The booking's payment intent: the one it holds, or a new one for the quoted fare, made with an
 * idempotency key per booking and amount so concurrent or repeated requests share one intent.
 * None for a booking whose pickup is now less than an hour away (refuseLatePayment).
 */
export async function ensurePayment(
  booking: Booking,
  now: Date = new Date(),
): Promise<{ booking: Booking; intent: PaymentIntentView }> {
  const late = await refuseLatePayment(booking, now);
  if (late) return { booking: await settleFromIntent(booking, late), intent: late };
  const gateway = getPaymentGateway();
  const fail = async (error: unknown): Promise<never> => {
    // The provider's own message stays in the server log (the cause), never in the answer.
    log.error('The payment could not be created', {
      bookingId: booking.id,
      error,
      cause: error instanceof Error ? error.cause : undefined,
    });
    throw new BookingApiError(
      502,
      'payment_unavailable',
      messages.bookingApi.paymentUnavailable(await supportPhone()),
    );
  };
  const existingId = booking.payment.intentId;
  if (existingId !== null) {
    const intent = await gateway.retrievePaymentIntent(existingId).catch(fail);
    if (intent) return { booking, intent };
  }
  const intent = await gateway
    .createPaymentIntent(
      {
        bookingId: booking.id,
        bookingReferenceId: booking.reference,
        amountCents: booking.fareCents,
        currency: 'aud',
        description: `Booking ${booking.reference}: ${booking.vehicle.name}`,
        receiptEmail: booking.contacts.passenger.email,
      },
      { idempotencyKey: paymentIdempotencyKey(booking.id, booking.fareCents) },
    )
    .catch(fail);
  const { provider } = gateway.paymentStep(intent);
  const updated = await getBookingStore()
    .updateBooking(booking.id, (current) => {
      if (current.payment.intentId === intent.id) return null;
      return touched(
        {
          ...current,
          payment: {
            ...current.payment,
            intentId: intent.id,
            provider,
            clientSecretHash: sha256(intent.clientSecret),
          },
        },
        new Date().toISOString(),
      );
    })
    .catch(fail);
  return { booking: updated ?? booking, intent };
}

/**
 * The booking whose payment this client secret belongs to; null when there is none or the secret
 * is not its own (the same answer, so a booking id alone reveals nothing).
 */
export async function findBookingForPayer(
  bookingId: string,
  clientSecret: string,
): Promise<Booking | null> {
  if (!/^[A-Za-z0-9]{1,64}$/.test(bookingId)) return null;
  const booking = await getBookingStore().getBooking(bookingId);
  const expected = booking?.payment.clientSecretHash;
  if (!booking || !expected) return null;
  const given = Buffer.from(sha256(clientSecret), 'hex');
  const wanted = Buffer.from(expected, 'hex');
  return given.length === wanted.length && timingSafeEqual(given, wanted) ? booking : null;
}

/**
 * The booking after asking the provider for its intent: a success the webhook has not delivered
 * yet is verified here, server to server, and a confirmation email that failed before is retried.
 * A booking still unpaid whose pickup is now less than an hour away has its payment cancelled, and
 * `tooLate` says why it can no longer be paid (the widget asks here before it lets Stripe take the
 * card).
 */
export async function refreshPayment(
  booking: Booking,
  now: Date = new Date(),
): Promise<{ booking: Booking; intent: PaymentIntentView | null; tooLate?: PaymentError }> {
  const intentId = booking.payment.intentId;
  if (intentId === null) return { booking, intent: null };
  const intent = await getPaymentGateway().retrievePaymentIntent(intentId);
  const settled = await settleOrDefer(booking, intent);
  try {
    const late = await refuseLatePayment(settled, now);
    if (late) return { booking: await settleFromIntent(settled, late), intent: late };
  } catch (error) {
    if (!(error instanceof BookingApiError)) throw error;
    return {
      booking: settled,
      intent,
      tooLate: { type: 'invalid_request_error', code: error.code, message: error.message },
    };
  }
  return { booking: settled, intent };
}

/**
 * Applies what the provider says about the booking's intent, as a verified event: a success
 * confirms it (one event id per intent, so however often it is read, the success is recorded
 * once); with `recordFailure`, a failed attempt on a DRAFT booking rejects it, as the webhook's
 * payment_failed would. A CONFIRMED booking whose email failed before gets it now.
 */
export async function settleFromIntent(
  booking: Booking,
  intent: PaymentIntentView | null,
  { recordFailure = false }: { recordFailure?: boolean } = {},
): Promise<Booking> {
  const verified = (outcome: 'succeeded' | 'failed', found: PaymentIntentView) =>
    processPaymentEvent({
      id: `retrieve_${found.id}_${outcome}`,
      providerType: 'payment_intent.retrieved',
      outcome,
      occurredAt: new Date().toISOString(),
      paymentIntentId: found.id,
      bookingId: booking.id,
      amountCents: found.amount,
      currency: found.currency,
      error: outcome === 'failed' ? found.lastError : null,
      card: found.card,
    });
  if (intent?.status === 'succeeded' && booking.status !== 'CONFIRMED') {
    return (await verified('succeeded', intent)).booking ?? booking;
  }
  if (
    recordFailure &&
    intent?.lastError &&
    intent.status === 'requires_payment_method' &&
    booking.status === 'DRAFT'
  ) {
    return (await verified('failed', intent)).booking ?? booking;
  }
  if (booking.status === 'CONFIRMED' && !booking.confirmationEmail.sentAt) {
    return (await ensureConfirmationEmail(booking)).booking;
  }
  return booking;
}

/**
 * settleFromIntent, unless the store refuses the write: then the booking is remembered
 * (app/booking/deferred-settlements.server.ts) and returned as it was, so the caller answers with
 * what is known (a charge that went through is "processing") rather than an error, and the next
 * request or settle pass applies it.
 */
export async function settleOrDefer(
  booking: Booking,
  intent: PaymentIntentView | null,
  options: { recordFailure?: boolean } = {},
): Promise<Booking> {
  try {
    const settled = await settleFromIntent(booking, intent, options);
    settlementDone(booking.id);
    return settled;
  } catch (error) {
    if (!(error instanceof StoreUnavailableError)) throw error;
    deferSettlement(booking.id);
    log.error(
      'A verified payment outcome could not be saved; it is applied once the store writes',
      {
        bookingId: booking.id,
        paymentIntentId: intent?.id ?? null,
        error,
      },
    );
    return booking;
  }
}

/**
 * A booking not paid yet as the provider has it now: a charge that went through (its webhook
 * lost, or the store down when it arrived) confirms it, a declined attempt rejects it. For
 * requests that read a booking without paying it (a lookup) and the settle pass.
 */
export async function settleFromProvider(booking: Booking): Promise<Booking> {
  const intentId = booking.payment.intentId;
  const unpaid = booking.status === 'DRAFT' || booking.status === 'REJECTED';
  if (!unpaid || intentId === null) return booking;
  const intent = await getPaymentGateway().retrievePaymentIntent(intentId);
  return settleOrDefer(booking, intent, { recordFailure: true });
}

/**
 * The payment's status as the booking API answers it (GET …/payment-status, POST …/terms): as the
 * provider has it now (refreshPayment), or, when the provider cannot be reached, what the server
 * already verified and, for a pickup now less than an hour away, that the booking can no longer be
 * paid online.
 */
export async function currentPaymentStatus(booking: Booking): Promise<PaymentStatusResponse> {
  const refreshed = await refreshPayment(booking).catch(async (error: unknown) => {
    log.warn('Payment status could not be refreshed', { bookingId: booking.id, error });
    return { booking, intent: null, tooLate: await tooLatePaymentError(booking) };
  });
  return paymentStatusResponse(refreshed.booking, refreshed.intent, refreshed.tooLate);
}

export function paymentStatusResponse(
  booking: Booking,
  intent: PaymentIntentView | null,
  tooLate?: PaymentError,
): PaymentStatusResponse {
  return {
    bookingId: booking.id,
    bookingReferenceId: booking.reference,
    status: booking.status,
    totalCents: booking.payment.amountCents,
    currency: 'AUD',
    payment: tooLate ? { status: 'failed', error: tooLate } : paymentStateOf(booking, intent),
  };
}
