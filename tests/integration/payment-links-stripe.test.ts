// Payment links on Stripe (a local stub of its API), through the real Remix request handler: a
// balance link's payment is an intent of its own, made once per link, and its signed
// payment_intent.succeeded webhook settles the balance beside the original charge (a replay
// changes nothing, a payment of another amount settles nothing and is raised to staff); the
// link's page never takes a card on the server in Stripe mode.
import {
  bookingResponseSchema,
  fareBalanceCents,
  sumLines,
  type Booking,
  type BookingResponse,
} from '@business-chauffeur/booking-contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as LinksModule from '~/booking/payment-links.server';
import type * as StoreModule from '~/store/store.server';
import { bookingBody } from '../support/quotes';
import { TEST_ORIGIN, type RemixApp } from '../support/remix-app';
import {
  closeStripeApp,
  paymentIntentEvent,
  signStripePayload,
  startStripeApp,
  type StripeStub,
} from '../support/stripe-stub';
import type { TestEnvironment } from '../support/test-environment';

vi.setConfig({ testTimeout: 60_000 });

const WEBHOOK_SECRET = 'whsec_payment_links_test_secret';
let stub: StripeStub;
let env: TestEnvironment;
let app: RemixApp;

beforeAll(async () => {
  ({ stub, env, app } = await startStripeApp({ key: 'paylinks', webhookSecret: WEBHOOK_SECRET }));
}, 180_000);

afterAll(() => closeStripeApp({ stub, env, app }));

const store = async () =>
  (await app.load<typeof StoreModule>('/app/store/store.server.ts')).getBookingStore();
const links = () => app.load<typeof LinksModule>('/app/booking/payment-links.server.ts');
const booking = async (id: string): Promise<Booking> => (await (await store()).getBooking(id))!;

function deliver(event: object) {
  const payload = JSON.stringify(event);
  return app.request('/api/webhooks/stripe', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'Stripe-Signature': signStripePayload(payload, WEBHOOK_SECRET),
    },
    body: payload,
  });
}

/** A booking paid through Stripe, then changed by staff to a fare $40.00 higher. */
async function paidAndRaised(): Promise<{ response: BookingResponse; owed: number }> {
  const created = await app.request('/api/bookings', { method: 'POST', json: bookingBody() });
  const response = bookingResponseSchema.parse(await created.json());
  const intent = stub.intents.get(response.payment.paymentIntentId)!;
  expect((await deliver(paymentIntentEvent('payment_intent.succeeded', intent))).status).toBe(200);
  const raised = await (
    await store()
  ).updateBooking(response.bookingId, (current) => {
    const lines = [
      ...current.fareLines,
      { ...current.fareLines[0]!, label: 'Extra stop', amountCents: 4000 },
    ];
    return {
      ...current,
      adjustments: [
        {
          sequence: 1,
          at: new Date().toISOString(),
          by: 'dispatch@businesschauffeur.example',
          reason: 'Extra stop',
          lines,
          totalCents: sumLines(lines),
          differenceCents: 4000,
        },
      ],
    };
  });
  expect(raised?.status).toBe('CONFIRMED');
  return { response, owed: fareBalanceCents(raised!) };
}

