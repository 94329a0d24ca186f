// The Stripe adapter of the PaymentGateway port: PaymentIntents in AUD for the server's amount,
// with the API version pinned (a Stripe account upgrade never changes what this code receives),
// an idempotency key on every create and amount change, and webhook events verified over the raw
// body. An amount change is refused by Stripe (payment_intent_unexpected_state) once the intent is
// processing, paid, cancelled or authorised: that refusal is PaymentIntentNotUpdatableError.
// Refunds carry an idempotency key too (a retry refunds nothing more), and Stripe's refusals of a
// refund become RefundRefusedError; a signed charge.refunded event reports a charge's refunded total.
import Stripe from 'stripe';
import {
  CANCELABLE_STATUSES,
  PaymentIntentNotFoundError,
  PaymentIntentNotUpdatableError,
  PaymentProviderError,
  RefundRefusedError,
  WebhookSignatureError,
  type CardSummary,
  type CreatePaymentIntentInput,
  type GatewayPaymentError,
  type PaymentGateway,
  type PaymentIntentStatus,
  type PaymentIntentView,
  type RefundView,
  type VerifiedPaymentEvent,
  type VerifiedRefundEvent,
  type WebhookDelivery,
} from './payment-gateway.server';

/** The API version this code was written and tested against (stripe-node 23's own). */
export const STRIPE_API_VERSION = '2026-10-28.endive' as const;

export interface StripeGatewayOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Only for a local test stub: another API host, such as http://127.0.0.1:4010. */
  apiBaseUrl?: string;
  timeoutMs?: number;
}

export interface StripePaymentGateway extends PaymentGateway {
  /** The event of a webhook request; throws WebhookSignatureError when it is not Stripe's. */
  verifyWebhook(rawBody: string, signature: string | null): Stripe.Event;
  /** The payment outcome an event reports; null for event types this site does not act on. */
  toVerifiedEvent(event: Stripe.Event): VerifiedPaymentEvent | null;
  /** The refunded total a `charge.refunded` event reports; null for every other event type. */
  toVerifiedRefund(event: Stripe.Event): VerifiedRefundEvent | null;
  readWebhook(rawBody: string, signature: string | null): WebhookDelivery;
}

export { WebhookSignatureError };

const ERROR_TYPES = new Set<GatewayPaymentError['type']>([
  'card_error',
  'validation_error',
  'invalid_request_error',
  'api_error',
]);

function cardOf(paymentMethod: unknown): CardSummary | null {
  if (!paymentMethod || typeof paymentMethod !== 'object') return null;
  const card = (paymentMethod as Stripe.PaymentMethod).card;
  return card ? { brand: card.brand, last4: card.last4 } : null;
}

function errorOf(error: Stripe.PaymentIntent.LastPaymentError | null): GatewayPaymentError | null {
  if (!error) return null;
  const type = ERROR_TYPES.has(error.type as GatewayPaymentError['type'])
    ? (error.type as GatewayPaymentError['type'])
    : 'api_error';
  return {
    type,
    code: error.code ?? 'payment_failed',
    ...(error.decline_code ? { declineCode: error.decline_code } : {}),
    message: error.message ?? '',
  };
}

function toView(intent: Stripe.PaymentIntent): PaymentIntentView {
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    amount: intent.amount,
    currency: intent.currency,
    status: intent.status as PaymentIntentStatus,
    metadata: { ...intent.metadata },
    lastError: errorOf(intent.last_payment_error),
    card: cardOf(intent.payment_method) ?? cardOf(intent.last_payment_error?.payment_method),
  };
}

/** The id of an object Stripe may send expanded or as its id. */
function idOf(value: string | { id: string } | null): string | null {
  return typeof value === 'string' ? value : (value?.id ?? null);
}

/**
 * Stripe's refusal of a refund, as the port names it; null for any other error (an outage, a bad
 * key), which is a PaymentProviderError. Stripe does not always give a code, so its message counts.
 */
function refundRefusal(paymentIntentId: string, error: unknown): RefundRefusedError | null {
  if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) return null;
  const options = { cause: error };
  if (
    error.code === 'charge_already_refunded' ||
    error.code === 'amount_too_large' ||
    /greater than unrefunded amount/i.test(error.message)
  ) {
    return new RefundRefusedError(
      'exceeds_paid',
      `The refund is more than is left of the payment ${paymentIntentId}.`,
      options,
    );
  }
  if (error.code === 'resource_missing') {
    return new RefundRefusedError('not_found', `No such payment: ${paymentIntentId}.`, options);
  }
  if (
    error.code === 'payment_intent_unexpected_state' ||
    /does not have a successful charge/i.test(error.message)
  ) {
    return new RefundRefusedError(
      'not_paid',
      `The payment ${paymentIntentId} was never taken, so there is nothing to refund.`,
      options,
    );
  }
  return null;
}

function providerError(action: string, error: unknown): PaymentProviderError {
  // Stripe's own message stays in the server log (via `cause`); callers show their own text.
  return new PaymentProviderError(`Stripe could not ${action}.`, { cause: error });
}

