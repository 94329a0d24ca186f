// POST /api/bookings and what follows it: step 3's passenger details, the booking and its
// payment step, the payment status the widget polls, and a promo code applied before paying.
import { z } from './zod';
import { messages } from './messages';
import { fareLineSchema } from './fare-lines';
import { CURRENCY } from './rules';

const m = messages.booking;

export const contactDetailsSchema = z.object(
  {
    firstName: z.string({ error: m.firstNameRequired }).default(''),
    lastName: z.string({ error: m.lastNameRequired }).default(''),
    email: z.string({ error: m.emailRequired }).default(''),
    countryCode: z.string({ error: m.countryCodeRequired }).default(''),
    mobileNumber: z.string({ error: m.mobileRequired }).default(''),
  },
  { error: m.firstNameRequired },
);
export type ContactDetailsInput = z.input<typeof contactDetailsSchema>;
export type ContactDetails = z.output<typeof contactDetailsSchema>;

/** Step 3 "Passenger Details", with "Booking on behalf of someone else?". */
export const passengerStepSchema = z.object({
  passenger: contactDetailsSchema,
  onBehalf: z.boolean({ error: messages.api.invalidRequest }).default(false),
  /** The person booking; only read when onBehalf. */
  bookingPerson: contactDetailsSchema.nullable().default(null),
});
export type Step3Input = z.output<typeof passengerStepSchema>;

/**
 * The one format of an idempotency key, sent as the Idempotency-Key header or the body's
 * `idempotencyKey` (the header wins when both are sent).
 */
export const idempotencyKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,100}$/, messages.api.invalidRequest);

/**
 * POST /api/bookings. There is no amount: the server takes the fare of `vehicleId` from the signed
 * quote. `idempotencyKey` (a random id the widget makes once per booking attempt, e.g.
 * crypto.randomUUID()) lets a double submission create one booking and one payment.
 */
export const bookingRequestSchema = passengerStepSchema.extend({
  quoteToken: z.string({ error: messages.api.quoteInvalid }).max(16_384).default(''),
  vehicleId: z.string({ error: m.vehicleRequired }).max(200).default(''),
  idempotencyKey: idempotencyKeySchema.optional(),
  /**
   * The widget's `partner` attribute (a partner's own label, such as "riverside-grand"). Only a
   * label: a malformed one is dropped rather than failing the booking.
   */
  partner: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,80}$/)
    .optional()
    .catch(undefined),
});
export type BookingRequest = z.input<typeof bookingRequestSchema>;

/**
 * DRAFT (saved, not paid), REJECTED (the last payment failed), CONFIRMED (paid); then, set by
 * staff only: CANCELLED, COMPLETED (driven) and NO_SHOW (the passenger never came).
 */
export const bookingStatusSchema = z.enum([
  'DRAFT',
  'CONFIRMED',
  'REJECTED',
  'CANCELLED',
  'COMPLETED',
  'NO_SHOW',
]);
export type BookingStatus = z.infer<typeof bookingStatusSchema>;

/** The statuses of a paid booking: a payment event never moves it back to unpaid or confirmed. */
export const PAID_STATUSES: ReadonlySet<BookingStatus> = new Set([
  'CONFIRMED',
  'CANCELLED',
  'COMPLETED',
  'NO_SHOW',
]);

/**
 * What the payment step needs. Stripe: the PaymentIntent's client secret and the publishable key
 * for the Payment Element. Sandbox (embedded default): the same lifecycle run by the server with
 * Stripe's test cards, shown as "Test mode".
 */
export const paymentStepSchema = z.discriminatedUnion('provider', [
  z.object({
    provider: z.literal('stripe'),
    paymentIntentId: z.string(),
    clientSecret: z.string(),
    publishableKey: z.string(),
  }),
  z.object({
    provider: z.literal('sandbox'),
    paymentIntentId: z.string(),
    clientSecret: z.string(),
    testMode: z.literal(true),
  }),
]);
export type PaymentStep = z.infer<typeof paymentStepSchema>;

export const bookingResponseSchema = z.object({
  bookingId: z.string(),
  bookingReferenceId: z.string(),
  status: bookingStatusSchema,
  /** The server's all-in amount in cents: the sum of `lines`, any discount included. */
  totalCents: z.int().nonnegative(),
  currency: z.literal(CURRENCY),
  lines: z.array(fareLineSchema),
  gstCents: z.int().nonnegative(),
  /** The promo code applied to the booking, if any. */
  promoCode: z.string().nullable(),
  payment: paymentStepSchema,
});
export type BookingResponse = z.infer<typeof bookingResponseSchema>;

/** The card fields of the sandbox's "Test mode" form. */
export const sandboxCardSchema = z.object({
  number: z.string().max(32),
  expiry: z.string().max(7),
  cvc: z.string().max(4),
});
export type SandboxCard = z.infer<typeof sandboxCardSchema>;

/**
 * The payment error types, as Stripe names them. The customer reads the provider's own message
 * for the first three; any other type shows the generic message.
 */
export const paymentErrorTypes = [
  'card_error',
  'validation_error',
  'invalid_request_error',
  'api_error',
] as const;
export type PaymentErrorType = (typeof paymentErrorTypes)[number];

/** Whether the customer may read the provider's own message for this error type. */
export function showsProviderMessage(type: string): boolean {
  return type === 'card_error' || type === 'validation_error' || type === 'invalid_request_error';
}

/** A payment error as the widget shows it and the server keeps it. */
export const paymentErrorSchema = z.object({
  type: z.string(),
  code: z.string().optional(),
  message: z.string(),
});
export type PaymentError = z.infer<typeof paymentErrorSchema>;

export const paymentStatusResponseSchema = z.object({
  bookingId: z.string(),
  bookingReferenceId: z.string(),
  status: bookingStatusSchema,
  /** The amount of the booking's payment, in cents. */
  totalCents: z.int().nonnegative(),
  currency: z.literal(CURRENCY),
  payment: z.object({
    status: z.enum(['requires_payment_method', 'processing', 'succeeded', 'failed']),
    error: paymentErrorSchema.nullable(),
  }),
});
export type PaymentStatusResponse = z.infer<typeof paymentStatusResponseSchema>;

/**
 * POST /api/bookings/:id/promo: applies a promo code to an unpaid booking. The client secret of
 * the booking's payment proves the caller is the one paying (as for the sandbox's confirmation).
 * Answers with the booking response, re-priced.
 */
export const promoRequestSchema = z.object({
  code: z.string().trim().max(40).default(''),
  clientSecret: z.string().max(500).default(''),
});
export type PromoRequest = z.input<typeof promoRequestSchema>;
