// Zod schemas of every request and response of the booking API (docs/product.md lists the
// routes). The widget parses responses with them; the server parses requests with them and answers
// with values of their types. Request schemas describe the wire shape only: the booking rules and
// their messages are in validation.ts, which the parse* helpers there apply on top.
//
//   GET  /api/places?q=&sessionToken=   → placesResponseSchema
//   POST /api/quotes                    quoteRequestSchema → quoteResponseSchema
//   POST /api/bookings                  bookingRequestSchema → bookingResponseSchema
//   GET  /api/bookings/:id/payment-status                   → paymentStatusResponseSchema
//   POST /api/bookings/lookup           lookupRequestSchema → lookupResponseSchema
//   any error                           apiErrorSchema ({ error: { code, message, fields? } })
//
// Unknown keys in a request are dropped (Zod's default), so an `amount` a client sends never
// reaches the server's logic: the server alone prices a booking.
import { z } from './zod';
import { en as messages } from './messages';
import { NO_CHILD_SEATS, childSeatsSchema, fareLineSchema } from './fare-lines';
import {
  MAX_LUGGAGE,
  CURRENCY,
  MAX_STOPS,
  PLACE_DESCRIPTION_MAX_LENGTH,
  PLACE_DETAILS_INPUT_MAX_LENGTH,
  PLACE_ID_MAX_LENGTH,
  PLACES_MAX_SUGGESTIONS,
} from './rules';

const m = messages.booking;

// ---------------------------------------------------------------------------------------------
// Errors

/** Every error code the site's API answers with; the server types each answer with it. */
export const apiErrorCodes = [
  'invalid_request',
  'malformed_json',
  'payload_too_large',
  'method_not_allowed',
  'not_found',
  'rate_limited',
  'origin_not_allowed',
  'route_unavailable',
  'places_unavailable',
  'fleet_unavailable',
  'quote_invalid',
  'quote_expired',
  'too_late_to_pay',
  /** A payment without the customer's agreement to the Terms and the Cancellation policy. */
  'terms_required',
  /** A promo code that cannot be used for this booking (any reason: the answer never says which). */
  'promo_invalid',
  'conflict',
  /** The store could not save the booking: no payment was created. */
  'booking_unavailable',
  /** The booking is saved but the payment provider could not be reached; retrying is safe. */
  'payment_unavailable',
  /** A webhook request not signed by the payment provider. */
  'invalid_signature',
  /** A payment event was applied but its confirmation email is not sent yet (the sender retries). */
  'email_pending',
  /** The server cannot answer right now (a store or a limit check failed); retrying is safe. */
  'service_unavailable',
  'internal_error',
] as const;
export type ApiErrorCode = (typeof apiErrorCodes)[number];

/** `{ error: { code, message, fields? } }`; `fields` maps a field path to its message. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    /** With `origin_not_allowed`: the business's phone, for the customer to book by phone. */
    supportPhone: z.string().optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Field path ("pickup", "stops.0", "passenger.email") → the message to show beside it. */
export type FieldErrors = Record<string, string>;

// ---------------------------------------------------------------------------------------------
// Places

/**
 * How precise a place is, which decides what step 1 asks beside it:
 * - `address`: a street address or a building a chauffeur can drive to as it is;
 * - `locality`: a suburb, town or street without a number: the exact address is still needed;
 * - `landmark`: a hotel, venue, station, hospital …: a gate or entrance may help;
 * - `airport`: a terminal: a pickup there asks for the flight number.
 */
export const placeKinds = ['address', 'locality', 'landmark', 'airport'] as const;
export type PlaceKind = (typeof placeKinds)[number];

/**
 * A place the customer chose from the suggestions: its provider id and the text shown. `kind` is
 * what the provider says the place is; the server sets it from its own look-up (older quotes and
 * bookings have none).
 */
export const placeSchema = z.object({
  placeId: z.string().trim().min(1).max(PLACE_ID_MAX_LENGTH),
  description: z.string().trim().min(1).max(PLACE_DESCRIPTION_MAX_LENGTH),
  kind: z.enum(placeKinds).optional(),
  /** Address details (unit, number and street, gate); only when the place is not exact. */
  details: z.string().optional(),
});
export type Place = z.infer<typeof placeSchema>;

/** A suggestion always says what kind of place it is. */
export const placeSuggestionSchema = placeSchema
  .omit({ details: true })
  .extend({ kind: z.enum(placeKinds) });
export type PlaceSuggestion = z.infer<typeof placeSuggestionSchema>;

export const placesResponseSchema = z.object({
  suggestions: z.array(placeSuggestionSchema).max(PLACES_MAX_SUGGESTIONS),
});
export type PlacesResponse = z.infer<typeof placesResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Step 1 and the quote

