// The PaymentGateway port: creates and reads card payments (PaymentIntents) for a booking. Two
// adapters: Stripe (hosted) and a sandbox that runs the same lifecycle on the server with Stripe's
// documented test cards (embedded default). Neither ever decides a booking's status: that is done
// from verified payment events (app/booking/payment-events.server.ts).
import type {
  PaymentError,
  PaymentErrorType,
  PaymentStep,
  SandboxCard,
} from '@business-chauffeur/booking-contract';

/** A PaymentIntent's status, as Stripe names them. */
export type PaymentIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

/** A payment error as the provider reports it: the contract's, with the card's decline code. */
export interface GatewayPaymentError extends PaymentError {
  type: PaymentErrorType;
  code: string;
  declineCode?: string;
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
  /** The server's fare in cents (never a figure from the browser). */
  amountCents: number;
  currency: 'aud';
  description: string;
  receiptEmail?: string;
  /** The payment link the intent is for (a balance link's own intent), kept in its metadata. */
  paymentLinkId?: string;
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

/** The outcome of confirming an intent with a card on the server. */
export interface CardConfirmation {
  intent: PaymentIntentView;
  /**
   * The payment event the confirmation produced (what Stripe would send to the webhook), or null
   * when the card was refused before any charge was tried (a mistyped number, expiry or CVC) or
   * the intent could not be confirmed at all.
   */
  event: VerifiedPaymentEvent | null;
  /** Why the payment did not succeed; null on success. */
  error: GatewayPaymentError | null;
}

/** A refund asked of the provider: part or all of a paid intent, for a reason staff gave. */
export interface RefundInput {
  paymentIntentId: string;
  /** In cents; more than zero. */
  amountCents: number;
  /** Kept with the refund at the provider (metadata), for reconciling. */
  bookingId: string;
  bookingReferenceId: string;
  /** The reason staff gave, kept with the refund (metadata). */
  reason: string;
}

/** A refund as the provider reports it. */
export interface RefundView {
  id: string;
  paymentIntentId: string;
  /** In cents. */
  amountCents: number;
  /** Stripe's refund statuses; a card refund is normally `succeeded` or `pending` at once. */
  status: 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'canceled';
}

/**
 * The provider refused the refund: more than is left of the payment (`exceeds_paid`), a payment
 * that was never taken (`not_paid`), or the intent does not exist (`not_found`).
 */
export class RefundRefusedError extends Error {
  override name = 'RefundRefusedError';
  constructor(
    readonly reason: 'exceeds_paid' | 'not_paid' | 'not_found',
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/**
 * A charge the provider reports refunded (Stripe's `charge.refunded`): made here or in the
 * provider's dashboard. The booking's refund total is reconciled to `amountRefundedCents`.
 */
export interface VerifiedRefundEvent {
  id: string;
  occurredAt: string;
  paymentIntentId: string;
  /** The charge's whole refunded amount so far, in cents (not this refund's alone). */
  amountRefundedCents: number;
}

/** A webhook request the provider signed: its event id, and the outcome it reports (if any). */
export interface WebhookDelivery {
  eventId: string;
  /** Null for event types this site does not act on. */
  event: VerifiedPaymentEvent | null;
  /** Set for a refunded charge; absent or null otherwise. */
  refund?: VerifiedRefundEvent | null;
}

/** The webhook request was not signed by the provider with our secret (or was altered). */
export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

/**
 * The port. Callers never ask which adapter they hold: what differs is in `paymentStep` (what the
 * browser needs) and in the two optional capabilities, present only where the provider has them.
 */
export interface PaymentGateway {
  /** What the widget's payment step needs to take the card for this intent. */
  paymentStep(intent: PaymentIntentView): PaymentStep;
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
  /**
   * Changes the amount of an intent not paid yet (a promo code applied or given back on the
   * payment step): a later confirmation charges the new amount, and its event reports it. Throws
   * PaymentIntentNotUpdatableError when the intent can no longer change (see
   * AMOUNT_UPDATABLE_STATUSES), PaymentIntentNotFoundError when it does not exist, and
   * PaymentProviderError when the provider cannot be reached. As with Stripe, a retry with the same
   * idempotency key changes nothing more and answers as the first request did: each change of
   * amount needs a key of its own (paymentAmountIdempotencyKey).
   */
  updatePaymentIntentAmount(
    id: string,
    amountCents: number,
    options: { idempotencyKey: string },
  ): Promise<PaymentIntentView>;
  /**
   * Refunds part or all of a paid intent. As with Stripe, a retry with the same idempotency key
   * refunds nothing more and answers as the first request did. Throws RefundRefusedError when the
   * provider refuses it (more than is left, not paid, no such intent) and PaymentProviderError
   * when the provider cannot be reached.
   */
  refund(input: RefundInput, options: { idempotencyKey: string }): Promise<RefundView>;
  /**
   * Confirms an intent with a card on the server, as the provider does when its card form
   * submits. Only a provider without its own card form (the sandbox) has it.
   */
  confirm?(intentId: string, card: SandboxCard, now?: Date): Promise<CardConfirmation>;
  /**
   * Reads a webhook request over its raw body; throws WebhookSignatureError when the provider did
   * not sign it. Only a provider that sends webhooks (Stripe) has it.
   */
  readWebhook?(rawBody: string, signature: string | null): WebhookDelivery;
}

/** The intent states in which a card can still be charged, and which can therefore be cancelled. */
export const CANCELABLE_STATUSES: ReadonlySet<PaymentIntentStatus> = new Set([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'requires_capture',
]);

/**
 * The intent states whose amount can still change: no card has been charged or authorised yet.
 * A processing, paid, cancelled or authorised (requires_capture) intent keeps its amount.
 */
export const AMOUNT_UPDATABLE_STATUSES: ReadonlySet<PaymentIntentStatus> = new Set([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
]);

/** The intent's amount cannot change any more: it is processing, paid, cancelled or authorised. */
export class PaymentIntentNotUpdatableError extends Error {
  override name = 'PaymentIntentNotUpdatableError';
  constructor(
    readonly intentId: string,
    /** The intent's status when known (Stripe's refusal does not always say). */
    readonly status: PaymentIntentStatus | null,
    options?: ErrorOptions,
  ) {
    super(
      `The payment ${intentId} can no longer change its amount${status ? ` (it is ${status})` : ''}.`,
      options,
    );
  }
}

/** No intent has this id at the provider. */
export class PaymentIntentNotFoundError extends Error {
  override name = 'PaymentIntentNotFoundError';
  constructor(
    readonly intentId: string,
    options?: ErrorOptions,
  ) {
    super(`No such payment intent: ${intentId}.`, options);
  }
}

/** The provider could not be reached or refused the request (not a card decline). */
export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';
}

/** The idempotency key of a booking's payment: one intent per booking and amount. */
export function paymentIdempotencyKey(bookingId: string, amountCents: number): string {
  return `booking-${bookingId}-payment-${amountCents}`;
}

/**
 * The idempotency key of one change of a booking's payment amount. `revision` names the booking as
 * it was before the change (its `updatedAt`): a retry of the same change reuses the key, while going
 * back to an earlier amount later gets a new one. A key made of the amount alone would not do: a
 * provider answers a reused key from its memory (for 24 hours at Stripe) without changing anything.
 */
export function paymentAmountIdempotencyKey(
  bookingId: string,
  amountCents: number,
  revision: string,
): string {
  return `booking-${bookingId}-amount-${amountCents}-from-${revision}`;
}
