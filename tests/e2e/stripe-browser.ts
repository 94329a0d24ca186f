// Stripe's browser side for the widget's Stripe-mode tests. Stripe.js cannot load here (no network)
// and the production bundle carries no test double, so the page's requests to Stripe's three
// browser origins are answered by Playwright, as Stripe's test mode answers them:
//
// - https://js.stripe.com: Stripe.js (`window.Stripe`) with what @stripe/stripe-js and
//   @stripe/react-stripe-js call: elements(), create('payment') and mount() into a cross-origin
//   frame holding the card fields, fetchUpdates(), confirmPayment(), retrievePaymentIntent();
// - https://api.stripe.com: the publishable-key API over the PaymentIntents of the server's stub
//   (tests/support/stripe-stub.ts): retrieve by client secret, and confirm with Stripe's test cards
//   (4242… succeeds, 4000…0002 and 4000…9995 are declined, 4000 0027 6000 3184 needs 3-D Secure);
// - https://hooks.stripe.com: the 3-D Secure test page, whose buttons settle the intent and send
//   the customer back to the return URL, as Stripe does.
//
// The page's CSP applies before any of these requests is made, so they prove the site allows
// exactly Stripe's origins. Every outcome is also sent to the site's webhook as a signed event,
// answered before the browser hears the outcome (or held, to play a webhook that is late).
import type { Page, Route } from '@playwright/test';
import { signStripePayload, type StripeStub, type StubIntent } from '../support/stripe-stub';

/** The title of the Payment Element's frame (Stripe's own), by which tests find it. */
export const FRAME_TITLE = 'Secure payment input frame';

export const TEST_CARDS = {
  succeeds: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
  threeDSecure: '4000 0027 6000 3184',
} as const;

