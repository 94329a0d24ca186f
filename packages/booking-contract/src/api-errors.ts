// The booking API's error answer and its codes: every route answers a failure with
// `{ error: { code, message, fields? } }`.
import { z } from './zod';

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
