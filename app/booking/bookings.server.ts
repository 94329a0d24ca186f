// The booking service behind POST /api/bookings. The server is the only authority: the trip and
// fare come from the signed quote, never from the client, and the payment is created for that fare
// once per booking (booking-payments.server.ts); a booking's status changes only through verified
// payment events (docs/decisions/006-payments-confirmed-by-verified-events.md).
import {
  messages,
  gstIncludedCents,
  idempotencyKeySchema,
  NO_LUGGAGE,
  parseBookingRequest,
  validateStep1,
  validateStep2,
  type Booking,
  type BookingResponse,
  type FieldErrors,
  type ValidBookingRequest,
} from '@business-chauffeur/booking-contract';
import type { PaymentIntentView } from '~/payments/payment-gateway.server';
import { getPaymentGateway } from '~/payments/payments.server';
import type { CreateBookingResult } from '~/store/booking-store.server';
import { IdempotencyConflictError } from '~/store/store-errors.server';
import { getBookingStore } from '~/store/store.server';
import { log } from '~/utils/log.server';
import { BookingApiError, sha256 } from './booking-api-error.server';
import { getBookingHorizonMonths } from './booking-horizon.server';
import { ensurePayment } from './booking-payments.server';
import { buildNewBooking } from './booking-record.server';
import {
  QuoteTokenError,
  canonicalJson,
  quotedVehicle,
  verifyQuote,
  type QuotePayload,
} from './quote-token.server';

export { BookingApiError };

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
    { ...NO_LUGGAGE, ...trip, stops: trip.stops.map((stop) => ({ enabled: true, ...stop })) },
    { now, horizonMonths },
  );
}

export interface CreateBookingCommand {
  /** The parsed JSON body, as sent. */
  body: unknown;
  /** The Idempotency-Key header, when sent. */
  idempotencyKeyHeader: string | null;
  partnerId: string | null;
  /**
   * The label of the partner staff manage whose origin the request came from: it names the
   * booking's partner whatever the page's `partner` attribute claims.
   */
  partnerRecordLabel?: string | null;
  /** That partner's commission rate as its record has it now: kept on the booking. */
  partnerCommissionBasisPoints?: number | null;
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

/**
 * The one idempotency rule: the Idempotency-Key header, else the body's idempotencyKey, in the
 * contract's one format; without either, the request itself is the key (the same quote, vehicle
 * and people is the same booking, so a double click or a second tab makes no second booking).
 * Client keys are stored hashed, apart from the request-derived ones.
 */
export function idempotencyKeyOf(
  header: string | null,
  request: ValidBookingRequest,
  requestFingerprint: string,
): string {
  const explicitKey = header?.trim() || request.idempotencyKey;
  if (explicitKey === undefined) return `request:${requestFingerprint}`;
  if (!idempotencyKeySchema.safeParse(explicitKey).success) {
    throw new BookingApiError(400, 'invalid_request', messages.api.invalidRequest, {
      idempotencyKey: messages.api.invalidRequest,
    });
  }
  return `client:${sha256(explicitKey)}`;
}

function verifiedQuote(token: string, now: Date): QuotePayload {
  try {
    return verifyQuote(token, now);
  } catch (error) {
    if (error instanceof QuoteTokenError) {
      const message =
        error.code === 'quote_expired' ? messages.api.quoteExpired : messages.api.quoteInvalid;
      throw new BookingApiError(400, error.code, message, { quoteToken: message });
    }
    throw error;
  }
}

/** POST /api/bookings: validates, saves the DRAFT booking once, creates its payment once. */
export async function createBooking(command: CreateBookingCommand): Promise<CreateBookingAnswer> {
  const now = command.now ?? new Date();
  const parsed = parseBookingRequest(command.body);
  if (!parsed.success) {
    throw new BookingApiError(400, 'invalid_request', messages.api.invalidRequest, parsed.fields);
  }
  const request = parsed.data;
  const quote = verifiedQuote(request.quoteToken, now);

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

  const requestFingerprint = sha256(
    canonicalJson({
      quoteId: quote.quoteId,
      vehicleId: vehicle.id,
      passenger: request.passenger,
      onBehalf: request.onBehalf,
      bookingPerson: request.bookingPerson,
    }),
  );
  const idempotencyKey = idempotencyKeyOf(
    command.idempotencyKeyHeader,
    request,
    requestFingerprint,
  );

  let saved: CreateBookingResult;
  try {
    saved = await getBookingStore().createBooking(
      buildNewBooking({
        quote,
        vehicle,
        request,
        idempotencyKey,
        requestFingerprint,
        partner: partnerLabel(command.partnerRecordLabel ?? request.partner, command.partnerId),
        ...(command.partnerRecordLabel && command.partnerCommissionBasisPoints !== undefined
          ? { partnerCommissionBasisPoints: command.partnerCommissionBasisPoints }
          : {}),
        userId: command.userId,
        now,
      }),
    );
  } catch (error) {
    if (error instanceof IdempotencyConflictError) {
      throw new BookingApiError(409, 'conflict', messages.bookingApi.idempotencyConflict);
    }
    log.error('Error in creating the booking', { error });
    // No payment is created for a booking that is not saved: the widget shows the save error.
    throw new BookingApiError(503, 'booking_unavailable', messages.bookingApi.saveFailed);
  }

  const { booking, intent } = await ensurePayment(saved.booking, now);
  return { status: saved.created ? 201 : 200, body: toBookingResponse(booking, intent) };
}

/** What the payment step shows: the amount, its lines and what the card form needs. */
export function toBookingResponse(booking: Booking, intent: PaymentIntentView): BookingResponse {
  return {
    bookingId: booking.id,
    bookingReferenceId: booking.reference,
    status: booking.status,
    totalCents: booking.payment.amountCents,
    currency: 'AUD',
    lines: booking.fareLines,
    gstCents: gstIncludedCents(booking.fareCents),
    promoCode: booking.promoCode,
    payment: getPaymentGateway().paymentStep(intent),
  };
}
