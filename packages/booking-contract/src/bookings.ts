// What the bookings and payments endpoints add to the contract (schemas.ts has the booking request,
// the payment step, the payment status and the lookup):
//
//   POST /api/bookings                          header Idempotency-Key (optional, or the body's
//                                               idempotencyKey; one format: idempotencyKeySchema):
//                                               one booking and one payment per key
//   GET  /api/bookings/:id/payment-status?clientSecret=…   → paymentStatusResponseSchema
//   POST /api/bookings/:id/terms                termsAcceptanceRequestSchema → paymentStatusResponseSchema
//                                               the customer agreed to the Terms and conditions and the
//                                               Cancellation policy (kept with the booking), asked
//                                               right before paying
//   POST /api/bookings/:id/sandbox-confirm      sandboxConfirmRequestSchema → paymentStatusResponseSchema
//                                               (test mode only: the sandbox takes the card on the server,
//                                               only with termsAccepted or an agreement kept before)
//   POST /api/webhooks/stripe                   Stripe's signed events (server to server)
//   /completion?booking=<id>                    the return_url for Stripe's confirmPayment: Stripe
//                                               adds payment_intent_client_secret, and the page
//                                               shows the server's verified outcome
import { z } from './zod';
import { sandboxCardSchema } from './booking-schemas';

/** The header a client may send so that a repeated POST /api/bookings makes one booking. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/**
 * The client secret of the booking's payment proves the caller is the one paying: the payment
 * status and the sandbox confirmation need it, so a booking id alone reveals nothing.
 */
export const clientSecretSchema = z.string().trim().min(1).max(300);

export const sandboxConfirmRequestSchema = z.object({
  clientSecret: clientSecretSchema,
  card: sandboxCardSchema,
  /**
   * The customer ticked "I agree to the Terms and conditions and the Cancellation policy"; without
   * it (and no agreement kept before) the card is refused with `terms_required`.
   */
  termsAccepted: z.literal(true).optional(),
});
export type SandboxConfirmRequest = z.input<typeof sandboxConfirmRequestSchema>;

/** The customer ticked "I agree to the Terms and conditions and the Cancellation policy". */
export const termsAcceptanceRequestSchema = z.object({
  clientSecret: clientSecretSchema,
  accepted: z.literal(true),
});
export type TermsAcceptanceRequest = z.input<typeof termsAcceptanceRequestSchema>;

/** Where the policies the customer agrees to are published on the site. */
export const TERMS_PATHS = {
  terms: '/termsAndConditions',
  cancellation: '/cancellationPolicy',
} as const;

/** The path of /completion for a booking, the `return_url` of a payment that may redirect. */
export function completionPath(bookingId: string): string {
  return `/completion?booking=${encodeURIComponent(bookingId)}`;
}