/** A location field as the widget holds it: both values may still be empty. */
/**
 * Beside a place: the kind of the chosen suggestion (a hint for step 1's own check; the server
 * decides with its provider's kind) and the Address details typed under it. Longer details than
 * the rule allows still parse, so the field's own message can say why.
 */
const placeExtras = {
  kind: z.enum(placeKinds).optional(),
  details: z.string().max(PLACE_DETAILS_INPUT_MAX_LENGTH).optional(),
};

const placeInputSchema = z.object(
  {
    placeId: z.string().trim().max(PLACE_ID_MAX_LENGTH),
    description: z.string().trim().max(PLACE_DESCRIPTION_MAX_LENGTH),
    ...placeExtras,
  },
  { error: messages.api.invalidRequest },
);

export const stopInputSchema = z.object(
  {
    enabled: z.boolean(),
    placeId: z.string().trim().max(PLACE_ID_MAX_LENGTH).nullable().default(null),
    description: z.string().trim().max(PLACE_DESCRIPTION_MAX_LENGTH).nullable().default(null),
    ...placeExtras,
  },
  { error: m.stopRequired },
);
export type StopInput = z.infer<typeof stopInputSchema>;

/**
 * Step 1 "General Details" as sent to POST /api/quotes. `date` is YYYY-MM-DD and `time` HH:MM,
 * both Brisbane wall-clock. `stops` are the four stop switches in order; only the run
 * of enabled ones from stop 1 is part of the trip (a later switch shows only once the earlier is on).
 */
export const quoteRequestSchema = z.object({
  pickup: placeInputSchema.nullable().default(null),
  drop: placeInputSchema.nullable().default(null),
  stops: z.array(stopInputSchema).max(MAX_STOPS, messages.api.invalidRequest).default([]),
  date: z.string({ error: m.dateRequired }).default(''),
  time: z.string({ error: m.timeRequired }).default(''),
  passengers: z.number({ error: m.passengersRequired }),
  byTheHour: z.boolean({ error: messages.api.invalidRequest }).default(false),
  hours: z.number({ error: m.hoursRequired }).default(0),
  notes: z.string({ error: m.notesCharacters }).default(''),
  /** Child seats by kind, and a trailer: extras priced per booking (docs/product.md, "Fares"). */
  childSeats: childSeatsSchema.default(NO_CHILD_SEATS),
  trailer: z.boolean({ error: messages.api.invalidRequest }).default(false),
  /** Luggage; a vehicle whose card lists fewer is not priced (docs/product.md, "Fares"). */
  suitcases: z.number({ error: m.suitcasesInvalid(MAX_LUGGAGE) }).default(0),
  smallBags: z.number({ error: m.smallBagsInvalid(MAX_LUGGAGE) }).default(0),
  /** The flight of an airport pickup ("QF 512"); ignored for any other pickup. */
  flightNumber: z.string().max(PLACE_DETAILS_INPUT_MAX_LENGTH).optional(),
});
export type QuoteRequest = z.input<typeof quoteRequestSchema>;
/** Step 1 after the wire shape is checked (defaults applied), before the booking rules. */
export type Step1Input = z.output<typeof quoteRequestSchema>;

/** A trip that passed every step-1 rule, as the server prices, signs and stores it. */
export const tripSchema = z.object({
  pickup: placeSchema,
  /** The enabled stops with a place, in order (0 to 4). */
  stops: z.array(placeSchema).max(MAX_STOPS),
  drop: placeSchema,
  /** Brisbane date, YYYY-MM-DD. */
  date: z.string(),
  /** Brisbane time, HH:MM (24-hour). */
  time: z.string(),
  passengers: z.int().positive(),
  byTheHour: z.boolean(),
  /** 0 unless byTheHour. */
  hours: z.number().nonnegative(),
  notes: z.string(),
  childSeats: childSeatsSchema.default(NO_CHILD_SEATS),
  trailer: z.boolean().default(false),
  /** Luggage; absent means none (trips quoted or stored before luggage was asked). */
  suitcases: z.int().nonnegative().optional(),
  smallBags: z.int().nonnegative().optional(),
  /** The flight an airport pickup meets, normalised ("QF512"); absent for other pickups. */
  flightNumber: z.string().optional(),
});
export type Trip = z.infer<typeof tripSchema>;

export const imageSchema = z.object({
  url: z.string(),
  alt: z.string(),
  width: z.number().nullable(),
  height: z.number().nullable(),
});
export type VehicleImage = z.infer<typeof imageSchema>;

