// POST /api/webhooks/stripe: Stripe's signed payment events (server to server, no CORS). The
// signature is checked over the raw body before anything is read (400 otherwise); each event is
// applied once by its id (payment-events.server.ts). A 500 makes Stripe deliver the event again,
// which is how a confirmation email that could not be sent is retried. A refunded charge (a refund
// made here or in Stripe's dashboard) brings its booking's refunded total up to Stripe's
// (refund-events.server.ts); one for a booking this site does not know is acknowledged and logged.
import type { ActionFunctionArgs } from '@remix-run/node';
import { processPaymentEvent } from '~/booking/payment-events.server';
import { applyRefundEvent } from '~/booking/refund-events.server';
import { WebhookSignatureError } from '~/payments/payment-gateway.server';
import { getPaymentGateway } from '~/payments/payments.server';
import { jsonError, readTextBody } from '~/utils/http.server';
import { log } from '~/utils/log.server';

/** Stripe's events are a few kilobytes; the limit only stops a flood, never a real event. */
const MAX_EVENT_BYTES = 512 * 1024;

const methodNotAllowed = () =>
  jsonError(405, 'method_not_allowed', 'Use POST.', undefined, { Allow: 'POST' });

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed();
  const gateway = getPaymentGateway();
  if (!gateway.readWebhook) {
    return jsonError(404, 'not_found', 'Stripe payments are not configured on this site.');
  }
  const body = await readTextBody(request, MAX_EVENT_BYTES);
  if (body === null) return jsonError(413, 'payload_too_large', 'The request body is too large.');

  let delivery;
  try {
    delivery = gateway.readWebhook(body, request.headers.get('Stripe-Signature'));
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      return jsonError(400, 'invalid_signature', 'The webhook signature is missing or invalid.');
    }
    throw error;
  }

  if (delivery.refund) {
    try {
      const outcome = await applyRefundEvent(delivery.refund);
      return Response.json({ received: true, handled: true, refund: outcome });
    } catch (error) {
      log.error('A Stripe refund event could not be applied', { eventId: delivery.eventId, error });
      return jsonError(500, 'internal_error', 'The event could not be applied; please retry.');
    }
  }

  const verified = delivery.event;
  if (!verified) return Response.json({ received: true, handled: false });
  try {
    const result = await processPaymentEvent(verified);
    if (!result.emailDelivered) {
      return jsonError(500, 'email_pending', 'The confirmation email is not sent yet.');
    }
    return Response.json({ received: true, handled: true, duplicate: result.duplicate });
  } catch (error) {
    log.error('A Stripe event could not be applied', { eventId: delivery.eventId, error });
    return jsonError(500, 'internal_error', 'The event could not be applied; please retry.');
  }
}

export function loader() {
  return methodNotAllowed();
}