describe('a balance link on Stripe', () => {
  it('is paid by an intent of its own whose signed webhook settles the balance once', async () => {
    const { response, owed } = await paidAndRaised();
    expect(owed).toBe(4000);
    const { issuePaymentLink, linkPaymentIntent } = await links();
    const issued = await issuePaymentLink(response.bookingId, 'dispatch@businesschauffeur.example');
    if (!issued.ok) throw new Error(issued.message);

    // The page shows the link, and takes no card on the server in Stripe mode.
    const page = await app.request(`/pay/${issued.token}`);
    expect(page.status).toBe(200);
    expect(await page.text()).not.toContain('name="number"');
    const posted = await app.request(`/pay/${issued.token}`, {
      method: 'POST',
      headers: {
        Host: new URL(TEST_ORIGIN).host,
        Origin: TEST_ORIGIN,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'number=4242424242424242&expiry=12%2F34&cvc=123',
      redirect: 'manual',
    });
    expect(posted.status).toBe(302);

    // One intent per link: asked twice, the provider answers with the same one.
    const first = await linkPaymentIntent(issued.booking, issued.link);
    const second = await linkPaymentIntent(await booking(response.bookingId), issued.link);
    expect(second.intent.id).toBe(first.intent.id);
    expect(first.intent.id).not.toBe(response.payment.paymentIntentId);
    expect(first.intent.amount).toBe(4000);
    expect(first.intent.metadata.bookingId).toBe(response.bookingId);

    const charged = await booking(response.bookingId);
    const event = paymentIntentEvent(
      'payment_intent.succeeded',
      stub.intents.get(first.intent.id)!,
    );
    expect((await deliver(event)).status).toBe(200);
    const settled = await booking(response.bookingId);
    expect(fareBalanceCents(settled)).toBe(0);
    expect(settled.payment).toEqual(charged.payment);
    expect(settled.fareCents).toBe(charged.fareCents);
    expect(settled.paymentLinks?.[0]?.paidAt).not.toBeNull();
    expect(
      settled.paymentAttempts
        .filter((attempt) => attempt.outcome === 'succeeded')
        .map((a) => a.amountCents),
    ).toEqual([charged.fareCents, 4000]);

    // A replay, or the same success under another event id, changes nothing.
    expect((await deliver(event)).status).toBe(200);
    await deliver(
      paymentIntentEvent('payment_intent.succeeded', stub.intents.get(first.intent.id)!),
    );
    expect((await booking(response.bookingId)).paymentAttempts).toEqual(settled.paymentAttempts);
    expect((await app.request(`/pay/${issued.token}`)).status).toBe(200);
  });

  it("gives its page Stripe's card form for the link's own intent, made once however often it opens", async () => {
    const { response } = await paidAndRaised();
    const { issuePaymentLink } = await links();
    const issued = await issuePaymentLink(response.bookingId, 'dispatch@businesschauffeur.example');
    if (!issued.ok) throw new Error(issued.message);
    const creates = () =>
      stub.requests.filter(
        (request) =>
          request.method === 'POST' &&
          request.path === '/v1/payment_intents' &&
          request.form.get('metadata[paymentLinkId]') === issued.link.id,
      );

    // The customer opens the link in two tabs at once: one intent.
    const pages = await Promise.all([
      app.request(`/pay/${issued.token}`),
      app.request(`/pay/${issued.token}`),
    ]);
    const ours = [...stub.intents.values()].filter(
      (intent) => intent.metadata.paymentLinkId === issued.link.id,
    );
    expect(ours).toHaveLength(1);
    const intent = ours[0]!;
    for (const page of pages) {
      expect(page.status).toBe(200);
      const html = await page.text();
      // The Payment Element's keys: the intent's client secret and the publishable key only.
      expect(html).toContain(intent.client_secret);
      expect(html).toContain('pk_test_paylinks');
      expect(html).not.toContain('sk_test_paylinks');
      // Without JavaScript the page says plainly how to pay instead.
      expect(html).toContain('Paying by card on this page needs JavaScript');
    }
    // What Stripe was asked: the link's amount in cents, in AUD, once per link by its key,
    // naming the booking and the link.
    expect(creates().length).toBeGreaterThanOrEqual(1);
    for (const request of creates()) {
      expect(request.form.get('amount')).toBe('4000');
      expect(request.form.get('currency')).toBe('aud');
      expect(request.headers['idempotency-key']).toBe(
        `booking-${response.bookingId}-link-${issued.link.id}`,
      );
      expect(request.form.get('metadata[bookingId]')).toBe(response.bookingId);
    }
    expect((await booking(response.bookingId)).paymentLinks?.[0]?.intentId).toBe(intent.id);
    // Opened again later, the page reuses the intent the link keeps.
    const before = creates().length;
    expect((await app.request(`/pay/${issued.token}`)).status).toBe(200);
    expect(creates()).toHaveLength(before);
  });

  it('is settled once when the webhook and the return to the page race', async () => {
    const { response } = await paidAndRaised();
    const { issuePaymentLink } = await links();
    const issued = await issuePaymentLink(response.bookingId, 'dispatch@businesschauffeur.example');
    if (!issued.ok) throw new Error(issued.message);
    expect((await app.request(`/pay/${issued.token}`)).status).toBe(200);
    const intentId = (await booking(response.bookingId)).paymentLinks![0]!.intentId!;
    const charged = await booking(response.bookingId);
    // The Payment Element confirmed it at Stripe; the webhook and the page's return arrive at once.
    const intent = stub.intents.get(intentId)!;
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    const returned = `/pay/${issued.token}?payment_intent=${intentId}&redirect_status=succeeded`;
    const [hook, page, again] = await Promise.all([
      deliver(paymentIntentEvent('payment_intent.succeeded', intent)),
      app.request(returned),
      app.request(returned),
    ]);
    expect(hook.status).toBe(200);
    expect([page.status, again.status]).toEqual([200, 200]);
    const settled = await booking(response.bookingId);
    expect(fareBalanceCents(settled)).toBe(0);
    expect(settled.payment).toEqual(charged.payment);
    expect(
      settled.paymentAttempts.filter(
        (attempt) => attempt.outcome === 'succeeded' && attempt.paymentIntentId === intentId,
      ),
    ).toHaveLength(1);
    expect(settled.paymentLinks?.[0]?.paidAt).not.toBeNull();
    const shown = await (await app.request(`/pay/${issued.token}`)).text();
    expect(shown).toContain('is paid');
    expect(shown).not.toContain(intent.client_secret);
  });

  it('settles nothing for a payment of another amount, and raises it to staff', async () => {
    const { response } = await paidAndRaised();
    const { issuePaymentLink, linkPaymentIntent } = await links();
    const issued = await issuePaymentLink(response.bookingId, 'dispatch@businesschauffeur.example');
    if (!issued.ok) throw new Error(issued.message);
    const { intent } = await linkPaymentIntent(issued.booking, issued.link);
    const event = paymentIntentEvent('payment_intent.succeeded', stub.intents.get(intent.id)!, {
      amount: 100,
    });
    expect((await deliver(event)).status).toBe(200);
    const after = await booking(response.bookingId);
    expect(fareBalanceCents(after)).toBe(4000);
    expect(after.alerts).toEqual([
      expect.objectContaining({ kind: 'payment_amount_differs', amountCents: 100 }),
    ]);
  });
});