/** One vehicle of the fleet as step 2 shows it, with its fare for the quoted trip. */
export const vehicleCardSchema = z.object({
  /** The CMS document id (vehicleType.<slug>); the value step 2 sends back as `vehicleId`. */
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  subTitle: z.string().nullable(),
  shortDescription: z.string().nullable(),
  disclaimer: z.string().nullable(),
  category: z.object({ slug: z.string(), title: z.string() }).nullable(),
  type: z.string().nullable(),
  image: imageSchema.nullable(),
  /** Maximum passengers, suitcases and small bags (0 when the CMS leaves them out). */
  passengers: z.int().nonnegative(),
  suitcases: z.int().nonnegative(),
  smallBags: z.int().nonnegative(),
  /**
   * The all-in price in AUD, 2 decimals (the sum of `lines`); null when the trip cannot be priced
   * for this vehicle (no usable tariff, or an extra it cannot take).
   */
  fare: z.number().nonnegative().nullable(),
  /** The price line by line (empty when not priced), its total and the GST it includes. */
  lines: z.array(fareLineSchema),
  totalCents: z.int().nonnegative().nullable(),
  gstCents: z.int().nonnegative().nullable(),
  currency: z.literal(CURRENCY),
  /** Whether it seats the requested number of passengers; a card that cannot is not selectable. */
  canCarry: z.boolean(),
  /** Why the vehicle cannot take the trip's extras ("Child seats are not available in sedans."). */
  unavailableReason: z.string().nullable(),
});
export type VehicleCard = z.infer<typeof vehicleCardSchema>;

export const routeLegSchema = z.object({
  distanceMeters: z.number().nonnegative(),
  durationSeconds: z.number().nonnegative(),
});
export type RouteLeg = z.infer<typeof routeLegSchema>;

export const quoteResponseSchema = z.object({
  /** Signed and expiring; POST /api/bookings takes it back. Opaque to the widget. */
  quoteToken: z.string(),
  /** ISO 8601 instant after which the token is refused. */
  expiresAt: z.string(),
  trip: tripSchema,
  /** Sums over every leg, with display texts ("42.3 km", "1 hr 5 mins"). */
  distanceMeters: z.number().nonnegative(),
  durationSeconds: z.number().nonnegative(),
  distanceText: z.string(),
  durationText: z.string(),
  legs: z.array(routeLegSchema).min(1),
  currency: z.literal(CURRENCY),
  vehicles: z.array(vehicleCardSchema),
});
export type QuoteResponse = z.infer<typeof quoteResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Step 3 and the booking

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
  /** The server's all-in amount in AUD (2 decimals): the sum of `lines`, any discount included. */
  amount: z.number().nonnegative(),
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
  amount: z.number().nonnegative(),
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

// ---------------------------------------------------------------------------------------------
// Manage booking

export const lookupRequestSchema = z.object({
  email: z.string({ error: messages.lookup.emailInvalid }).max(1000).default(''),
  bookingNumber: z.string({ error: messages.lookup.bookingNumberInvalid }).max(1000).default(''),
});
export type LookupRequest = z.input<typeof lookupRequestSchema>;
export type LookupInput = z.output<typeof lookupRequestSchema>;

/** A booking as its owner sees it after a lookup: nothing the server keeps for itself. */
export const bookingViewSchema = z.object({
  bookingReferenceId: z.string(),
  status: bookingStatusSchema,
  trip: tripSchema,
  distanceMeters: z.number().nonnegative(),
  durationSeconds: z.number().nonnegative(),
  vehicle: z.object({ id: z.string(), title: z.string() }),
  passenger: z.object({ firstName: z.string(), lastName: z.string() }),
  /** What was charged (AUD): the sum of `lines`, never rewritten by a later change. */
  amount: z.number().nonnegative(),
  currency: z.literal(CURRENCY),
  /** The fare line by line, as charged, and the GST the total includes. */
  lines: z.array(fareLineSchema),
  gstCents: z.int().nonnegative(),
  /**
   * Once staff changed the trip at another price (and while the booking stands): the fare as it
   * is now, line by line, with its total and GST, and what is left to settle in cents (above 0
   * owed by the customer, below 0 due back to them, 0 settled). Null while the fare is as charged.
   */
  fareNow: z
    .object({
      lines: z.array(fareLineSchema),
      totalCents: z.int().nonnegative(),
      gstCents: z.int().nonnegative(),
      balanceCents: z.int(),
    })
    .nullable(),
  /** Shown only when above 0. */
  refundAmount: z.number().nonnegative().nullable(),
  /** Set once the customer pressed "Request for cancellation" (cancelling itself is by phone). */
  cancellationRequestedAt: z.string().nullable(),
});
export type BookingView = z.infer<typeof bookingViewSchema>;

export const lookupResponseSchema = z.object({ booking: bookingViewSchema });
export type LookupResponse = z.infer<typeof lookupResponseSchema>;
