// The booking service behind POST /api/bookings, the payment status and the sandbox confirmation.
// The server is the only authority (decisions 1 and 2): the trip and fare come from the signed
// quote, never from the client; the payment is created for that fare, once per booking; a booking's
// status changes only through verified payment events.
import { createHash, timingSafeEqual } from 'node:crypto';
import {
  en as messages,
  isAtLeastOneHourAhead,
  parseBookingRequest,
  TOO_LATE_TO_PAY,
  validateStep1,
  validateStep2,
  widgetMessages,
  type BookingResponse,
  type FieldErrors,
  type PaymentError,
  type PaymentStatusResponse,
  type SandboxCard,
} from '@business-chauffeur/booking-contract';
import { getSiteSettings } from '~/content/site-settings.server';
import { paymentIdempotencyKey, type PaymentIntentView } from '~/payments/payment-gateway.server';
import { getPaymentGateway } from '~/payments/payments.server';
import {
  IdempotencyConflictError,
  type Booking,
  type CreateBookingResult,
} from '~/store/booking-store.server';
import { getBookingStore } from '~/store/store.server';
import { log } from '~/utils/log.server';
import { getBookingHorizonMonths } from './booking-horizon.server';
import { buildNewBooking } from './booking-record.server';
import { ensureConfirmationEmail } from './confirmation-email.server';
import { paymentStateOf, processPaymentEvent } from './payment-events.server';
import {
  QuoteTokenError,
  canonicalJson,
  quotedVehicle,
  verifyQuote,
  type QuotePayload,
} from './quote-token.server';

/** An answer other than success, with the API's error code and the message a customer reads. */
export class BookingApiError extends Error {
  override name = 'BookingApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: FieldErrors,
  ) {
    super(message);
  }
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

async function supportPhone(): Promise<string> {
  try {
    return (await getSiteSettings()).phone ?? '';
  } catch {
    return '';
  }
}

function hasErrors(fields: FieldErrors) {
  return Object.keys(fields).length > 0;
}

/**
 * Step 1 again, at booking time: the quoted pickup must still be at least an hour away and within
 * the booking horizon (staff may have shortened it since the quote).
 */
function revalidateTrip(quote: QuotePayload, now: Date, horizonMonths: number): FieldErrors {
  const { trip } = quote;
  return validateStep1(
    {
      pickup: trip.pickup,
      drop: trip.drop,
      stops: trip.stops.map((stop) => ({ enabled: true, ...stop })),
      date: trip.date,
      time: trip.time,
      passengers: trip.passengers,
      byTheHour: trip.byTheHour,
      hours: trip.hours,
      notes: trip.notes,
    },
    { now, horizonMonths },
  );
}

export interface CreateBookingCommand {
  /** The parsed JSON body, as sent. */
  body: unknown;
  /** The Idempotency-Key header, when sent. */
  idempotencyKeyHeader: string | null;
  partnerId: string | null;
  userId: string | null;
  now?: Date;
}

export interface CreateBookingAnswer {
  /** 201 for a new booking, 200 for a repeated request answered with the first booking. */
  status: 200 | 201;
  body: BookingResponse;
}

/**
 * Who the booking came through: the widget's `partner` attribute, with the calling origin the
 * browser vouched for (the attribute alone is only what the embedding page claims).
 */
export function partnerLabel(attribute: string | undefined, origin: string | null): string | null {
  if (attribute && origin) return `${attribute} (${origin})`;
  return attribute ?? origin;
}