export function createStripePaymentGateway(options: StripeGatewayOptions): StripePaymentGateway {
  const api = options.apiBaseUrl ? new URL(options.apiBaseUrl) : null;
  const stripe = new Stripe(options.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: 2,
    timeout: options.timeoutMs ?? 15_000,
    telemetry: false,
    appInfo: { name: 'Business Chauffeur' },
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'https:' ? 443 : 80),
          protocol: api.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });

  async function retrieve(id: string): Promise<PaymentIntentView | null> {
    try {
      return toView(await stripe.paymentIntents.retrieve(id, { expand: ['payment_method'] }));
    } catch (error) {
      if (
        error instanceof Stripe.errors.StripeInvalidRequestError &&
        error.code === 'resource_missing'
      ) {
        return null;
      }
      throw providerError('read the payment', error);
    }
  }

  const gateway: StripePaymentGateway = {
    paymentStep(intent) {
      return {
        provider: 'stripe',
        paymentIntentId: intent.id,
        clientSecret: intent.clientSecret,
        publishableKey: options.publishableKey,
      };
    },

    async createPaymentIntent(input: CreatePaymentIntentInput, { idempotencyKey }) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: input.currency,
            automatic_payment_methods: { enabled: true },
            description: input.description,
            ...(input.receiptEmail ? { receipt_email: input.receiptEmail } : {}),
            metadata: {
              bookingId: input.bookingId,
              bookingReferenceId: input.bookingReferenceId,
              ...(input.paymentLinkId ? { paymentLinkId: input.paymentLinkId } : {}),
            },
          },
          { idempotencyKey },
        );
        return toView(intent);
      } catch (error) {
        throw providerError('create the payment', error);
      }
    },

    retrievePaymentIntent: retrieve,

    async cancelPaymentIntent(id) {
      const current = await retrieve(id);
      if (!current || !CANCELABLE_STATUSES.has(current.status)) return current;
      try {
        return toView(
          await stripe.paymentIntents.cancel(
            id,
            { cancellation_reason: 'abandoned' },
            { idempotencyKey: `cancel-${id}` },
          ),
        );
      } catch (error) {
        // Paid or processing in the meantime: Stripe refuses, and the intent says what happened.
        const now = await retrieve(id).catch(() => null);
        if (now && !CANCELABLE_STATUSES.has(now.status)) return now;
        throw providerError('cancel the payment', error);
      }
    },

    async updatePaymentIntentAmount(id, amountCents, { idempotencyKey }) {
      try {
        return toView(
          await stripe.paymentIntents.update(
            id,
            { amount: amountCents, expand: ['payment_method'] },
            { idempotencyKey },
          ),
        );
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          // Stripe refuses a change once the intent is processing, paid, cancelled or authorised.
          if (error.code === 'payment_intent_unexpected_state') {
            const status = (error.payment_intent?.status ?? null) as PaymentIntentStatus | null;
            throw new PaymentIntentNotUpdatableError(id, status, { cause: error });
          }
          if (error.code === 'resource_missing') {
            throw new PaymentIntentNotFoundError(id, { cause: error });
          }
        }
        throw providerError('change the payment amount', error);
      }
    },

    async refund(input, { idempotencyKey }) {
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: input.paymentIntentId,
            amount: input.amountCents,
            reason: 'requested_by_customer',
            metadata: {
              bookingId: input.bookingId,
              bookingReferenceId: input.bookingReferenceId,
              staffReason: input.reason,
            },
          },
          { idempotencyKey },
        );
        return {
          id: refund.id,
          paymentIntentId: idOf(refund.payment_intent) ?? input.paymentIntentId,
          amountCents: refund.amount,
          // The SDK's type allows no status yet: such a refund is still pending.
          status: (refund.status ?? 'pending') as RefundView['status'],
        };
      } catch (error) {
        throw (
          refundRefusal(input.paymentIntentId, error) ?? providerError('refund the payment', error)
        );
      }
    },

    verifyWebhook(rawBody, signature) {
      if (!signature) throw new WebhookSignatureError('The Stripe-Signature header is missing.');
      try {
        return stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError('The webhook signature does not match.', {
          cause: error,
        });
      }
    },

    toVerifiedEvent(event) {
      switch (event.type) {
        case 'payment_intent.succeeded':
        case 'payment_intent.payment_failed': {
          const intent = event.data.object;
          const succeeded = event.type === 'payment_intent.succeeded';
          return {
            id: event.id,
            providerType: event.type,
            outcome: succeeded ? 'succeeded' : 'failed',
            occurredAt: new Date(event.created * 1000).toISOString(),
            paymentIntentId: intent.id,
            bookingId: intent.metadata?.bookingId ?? null,
            amountCents: succeeded ? intent.amount_received || intent.amount : intent.amount,
            currency: intent.currency,
            error: succeeded
              ? null
              : (errorOf(intent.last_payment_error) ?? {
                  type: 'card_error',
                  code: 'payment_failed',
                  message: '',
                }),
            card:
              cardOf(intent.payment_method) ?? cardOf(intent.last_payment_error?.payment_method),
          };
        }
        default:
          return null;
      }
    },

    toVerifiedRefund(event) {
      if (event.type !== 'charge.refunded') return null;
      const charge = event.data.object;
      const paymentIntentId = idOf(charge.payment_intent);
      // A charge made without an intent was not made by this site.
      if (!paymentIntentId) return null;
      return {
        id: event.id,
        occurredAt: new Date(event.created * 1000).toISOString(),
        paymentIntentId,
        amountRefundedCents: charge.amount_refunded,
      };
    },

    readWebhook(rawBody, signature) {
      const event = gateway.verifyWebhook(rawBody, signature);
      return {
        eventId: event.id,
        event: gateway.toVerifiedEvent(event),
        refund: gateway.toVerifiedRefund(event),
      };
    },
  };
  return gateway;
}