/** Stripe's outcome for each test card; any other number is refused as Stripe refuses it. */
const DECLINES: Record<string, { code: string; decline_code?: string; message: string }> = {
  '4000000000000002': {
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
  },
  '4000000000009995': {
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
};
const SUCCEEDS = '4242424242424242';
const THREE_D_SECURE = '4000002760003184';
const AUTHENTICATION_FAILED = {
  type: 'invalid_request_error',
  code: 'payment_intent_authentication_failure',
  message:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
};

export interface WebhookDelivery {
  type: string;
  intentId: string;
  /** The site's answer (0 while held). */
  status: number;
}

export interface StripeInBrowser {
  /** Every event sent to the site's webhook, in order. */
  deliveries: WebhookDelivery[];
  /** Events wait until `releaseWebhooks` (Stripe's webhook running late). */
  holdWebhooks(): void;
  /** Sends the held events, in order, and sends the next ones at once again. */
  releaseWebhooks(): Promise<void>;
}

export interface StripeInBrowserOptions {
  stub: StripeStub;
  publishableKey: string;
  /** The site's webhook endpoint and the secret its events are signed with. */
  webhookUrl: string;
  webhookSecret: string;
}

// ---------------------------------------------------------------------------------------------
// In the page: Stripe.js. Serialised with toString(), so it uses nothing from this module.

interface BrowserCard {
  number: string;
  expiry: string;
  cvc: string;
}

function installStripeJs(frameUrl: string, frameTitle: string) {
  const API = 'https://api.stripe.com/v1';
  const FRAME_ORIGIN = new URL(frameUrl).origin;
  type Json = Record<string, unknown> & { error?: Record<string, unknown> };
  type Handler = (event: unknown) => void;

  async function call(method: 'GET' | 'POST', path: string, fields: Record<string, string>) {
    const body = new URLSearchParams(fields);
    // Form-encoded like Stripe.js, so no preflight is needed.
    const response =
      method === 'GET'
        ? await fetch(`${API}${path}?${body}`)
        : await fetch(`${API}${path}`, { method, body });
    return (await response.json()) as Json;
  }
  const intentOf = (clientSecret: string) => clientSecret.split('_secret_')[0] ?? '';

  function paymentElement(elements: ElementsGroup) {
    const handlers = new Map<string, Set<Handler>>();
    const emit = (event: string, payload: unknown) =>
      handlers.get(event)?.forEach((handler) => handler(payload));
    let frame: HTMLIFrameElement | null = null;
    let ready = false;
    let amount: { amount: number; currency: string } | null = null;
    const showAmount = () => {
      if (ready && amount)
        frame?.contentWindow?.postMessage({ type: 'amount', ...amount }, FRAME_ORIGIN);
    };
    const onMessage = (event: MessageEvent) => {
      if (!frame || event.source !== frame.contentWindow || event.origin !== FRAME_ORIGIN) return;
      const data = event.data as { type: string; card?: BrowserCard; complete?: boolean };
      if (data.type === 'ready') {
        ready = true;
        showAmount();
        emit('ready', { elementType: 'payment' });
      } else if (data.type === 'change' && data.card) {
        element.card = data.card;
        element.complete = Boolean(data.complete);
        emit('change', {
          elementType: 'payment',
          complete: element.complete,
          empty: !data.card.number && !data.card.expiry && !data.card.cvc,
          collapsed: false,
          value: { type: 'card' },
        });
      }
    };
    const element = {
      card: null as BrowserCard | null,
      complete: false,
      mount(target: HTMLElement | string) {
        const node = typeof target === 'string' ? document.querySelector(target) : target;
        if (!node) throw new Error('The Payment Element has nowhere to mount.');
        window.addEventListener('message', onMessage);
        frame = document.createElement('iframe');
        frame.src = `${frameUrl}#origin=${encodeURIComponent(location.origin)}`;
        frame.title = frameTitle;
        frame.setAttribute('allow', 'payment *');
        frame.style.cssText = 'display:block;width:100%;height:15rem;border:0';
        node.appendChild(frame);
        void elements.load();
      },
      show(found: { amount: number; currency: string }) {
        amount = { amount: found.amount, currency: found.currency };
        showAmount();
      },
      on(event: string, handler: Handler) {
        if (!handlers.has(event)) handlers.set(event, new Set());
        handlers.get(event)?.add(handler);
        return element;
      },
      off(event: string, handler: Handler) {
        handlers.get(event)?.delete(handler);
        return element;
      },
      update() {},
      focus() {
        frame?.focus();
      },
      blur() {},
      clear() {},
      collapse() {},
      unmount() {
        window.removeEventListener('message', onMessage);
        frame?.remove();
        frame = null;
        ready = false;
      },
      destroy() {
        element.unmount();
        elements.forget(element);
      },
    };
    return element;
  }
  type PaymentElement = ReturnType<typeof paymentElement>;

  interface ElementsGroup {
    clientSecret: string;
    load(): Promise<void>;
    forget(element: PaymentElement): void;
    payment(): PaymentElement | null;
  }

  function Stripe(key: string) {
    const retrieve = (clientSecret: string) =>
      call('GET', `/payment_intents/${intentOf(clientSecret)}`, {
        key,
        client_secret: clientSecret,
      });
    const unsupported = async () => ({
      error: { type: 'invalid_request_error', message: 'Not part of this test double.' },
    });
    return {
      _registerWrapper() {},
      registerAppInfo() {},
      createToken: unsupported,
      createPaymentMethod: unsupported,
      confirmCardPayment: unsupported,
      elements(options: { clientSecret: string }) {
        const mounted = new Set<PaymentElement>();
        // The Payment Element reads the PaymentIntent it was made for (its amount) when it mounts
        // and again on fetchUpdates(), as Stripe's does.
        const group: ElementsGroup & Record<string, unknown> = {
          clientSecret: options.clientSecret,
          async load() {
            const intent = await retrieve(group.clientSecret);
            if (intent.error) return;
            const shown = { amount: Number(intent.amount), currency: String(intent.currency) };
            mounted.forEach((element) => element.show(shown));
          },
          forget(element: PaymentElement) {
            mounted.delete(element);
          },
          payment: () => [...mounted][0] ?? null,
          create(type: string) {
            if (type !== 'payment') throw new Error(`No ${type} element in this test double.`);
            const element = paymentElement(group);
            mounted.add(element);
            return element;
          },
          getElement: (type: string) => (type === 'payment' ? group.payment() : null),
          update() {},
          async fetchUpdates() {
            await group.load();
            return {};
          },
          async submit() {
            return {};
          },
        };
        return group;
      },
      async retrievePaymentIntent(clientSecret: string) {
        const intent = await retrieve(clientSecret);
        return intent.error ? { error: intent.error } : { paymentIntent: intent };
      },
      async confirmPayment({
        elements,
        confirmParams,
        redirect = 'always',
      }: {
        elements: ElementsGroup;
        confirmParams?: { return_url?: string };
        redirect?: 'always' | 'if_required';
      }) {
        const element = elements.payment();
        const card = element?.card;
        if (!element?.complete || !card) {
          return {
            error: {
              type: 'validation_error',
              code: 'incomplete_number',
              message: 'Your card number is incomplete.',
            },
          };
        }
        const [month = '', year = ''] = card.expiry.split('/').map((part) => part.trim());
        const returnUrl = confirmParams?.return_url ?? '';
        const intent = await call(
          'POST',
          `/payment_intents/${intentOf(elements.clientSecret)}/confirm`,
          {
            key,
            client_secret: elements.clientSecret,
            return_url: returnUrl,
            'payment_method_data[type]': 'card',
            'payment_method_data[card][number]': card.number.replace(/\s/g, ''),
            'payment_method_data[card][exp_month]': month,
            'payment_method_data[card][exp_year]': year,
            'payment_method_data[card][cvc]': card.cvc,
          },
        );
        if (intent.error) return { error: intent.error };
        const next = intent.next_action as { redirect_to_url?: { url: string } } | null;
        if (intent.status === 'requires_action' && next?.redirect_to_url) {
          // 3-D Secure on the bank's page: Stripe leaves this page, and the promise never settles.
          location.assign(next.redirect_to_url.url);
          return new Promise(() => {});
        }
        if (redirect === 'always' && returnUrl) {
          const back = new URL(returnUrl);
          back.searchParams.set('payment_intent', String(intent.id));
          back.searchParams.set('payment_intent_client_secret', elements.clientSecret);
          back.searchParams.set('redirect_status', String(intent.status));
          location.assign(back.href);
          return new Promise(() => {});
        }
        return { paymentIntent: intent };
      },
    };
  }
  // The release @stripe/stripe-js expects (it warns about any other with a test key).
  Stripe.version = 'endive';
  (window as unknown as { Stripe: typeof Stripe }).Stripe = Stripe;
}

/** In the Payment Element's frame: the card fields, sent to the page as the customer types. */
function paymentFrame() {
  const parentOrigin = new URLSearchParams(location.hash.slice(1)).get('origin') ?? '';
  const field = (id: string) => document.getElementById(id) as HTMLInputElement;
  const fields = [field('number'), field('expiry'), field('cvc')];
  const send = () => {
    const [number = '', expiry = '', cvc = ''] = fields.map((input) => input.value.trim());
    const complete = number.replace(/\s/g, '').length >= 15 && /^\d{2}\s*\/\s*\d{2}$/.test(expiry);
    parent.postMessage(
      { type: 'change', card: { number, expiry, cvc }, complete: complete && cvc.length >= 3 },
      parentOrigin,
    );
  };
  fields.forEach((input) => input.addEventListener('input', send));
  addEventListener('message', (event: MessageEvent) => {
    const data = event.data as { type: string; amount: number; currency: string };
    if (event.origin !== parentOrigin || data.type !== 'amount') return;
    const money = new Intl.NumberFormat('en-AU', {
      style: 'currency',
      currency: data.currency.toUpperCase(),
    }).format(data.amount / 100);
    (document.getElementById('amount') as HTMLElement).textContent = `Total to pay: ${money}`;
  });
  parent.postMessage({ type: 'ready' }, parentOrigin);
}

const FRAME_HTML = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Card details</title>
<style>body{font:16px sans-serif;margin:0}label{display:block;margin-top:.5rem}input{font:inherit;width:90%}</style>
</head>
<body>
<main>
<p id="amount" role="status"></p>
<label for="number">Card number</label>
<input id="number" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234">
<label for="expiry">Expiration date</label>
<input id="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY">
<label for="cvc">Security code</label>
<input id="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="CVC">
</main>
<script>(${paymentFrame.toString()})()</script>
</body>
</html>`;

// ---------------------------------------------------------------------------------------------
// In the test: Stripe's answers to the page.

/** The intent as Stripe answers a publishable key: no metadata, plus any next action. */
function publicIntent(intent: StubIntent, nextAction: unknown = null) {
  const { metadata: _metadata, ...visible } = intent;
  return { ...visible, next_action: nextAction };
}

function cardMethod(number: string) {
  return {
    id: `pm_browser_${number.slice(-4)}`,
    object: 'payment_method',
    type: 'card',
    card: { brand: number.startsWith('4') ? 'visa' : 'unknown', last4: number.slice(-4) },
  };
}

export async function routeStripe(
  page: Page,
  { stub, publishableKey, webhookUrl, webhookSecret }: StripeInBrowserOptions,
): Promise<StripeInBrowser> {
  const deliveries: WebhookDelivery[] = [];
  let held: Array<{ event: Record<string, unknown>; delivery: WebhookDelivery }> | null = null;
  /** Intents waiting for 3-D Secure → where the customer goes back to. */
  const redirects = new Map<string, string>();
  let events = 0;

  const send = async (event: Record<string, unknown>, delivery: WebhookDelivery) => {
    const payload = JSON.stringify(event);
    const response = await fetch(webhookUrl, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Stripe-Signature': signStripePayload(payload, webhookSecret),
      },
      body: payload,
    });
    delivery.status = response.status;
  };
  const notify = async (
    type: 'payment_intent.succeeded' | 'payment_intent.payment_failed',
    intent: StubIntent,
  ) => {
    events += 1;
    const event = {
      id: `evt_browser_${events}_${Date.now()}`,
      object: 'event',
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: structuredClone(intent) },
    };
    const delivery: WebhookDelivery = { type, intentId: intent.id, status: 0 };
    deliveries.push(delivery);
    if (held) held.push({ event, delivery });
    else await send(event, delivery);
  };

  const json = (route: Route, status: number, body: unknown) =>
    route.fulfill({
      status,
      contentType: 'application/json',
      // Stripe's API answers every origin (the key and client secret are the credentials).
      headers: { 'Access-Control-Allow-Origin': '*' },
      body: JSON.stringify(body),
    });
  const invalid = (route: Route, status: number, message: string, code?: string) =>
    json(route, status, { error: { type: 'invalid_request_error', code, message } });

  /** The intent the request names, when its key and client secret are the right ones. */
  const intentFor = async (route: Route, id: string, fields: URLSearchParams) => {
    if (fields.get('key') !== publishableKey) {
      await invalid(route, 401, `Invalid API Key provided: ${fields.get('key') ?? ''}`);
      return null;
    }
    const intent = stub.intents.get(id);
    if (!intent || fields.get('client_secret') !== intent.client_secret) {
      await invalid(
        route,
        400,
        'The client_secret provided does not match any associated PaymentIntent on this account.',
        'payment_intent_invalid_parameter',
      );
      return null;
    }
    return intent;
  };

  const confirm = async (route: Route, intent: StubIntent, fields: URLSearchParams) => {
    if (!['requires_payment_method', 'requires_confirmation'].includes(intent.status)) {
      await invalid(
        route,
        400,
        `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`,
        'payment_intent_unexpected_state',
      );
      return;
    }
    const number = fields.get('payment_method_data[card][number]') ?? '';
    const method = cardMethod(number);
    if (number === SUCCEEDS) {
      Object.assign(intent, {
        status: 'succeeded',
        amount_received: intent.amount,
        last_payment_error: null,
        payment_method: method,
      });
      await notify('payment_intent.succeeded', intent);
      await json(route, 200, publicIntent(intent));
      return;
    }
    if (number === THREE_D_SECURE) {
      const returnUrl = fields.get('return_url') ?? '';
      redirects.set(intent.id, returnUrl);
      Object.assign(intent, {
        status: 'requires_action',
        last_payment_error: null,
        payment_method: method,
      });
      await json(
        route,
        200,
        publicIntent(intent, {
          type: 'redirect_to_url',
          redirect_to_url: {
            url: `https://hooks.stripe.com/3d_secure_2/test/${intent.id}`,
            return_url: returnUrl,
          },
        }),
      );
      return;
    }
    const decline = DECLINES[number] ?? {
      code: 'incorrect_number',
      message: 'Your card number is incorrect.',
    };
    const error = { type: 'card_error', ...decline, payment_method: method };
    Object.assign(intent, {
      status: 'requires_payment_method',
      last_payment_error: error,
      payment_method: null,
    });
    await notify('payment_intent.payment_failed', intent);
    await json(route, 402, { error: { ...error, payment_intent: publicIntent(intent) } });
  };

  await page.route('https://api.stripe.com/**', async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    const fields =
      request.method() === 'GET' ? url.searchParams : new URLSearchParams(request.postData() ?? '');
    const match = /^\/v1\/payment_intents\/(\w+?)(\/confirm)?$/.exec(url.pathname);
    if (!match?.[1]) return invalid(route, 404, 'Unrecognized request URL.');
    const intent = await intentFor(route, match[1], fields);
    if (!intent) return;
    if (request.method() === 'GET' && !match[2]) return json(route, 200, publicIntent(intent));
    if (request.method() === 'POST' && match[2]) return confirm(route, intent, fields);
    return invalid(route, 404, 'Unrecognized request URL.');
  });

  const frameUrl = 'https://js.stripe.com/v3/elements-inner-payment.html';
  await page.route('https://js.stripe.com/**', async (route) => {
    const url = new URL(route.request().url());
    if (/^\/(v3|[a-z]+)\/stripe\.js$|^\/v3\/?$/.test(url.pathname)) {
      return route.fulfill({
        contentType: 'text/javascript',
        body: `(${installStripeJs.toString()})(${JSON.stringify(frameUrl)}, ${JSON.stringify(FRAME_TITLE)});`,
      });
    }
    if (url.href.split('#')[0] === frameUrl) {
      return route.fulfill({ contentType: 'text/html', body: FRAME_HTML });
    }
    return route.fulfill({ status: 404, body: 'Not found' });
  });

  await page.route('https://hooks.stripe.com/**', async (route) => {
    const request = route.request();
    const match = /^\/3d_secure_2\/test\/(\w+)(?:\/(complete|fail))?$/.exec(
      new URL(request.url()).pathname,
    );
    const intent = match?.[1] ? stub.intents.get(match[1]) : undefined;
    const returnUrl = intent ? redirects.get(intent.id) : undefined;
    if (!intent || !returnUrl || intent.status !== 'requires_action') {
      return route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' });
    }
    if (request.method() === 'GET' && !match?.[2]) {
      return route.fulfill({ contentType: 'text/html', body: threeDSecurePage(intent) });
    }
    if (request.method() !== 'POST' || !match?.[2]) {
      return route.fulfill({ status: 405, contentType: 'text/plain', body: 'Method not allowed' });
    }
    const outcome = match[2] === 'complete' ? 'succeeded' : 'failed';
    if (outcome === 'succeeded') {
      Object.assign(intent, { status: 'succeeded', amount_received: intent.amount });
      await notify('payment_intent.succeeded', intent);
    } else {
      Object.assign(intent, {
        status: 'requires_payment_method',
        last_payment_error: { ...AUTHENTICATION_FAILED, payment_method: intent.payment_method },
        payment_method: null,
      });
      await notify('payment_intent.payment_failed', intent);
    }
    redirects.delete(intent.id);
    const back = new URL(returnUrl);
    back.searchParams.set('payment_intent', intent.id);
    back.searchParams.set('payment_intent_client_secret', intent.client_secret);
    back.searchParams.set('redirect_status', outcome);
    return route.fulfill({ status: 303, headers: { Location: back.href } });
  });

  return {
    deliveries,
    holdWebhooks() {
      held ??= [];
    },
    async releaseWebhooks() {
      const waiting = held ?? [];
      held = null;
      for (const { event, delivery } of waiting) await send(event, delivery);
    },
  };
}

/** Stripe's 3-D Secure test page: the customer completes or fails the authentication. */
function threeDSecurePage(intent: StubIntent): string {
  const money = new Intl.NumberFormat('en-AU', {
    style: 'currency',
    currency: intent.currency.toUpperCase(),
  }).format(intent.amount / 100);
  const action = (outcome: string) => `/3d_secure_2/test/${intent.id}/${outcome}`;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>3D Secure 2 Test Page</title></head>
<body>
<main>
<h1>3D Secure 2 Test Page</h1>
<p>Authenticate a test payment of ${money}.</p>
<form method="post" action="${action('complete')}"><button>Complete authentication</button></form>
<form method="post" action="${action('fail')}"><button>Fail authentication</button></form>
</main>
</body>
</html>`;
}
