// A local stand-in for Stripe's PaymentIntents API (create and update with idempotency keys, retrieve,
// cancel) and Refunds API (create, with idempotency keys, up to what an intent was paid), on a
// free loopback port, recording every request so tests can check what the adapter sent. Plus
// signed webhook events, made with stripe-node's own test header helper.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import Stripe from 'stripe';
import { startRemixApp, type RemixApp } from './remix-app';
import { useTestEnvironment, type TestEnvironment } from './test-environment';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  form: URLSearchParams;
}

export interface StubIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  last_payment_error: null | Record<string, unknown>;
  payment_method: null | Record<string, unknown>;
  created: number;
  livemode: false;
}

export interface StubRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  reason: string | null;
  status: 'succeeded';
  metadata: Record<string, string>;
  created: number;
}

export interface StripeStub {
  baseUrl: string;
  requests: RecordedRequest[];
  intents: Map<string, StubIntent>;
  /** The total refunded of each intent, in cents (absent until its first refund). */
  refunded: Map<string, number>;
  /** Makes the next `count` API calls answer 500 (a Stripe outage). */
  failNext(count: number): void;
  /**
   * Makes the next `count` creates do their work but never answer (a timeout after Stripe made
   * the payment): only a retry with the same idempotency key gets the intent.
   */
  stallNext(count: number): void;
  /**
   * Answers every later request after a random delay between `minMs` and `maxMs` (a real
   * network), so concurrent requests reach and leave Stripe in any order. 0, 0 turns it off.
   */
  setLatency(minMs: number, maxMs: number): void;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** The `metadata[name]` fields of a form-encoded request, as Stripe keeps them. */
function metadataOf(form: URLSearchParams): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [name, value] of form) {
    const match = /^metadata\[(\w+)\]$/.exec(name);
    if (match?.[1]) metadata[match[1]] = value;
  }
  return metadata;
}