/** POST /api/bookings: validates, saves the DRAFT booking once, creates its payment once. */
export async function createBooking(command: CreateBookingCommand): Promise<CreateBookingAnswer> {
  const now = command.now ?? new Date();
  const parsed = parseBookingRequest(command.body);
  if (!parsed.success) {
    throw new BookingApiError(400, 'invalid_request', messages.api.invalidRequest, parsed.fields);
  }
  const request = parsed.data;

  let quote: QuotePayload;
  try {
    quote = verifyQuote(request.quoteToken, now);
  } catch (error) {
    if (error instanceof QuoteTokenError) {
      const message =
        error.code === 'quote_expired' ? messages.api.quoteExpired : messages.api.quoteInvalid;
      throw new BookingApiError(400, error.code, message, { quoteToken: message });
    }
    throw error;
  }

  const vehicle = quotedVehicle(quote, request.vehicleId);
  const vehicleErrors = vehicle
    ? validateStep2(
        { vehicleId: vehicle.id },
        { passengers: quote.trip.passengers, vehicleCapacity: vehicle.passengers },
      )
    : { vehicleId: messages.booking.vehicleRequired };
  const horizonMonths = await getBookingHorizonMonths();
  const fields = { ...revalidateTrip(quote, now, horizonMonths), ...vehicleErrors };
  if (!vehicle || hasErrors(fields)) {
    throw new BookingApiError(400, 'invalid_request', messages.api.invalidRequest, fields);
  }

  // The same quote, vehicle and people is the same booking: a double click, a retried request or
  // a second tab makes no second booking, with or without an explicit key.
  const requestFingerprint = sha256(
    canonicalJson({
      quoteId: quote.quoteId,
      vehicleId: vehicle.id,
      passenger: request.passenger,
      onBehalf: request.onBehalf,
      bookingPerson: request.bookingPerson,
    }),
  );
  const explicitKey = command.idempotencyKeyHeader?.trim() || request.idempotencyKey;
  if (explicitKey !== undefined && !/^[A-Za-z0-9_-]{8,100}$/.test(explicitKey)) {
    throw new BookingApiError(400, 'invalid_request', messages.api.invalidRequest, {
      idempotencyKey: messages.api.invalidRequest,
    });
  }
  const idempotencyKey = explicitKey
    ? `client:${sha256(explicitKey)}`
    : `request:${requestFingerprint}`;

  let saved: CreateBookingResult;
  try {
    saved = await getBookingStore().createBooking(
      buildNewBooking({
        quote,
        vehicle,
        request,
        idempotencyKey,
        requestFingerprint,
        partnerId: partnerLabel(request.partner, command.partnerId),
        userId: command.userId,
        now,
      }),
    );
  } catch (error) {
    if (error instanceof IdempotencyConflictError) {
      throw new BookingApiError(409, 'conflict', messages.bookingApi.idempotencyConflict);
    }
    log.error('Error in creating the booking', { error });
    // Spec §8 "Booking save error": no payment is created for a booking that is not saved.
    throw new BookingApiError(503, 'booking_unavailable', widgetMessages.payment.saveFailed);
  }

  const { booking, intent } = await ensurePayment(saved.booking, now);
  const gateway = getPaymentGateway();
  const client = gateway.clientConfig();
  return {
    status: saved.created ? 201 : 200,
    body: {
      bookingId: booking.id,
      bookingReferenceId: booking.bookingReferenceId,
      status: booking.bookingStatus,
      amount: booking.paymentDetails.amount,
      currency: 'AUD',
      payment:
        client.provider === 'stripe'
          ? {
              provider: 'stripe',
              paymentIntentId: intent.id,
              clientSecret: intent.clientSecret,
              publishableKey: client.publishableKey,
            }
          : {
              provider: 'sandbox',
              paymentIntentId: intent.id,
              clientSecret: intent.clientSecret,
              testMode: true,
            },
    },
  };
}

/** True while the booking's pickup is at least an hour away (Queensland time), as when it was booked. */
export function stillPayable(booking: Booking, now: Date = new Date()): boolean {
  return isAtLeastOneHourAhead(booking.quote.trip.date, booking.quote.trip.time, now);
}

/**
 * A booking not paid yet whose pickup is now less than an hour away cannot be paid online any more
 * (a tab left open on the payment step, a resumed draft): its intent is cancelled at the provider,
 * so the card form that holds its client secret can no longer charge it, and the customer is asked
 * to call. An intent that went through meanwhile is not cancelled: its outcome is recorded as paid.
 * Returns the intent as it is now, or throws the refusal.
 */
