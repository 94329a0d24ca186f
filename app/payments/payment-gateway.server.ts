// The PaymentGateway port: creates and reads card payments (PaymentIntents) for a booking. Two
// adapters: Stripe (hosted) and a sandbox that runs the same lifecycle on the server with Stripe's
// documented test cards (embedded default). Neither ever decides a booking's status: that is done
// from verified payment events (payment-events.server.ts).

/** A PaymentIntent's status, as Stripe names them. */
export type PaymentIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

/** A payment error typed like Stripe's (`card_error` carries a message the customer may read). */
export interface GatewayPaymentError {
  type: 'card_error' | 'validation_error' | 'invalid_request_error' | 'api_error';
  code: string;
  declineCode?: string;
  message: string;
}

export interface CardSummary {
  brand: string;
  last4: string;
}

export interface PaymentIntentView {
  id: string;
  clientSecret: string;
  /** In cents. */
  amount: number;
  /** Lower case, as Stripe returns it ("aud"). */
  currency: string;
  status: PaymentIntentStatus;
  metadata: Record<string, string>;
  lastError: GatewayPaymentError | null;
  card: CardSummary | null;
}

export interface CreatePaymentIntentInput {
  bookingId: string;
  bookingReferenceId: string;
  /** The server's fare in cents (decision 1). */
  amountCents: number;
  currency: 'aud';
  description: string;
  receiptEmail?: string;
}

/**
 * A payment outcome the server has verified (a signed Stripe webhook, a server-side retrieve, or
 * the sandbox's own confirmation). Only these change a booking's status.
 */
export interface VerifiedPaymentEvent {
  /** Unique per event: replays carry the same id and change nothing. */
  id: string;
  /** The provider's event type, for the record (`payment_intent.succeeded`, …). */
  providerType: string;
  outcome: 'succeeded' | 'failed';
  /** When the provider created the event. */
  occurredAt: string;
  paymentIntentId: string;
  /** From the intent's metadata; null when the intent was not made by this site. */
  bookingId: string | null;
  amountCents: number;
  currency: string;
  error: GatewayPaymentError | null;
  card: CardSummary | null;
}

/** What the browser needs to take the card for an intent. */
export type PaymentClientConfig =
  { provider: 'stripe'; publishableKey: string } | { provider: 'sandbox'; testMode: true };

export interface PaymentGateway {
  readonly kind: 'stripe' | 'sandbox';
  clientConfig(): PaymentClientConfig;
  /**
   * Creates the intent, or returns the one already created with the same idempotency key (a
   * double submission, or a retry after a lost answer).
   */
  createPaymentIntent(
    input: CreatePaymentIntentInput,
    options: { idempotencyKey: string },
  ): Promise<PaymentIntentView>;
  /** The intent as the provider holds it now; null when it does not exist. */
  retrievePaymentIntent(id: string): Promise<PaymentIntentView | null>;
  /**
   * Cancels an intent that must not be paid any more, so a card form still holding its client
   * secret can no longer charge it. An intent that already succeeded, is processing or is cancelled
   * is left as it is. The intent as it is afterwards; null when it does not exist.
   */
  cancelPaymentIntent(id: string): Promise<PaymentIntentView | null>;
}

/** The intent states in which a card can still be charged, and which can therefore be cancelled. */
export const CANCELABLE_STATUSES: ReadonlySet<PaymentIntentStatus> = new Set([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'requires_capture',
]);

/** The provider could not be reached or refused the request (not a card decline). */
export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';
}

/** The idempotency key of a booking's payment: one intent per booking and amount. */
export function paymentIdempotencyKey(bookingId: string, amountCents: number): string {
  return `booking-${bookingId}-payment-${amountCents}`;
}

/** AUD with 2 decimals to cents, without floating-point surprises (142.35 → 14235). */
export function toCents(amount: number): number {
  return Math.round(amount * 100);
}