/** Cents as Stripe writes them in its refund messages: "$142.35". */
function dollars(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

export async function startStripeStub(): Promise<StripeStub> {
  const requests: RecordedRequest[] = [];
  const intents = new Map<string, StubIntent>();
  const byKey = new Map<string, string>();
  /** An update's idempotency key → its answer, replayed as Stripe does. */
  const updates = new Map<string, unknown>();
  /** An intent's id → the total refunded of it so far, in cents. */
  const refunded = new Map<string, number>();
  /** A refund's idempotency key → the refund, replayed as Stripe does (nothing more refunded). */
  const refundsByKey = new Map<string, StubRefund>();
  let failures = 0;
  let stalls = 0;
  let counter = 0;
  let latency = { min: 0, max: 0 };

  const server: Server = createServer(async (request, response) => {
    const body = await readBody(request);
    if (latency.max > 0) {
      const wait = latency.min + Math.random() * (latency.max - latency.min);
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
    const url = new URL(request.url ?? '/', 'http://stub');
    const form = new URLSearchParams(body);
    requests.push({
      method: request.method ?? '',
      path: url.pathname,
      headers: request.headers,
      form,
    });
    const stall = request.method === 'POST' && stalls > 0;
    if (stall) stalls -= 1;
    const send = (status: number, json: unknown) => {
      if (stall) return;
      response.writeHead(status, {
        'Content-Type': 'application/json',
        'Request-Id': `req_${counter}`,
      });
      response.end(JSON.stringify(json));
    };
    if (failures > 0) {
      failures -= 1;
      send(500, { error: { type: 'api_error', message: 'Stripe is having a bad day.' } });
      return;
    }
    if (request.method === 'POST' && url.pathname === '/v1/payment_intents') {
      const key = String(request.headers['idempotency-key'] ?? '');
      const existing = key ? byKey.get(key) : undefined;
      if (existing) {
        send(200, intents.get(existing));
        return;
      }
      counter += 1;
      const id = `pi_stub_${counter}`;
      const metadata = metadataOf(form);
      const intent: StubIntent = {
        id,
        object: 'payment_intent',
        amount: Number(form.get('amount')),
        amount_received: 0,
        currency: form.get('currency') ?? '',
        status: 'requires_payment_method',
        client_secret: `${id}_secret_stubsecret${counter}`,
        metadata,
        last_payment_error: null,
        payment_method: null,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      };
      intents.set(id, intent);
      if (key) byKey.set(key, id);
      send(200, intent);
      return;
    }
    if (request.method === 'POST' && url.pathname === '/v1/refunds') {
      const key = String(request.headers['idempotency-key'] ?? '');
      const replayed = key ? refundsByKey.get(key) : undefined;
      if (replayed) {
        send(200, replayed);
        return;
      }
      const intentId = form.get('payment_intent') ?? '';
      const intent = intents.get(intentId);
      if (!intent) {
        send(404, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            param: 'payment_intent',
            message: `No such payment_intent: '${intentId}'`,
          },
        });
        return;
      }
      if (intent.status !== 'succeeded') {
        // As Stripe: only a paid intent has a charge to refund.
        send(400, {
          error: {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message: `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
          },
        });
        return;
      }
      // What was paid (a test may mark an intent succeeded without setting amount_received).
      const paid = intent.amount_received || intent.amount;
      const before = refunded.get(intent.id) ?? 0;
      const amount = form.has('amount') ? Number(form.get('amount')) : paid - before;
      if (before + amount > paid) {
        send(400, {
          error: {
            type: 'invalid_request_error',
            code: 'amount_too_large',
            param: 'amount',
            message: `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(paid - before)})`,
          },
        });
        return;
      }
      counter += 1;
      const refund: StubRefund = {
        id: `re_stub_${counter}`,
        object: 'refund',
        amount,
        currency: intent.currency,
        payment_intent: intent.id,
        reason: form.get('reason'),
        status: 'succeeded',
        metadata: metadataOf(form),
        created: Math.floor(Date.now() / 1000),
      };
      refunded.set(intent.id, before + amount);
      if (key) refundsByKey.set(key, refund);
      send(200, refund);
      return;
    }
    const cancel = /^\/v1\/payment_intents\/([\w]+)\/cancel$/.exec(url.pathname);
    if (request.method === 'POST' && cancel?.[1]) {
      const intent = intents.get(cancel[1]);
      if (!intent) {
        send(404, { error: { type: 'invalid_request_error', code: 'resource_missing' } });
      } else if (['succeeded', 'processing', 'canceled'].includes(intent.status)) {
        // As Stripe: a paid, processing or cancelled intent cannot be cancelled.
        send(400, {
          error: {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
          },
        });
      } else {
        intent.status = 'canceled';
        send(200, intent);
      }
      return;
    }
    const retrieve = /^\/v1\/payment_intents\/([\w]+)$/.exec(url.pathname);
    if (request.method === 'POST' && retrieve?.[1]) {
      const key = String(request.headers['idempotency-key'] ?? '');
      if (key && updates.has(key)) {
        send(200, updates.get(key));
        return;
      }
      const intent = intents.get(retrieve[1]);
      if (!intent) {
        send(404, { error: { type: 'invalid_request_error', code: 'resource_missing' } });
      } else if (
        ['succeeded', 'processing', 'canceled', 'requires_capture'].includes(intent.status)
      ) {
        // As Stripe: the amount of a paid, processing, cancelled or authorised intent is fixed.
        send(400, {
          error: {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message: `This PaymentIntent's amount could not be updated because it has a status of ${intent.status}.`,
            payment_intent: intent,
          },
        });
      } else {
        if (form.has('amount')) intent.amount = Number(form.get('amount'));
        if (key) updates.set(key, { ...intent });
        send(200, intent);
      }
      return;
    }
    if (request.method === 'GET' && retrieve?.[1]) {
      const intent = intents.get(retrieve[1]);
      if (intent) send(200, intent);
      else {
        send(404, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `No such payment_intent: '${retrieve[1]}'`,
          },
        });
      }
      return;
    }
    send(404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL.' } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    intents,
    refunded,
    failNext(count) {
      failures = count;
    },
    stallNext(count) {
      stalls = count;
    },
    setLatency(minMs, maxMs) {
      latency = { min: minMs, max: maxMs };
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let eventCounter = 0;

/** A Stripe event about a payment intent, as Stripe would send it to the webhook. */
export function paymentIntentEvent(
  type: 'payment_intent.succeeded' | 'payment_intent.payment_failed' | 'payment_intent.created',
  intent: StubIntent,
  overrides: { id?: string; created?: number; amount?: number; declineMessage?: string } = {},
) {
  eventCounter += 1;
  const amount = overrides.amount ?? intent.amount;
  const succeeded = type === 'payment_intent.succeeded';
  return {
    id: overrides.id ?? `evt_stub_${eventCounter}_${Date.now()}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: overrides.created ?? Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: {
      object: {
        ...intent,
        amount,
        amount_received: succeeded ? amount : 0,
        status: succeeded ? 'succeeded' : 'requires_payment_method',
        last_payment_error:
          type === 'payment_intent.payment_failed'
            ? {
                type: 'card_error',
                code: 'card_declined',
                decline_code: 'generic_decline',
                message: overrides.declineMessage ?? 'Your card was declined.',
                payment_method: {
                  id: 'pm_1',
                  object: 'payment_method',
                  card: { brand: 'visa', last4: '0002' },
                },
              }
            : null,
      },
    },
  };
}

/**
 * A `charge.refunded` event, as Stripe sends it when a charge of an intent is refunded (here or in
 * its dashboard): the charge with its whole refunded amount so far.
 */
export function chargeRefundedEvent(
  intent: StubIntent,
  amountRefunded: number,
  overrides: { id?: string; created?: number } = {},
) {
  eventCounter += 1;
  const amount = intent.amount_received || intent.amount;
  return {
    id: overrides.id ?? `evt_stub_${eventCounter}_${Date.now()}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: overrides.created ?? Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: 'charge.refunded',
    data: {
      object: {
        id: `ch_stub_${intent.id}`,
        object: 'charge',
        amount,
        amount_captured: amount,
        amount_refunded: amountRefunded,
        currency: intent.currency,
        paid: true,
        refunded: amountRefunded >= amount,
        payment_intent: intent.id,
        metadata: intent.metadata,
        status: 'succeeded',
        created: intent.created,
        livemode: false,
      },
    },
  };
}

/** The Stripe-Signature header of a payload, as Stripe signs it. */
export function signStripePayload(payload: string, secret: string, timestamp?: number): string {
  const stripe = new Stripe('sk_test_signing_only');
  return stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
}

export interface StripeApp {
  stub: StripeStub;
  env: TestEnvironment;
  app: RemixApp;
}

/** The site's environment for Stripe mode against `stub`: test keys made of `key`. */
export function stripeModeEnv(
  stub: StripeStub,
  secrets: { key: string; webhookSecret: string },
): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: `sk_test_${secrets.key}`,
    STRIPE_PUBLISHABLE_KEY: `pk_test_${secrets.key}`,
    STRIPE_WEBHOOK_SECRET: secrets.webhookSecret,
    STRIPE_API_HOST: stub.baseUrl,
  };
}

/** The site's Remix handler configured for Stripe, on a fresh stub of Stripe's API. */
export async function startStripeApp(
  secrets: { key: string; webhookSecret: string },
  environment: Record<string, string> = {},
): Promise<StripeApp> {
  const stub = await startStripeStub();
  const env = useTestEnvironment({ ...stripeModeEnv(stub, secrets), ...environment });
  return { stub, env, app: await startRemixApp() };
}

/** Closes what startStripeApp started (any part may be missing after a failed start). */
export async function closeStripeApp(started: Partial<StripeApp>): Promise<void> {
  await started.app?.close();
  await started.stub?.close();
  started.env?.restore();
}