async function refuseLatePayment(
  booking: Booking,
  now: Date,
): Promise<PaymentIntentView | null | undefined> {
  if (booking.bookingStatus === 'CONFIRMED' || stillPayable(booking, now)) return undefined;
  const intentId = booking.paymentDetails.paymentIntentId;
  let intent: PaymentIntentView | null = null;
  if (typeof intentId === 'string' && intentId !== '') {
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
  log.info('Payment refused: the pickup is less than an hour away', { bookingId: booking.id });
  throw new BookingApiError(409, TOO_LATE_TO_PAY, await tooLateMessage());
}

async function tooLateMessage(): Promise<string> {
  return messages.bookingApi.tooLateToPay(await supportPhone());
}

/** The refusal as a payment error, for a status answer when the provider could not be asked. */
export async function tooLatePaymentError(booking: Booking, now: Date = new Date()) {
  if (booking.bookingStatus === 'CONFIRMED' || stillPayable(booking, now)) return undefined;
  const error: PaymentError = {
    type: 'invalid_request_error',
    code: TOO_LATE_TO_PAY,
    message: await tooLateMessage(),
  };
  return error;
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
  const existingId = booking.paymentDetails.paymentIntentId;
  if (typeof existingId === 'string' && existingId !== '') {
    const intent = await gateway.retrievePaymentIntent(existingId).catch(fail);
    if (intent) return { booking, intent };
  }
  const intent = await gateway
    .createPaymentIntent(
      {
        bookingId: booking.id,
        bookingReferenceId: booking.bookingReferenceId,
        amountCents: booking.quote.fareCents,
        currency: 'aud',
        description: `Booking ${booking.bookingReferenceId}: ${booking.vehicleSelection.name}`,
        receiptEmail: booking.passengerDetails.email,
      },
      { idempotencyKey: paymentIdempotencyKey(booking.id, booking.quote.fareCents) },
    )
    .catch(fail);
  const updated = await getBookingStore()
    .updateBooking(booking.id, (current) => {
      if (current.paymentDetails.paymentIntentId === intent.id) return null;
      const at = new Date().toISOString();
      return {
        ...current,
        updatedAt: at,
        generalDetails: { ...current.generalDetails, modifiedDate: at },
        paymentDetails: {
          ...current.paymentDetails,
          paymentIntentId: intent.id,
          provider: gateway.kind,
          clientSecretHash: sha256(intent.clientSecret),
        },
      };
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
  const expected = booking?.paymentDetails.clientSecretHash;
  if (!booking || !expected) return null;
  const given = Buffer.from(sha256(clientSecret), 'hex');
  const wanted = Buffer.from(expected, 'hex');
  return given.length === wanted.length && timingSafeEqual(given, wanted) ? booking : null;
}

/**
 * The booking after asking the provider for its intent: a success the webhook has not delivered
 * yet is verified here, server to server (decision 2), and a confirmation email that failed
 * before is retried. A booking still unpaid whose pickup is now less than an hour away has its
 * payment cancelled, and `tooLate` says why it can no longer be paid (the widget asks here before
 * it lets Stripe take the card).
 */
export async function refreshPayment(
  booking: Booking,
  now: Date = new Date(),
): Promise<{ booking: Booking; intent: PaymentIntentView | null; tooLate?: PaymentError }> {
  const intentId = booking.paymentDetails.paymentIntentId;
  if (typeof intentId !== 'string' || intentId === '') return { booking, intent: null };
  const intent = await getPaymentGateway().retrievePaymentIntent(intentId);
  const settled = await settleFromIntent(booking, intent);
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
  if (intent?.status === 'succeeded' && booking.bookingStatus !== 'CONFIRMED') {
    return (await verified('succeeded', intent)).booking ?? booking;
  }
  if (
    recordFailure &&
    intent?.lastError &&
    intent.status === 'requires_payment_method' &&
    booking.bookingStatus === 'DRAFT'
  ) {
    return (await verified('failed', intent)).booking ?? booking;
  }
  if (booking.bookingStatus === 'CONFIRMED' && !booking.confirmationEmail.sentAt) {
    return (await ensureConfirmationEmail(booking)).booking;
  }
  return booking;
}

export function paymentStatusResponse(
  booking: Booking,
  intent: PaymentIntentView | null,
  tooLate?: PaymentError,
): PaymentStatusResponse {
  return {
    bookingId: booking.id,
    bookingReferenceId: booking.bookingReferenceId,
    status: booking.bookingStatus,
    amount: booking.paymentDetails.amount,
    currency: 'AUD',
    payment: tooLate ? { status: 'failed', error: tooLate } : paymentStateOf(booking, intent),
  };
}

/**
 * The sandbox's card form, confirmed on the server: the outcome goes through the same event path
 * as a Stripe webhook. The card's number, expiry and CVC are used for this call only.
 */
export async function confirmSandboxPayment(
  booking: Booking,
  card: SandboxCard,
  now: Date = new Date(),
): Promise<PaymentStatusResponse> {
  const gateway = getPaymentGateway();
  if (gateway.kind !== 'sandbox') {
    throw new BookingApiError(404, 'not_found', messages.bookingApi.sandboxOnly);
  }
  const intentId = booking.paymentDetails.paymentIntentId;
  if (booking.bookingStatus === 'CONFIRMED' || typeof intentId !== 'string') {
    const intent =
      typeof intentId === 'string' ? await gateway.retrievePaymentIntent(intentId) : null;
    return paymentStatusResponse(booking, intent);
  }
  // Checked again right before the charge: the lead time may have run out since the booking.
  const late = await refuseLatePayment(booking, now);
  if (late) return paymentStatusResponse(await settleFromIntent(booking, late), late);
  const result = await gateway.confirm(intentId, card);
  let current = booking;
  if (result.event) {
    current = (await processPaymentEvent(result.event)).booking ?? booking;
  }
  const response = paymentStatusResponse(current, result.intent);
  if (!result.event && result.error) {
    // A mistyped card never reached a charge: the booking is unchanged, the form shows why.
    return {
      ...response,
      payment: {
        status: 'requires_payment_method',
        error: { type: result.error.type, code: result.error.code, message: result.error.message },
      },
    };
  }
  return response;
}
