// A local stand-in for Stripe's PaymentIntents API (create and update with idempotency keys, retrieve,
// cancel), on a
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

export interface StripeStub {
  baseUrl: string;
  requests: RecordedRequest[];
  intents: Map<string, StubIntent>;
  /** Makes the next `count` API calls answer 500 (a Stripe outage). */
  failNext(count: number): void;
  /**
   * Makes the next `count` creates do their work but never answer (a timeout after Stripe made
   * the payment): only a retry with the same idempotency key gets the intent.
   */
  stallNext(count: number): void;
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

export async function startStripeStub(): Promise<StripeStub> {
  const requests: RecordedRequest[] = [];
  const intents = new Map<string, StubIntent>();
  const byKey = new Map<string, string>();
  /** An update's idempotency key → its answer, replayed as Stripe does. */
  const updates = new Map<string, unknown>();
  let failures = 0;
  let stalls = 0;
  let counter = 0;

  const server: Server = createServer(async (request, response) => {
    const body = await readBody(request);
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
      const metadata: Record<string, string> = {};
      for (const [name, value] of form) {
        const match = /^metadata\[(\w+)\]$/.exec(name);
        if (match?.[1]) metadata[match[1]] = value;
      }
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
    failNext(count) {
      failures = count;
    },
    stallNext(count) {
      stalls = count;
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

/** The site's Remix handler configured for Stripe, on a fresh stub of Stripe's API. */
export async function startStripeApp(
  secrets: { key: string; webhookSecret: string },
  environment: Record<string, string> = {},
): Promise<StripeApp> {
  const stub = await startStripeStub();
  const env = useTestEnvironment({
    STRIPE_SECRET_KEY: `sk_test_${secrets.key}`,
    STRIPE_PUBLISHABLE_KEY: `pk_test_${secrets.key}`,
    STRIPE_WEBHOOK_SECRET: secrets.webhookSecret,
    STRIPE_API_HOST: stub.baseUrl,
    ...environment,
  });
  return { stub, env, app: await startRemixApp() };
}

/** Closes what startStripeApp started (any part may be missing after a failed start). */
export async function closeStripeApp(started: Partial<StripeApp>): Promise<void> {
  await started.app?.close();
  await started.stub?.close();
  started.env?.restore();
}
