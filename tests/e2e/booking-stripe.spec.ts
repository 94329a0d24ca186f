// The booking widget's Stripe path, the one that takes real money, on the built Preact bundle: a
// production server of its own in Stripe mode (its API on the local stub of
// tests/support/stripe-stub.ts) and Stripe's browser side answered by stripe-browser.ts. The
// Payment Element mounts with the server's amount and follows a promo code; a paid card, a decline
// and its retry, and a 3-D Secure redirect back to /completion end as the signed webhook or the
// server's own look at the intent decided, never as the browser said.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { FrameLocator, Page } from '@playwright/test';
import { startStripeStub, stripeModeEnv, type StripeStub } from '../support/stripe-stub';
import {
  expectNoSeriousViolations,
  mere,
  passengerToPayment,
  payNow,
  toPassengerStep,
  widget,
} from './booking-helpers';
import { expect, test } from './fixtures';
import { startServerProcess, type ServerProcess } from './server-process';
import { FRAME_TITLE, routeStripe, TEST_CARDS, type StripeInBrowser } from './stripe-browser';

const PUBLISHABLE_KEY = 'pk_test_widget_stripe';
const WEBHOOK_SECRET = 'whsec_widget_stripe_browser';

// Tests of this file share one Stripe-mode server, in order, in one worker.
test.describe.configure({ mode: 'default' });

let stub: StripeStub;
let dataDir = '';
let site = '';
let server: ServerProcess | undefined;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  stub = await startStripeStub();
  dataDir = mkdtempSync(path.join(tmpdir(), 'bc-widget-stripe-'));
  server = await startServerProcess(dataDir, {
    ...stripeModeEnv(stub, { key: 'widget_stripe', webhookSecret: WEBHOOK_SECRET }),
    RECONCILE_ON_START: 'false',
  });
  site = server.site;
});

test.afterAll(async () => {
  await server?.stop();
  await stub?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Stripe's browser side for this page, sending its events to this file's server. */
function stripeFor(page: Page): Promise<StripeInBrowser> {
  return routeStripe(page, {
    stub,
    publishableKey: PUBLISHABLE_KEY,
    webhookUrl: `${site}/api/webhooks/stripe`,
    webhookSecret: WEBHOOK_SECRET,
  });
}

/**
 * The booking as the server stored it (status, reference, the amount paid in cents, the event each
 * payment attempt came from) and the payment events it recorded for it, in order.
 */
function stored(bookingId: string) {
  const db = new DatabaseSync(path.join(dataDir, 'store.sqlite'), { readOnly: true });
  // The server writes beside this reader (no WAL): wait for its commits instead of failing.
  db.exec('PRAGMA busy_timeout = 5000');
  try {
    const row = db
      .prepare('SELECT status, reference, document FROM bookings WHERE id = ?')
      .get(bookingId) as { status: string; reference: string; document: string } | undefined;
    const events = db
      .prepare('SELECT type FROM payment_events WHERE booking_id = ? ORDER BY received_at, id')
      .all(bookingId) as { type: string }[];
    // The stored document's layout: app/store/stored-booking.server.ts.
    const document = JSON.parse(row?.document ?? '{}') as {
      paymentDetails?: { amount: number };
      paymentAttempts?: { eventId: string; outcome: string }[];
    };
    return {
      status: row?.status,
      reference: row?.reference ?? '',
      paidCents: Math.round((document.paymentDetails?.amount ?? 0) * 100),
      attempts: (document.paymentAttempts ?? []).map((attempt) => attempt.eventId),
      events: events.map((event) => event.type),
    };
  } finally {
    db.close();
  }
}

/** The one booking of the stub's intents made for this customer (the intent carries its id). */
function intentOf(email: string) {
  const found = [...stub.intents.values()].filter((intent) =>
    stub.requests.some(
      (request) =>
        request.path === '/v1/payment_intents' &&
        request.form.get('receipt_email') === email &&
        request.form.get('metadata[bookingId]') === intent.metadata.bookingId,
    ),
  );
  expect(found, `one PaymentIntent for ${email}`).toHaveLength(1);
  return found[0] as NonNullable<(typeof found)[number]>;
}

/** Confirmation emails in the outbox that name this reference. */
function emailsAbout(reference: string): number {
  const outbox = path.join(dataDir, 'outbox');
  // The customer's emails only: the operations inbox hears of each new paid booking too.
  const toOperations = /^To: .*bookings@businesschauffeur\.example/im;
  try {
    return readdirSync(outbox).filter((name) => {
      if (!name.endsWith('.eml')) return false;
      const email = readFileSync(path.join(outbox, name), 'utf8');
      return email.includes(reference) && !toOperations.test(email);
    }).length;
  } catch {
    return 0;
  }
}

/** "$1,234.50" → 123450. */
const cents = (text: string) => Math.round(Number(text.replace(/[^\d.-]/g, '')) * 100);

const paymentFrame = (page: Page): FrameLocator =>
  widget(page).getByTitle(FRAME_TITLE).contentFrame();

async function enterCard(page: Page, number: string) {
  const frame = paymentFrame(page);
  await frame.getByLabel('Card number').fill(number);
  await frame.getByLabel('Expiration date').fill('12 / 34');
  await frame.getByLabel('Security code').fill('123');
}

/** The widget's amount to pay on step 5, in cents. */
async function widgetTotal(page: Page): Promise<number> {
  return cents((await widget(page).locator('.cb-amount strong').textContent()) ?? '');
}

/**
 * A payment's answer passes the server, Stripe's stub and the site's webhook (and a redirect, for
 * 3-D Secure) before the page shows it: on a busy machine that takes more than the default 7 s.
 */
const AFTER_PAYING = { timeout: 30_000 };
/** Step 5's chunk, Stripe.js, the Payment Element's frame and the intent it reads load in turn. */
const STRIPE_LOADS = { timeout: 20_000 };

const money = (amount: number) => `$${(amount / 100).toFixed(2)}`;

/**
 * From /booking on the Stripe-mode site to step 5 with the Payment Element on screen, for a fresh
 * customer (a promo code is one use per email): Stripe's browser side, and the booking's intent.
 */
async function toStripePayment(page: Page, name: string) {
  const stripe = await stripeFor(page);
  const email = `${name}+${Date.now().toString(36)}@example.com`;
  const response = await page.goto(`${site}/booking`);
  // The site allows Stripe's origins exactly as production does, and no others.
  const policy = response?.headers()['content-security-policy'] ?? '';
  const directive = (name: string) =>
    policy
      .split(';')
      .map((part) => part.trim())
      .find((part) => part.startsWith(`${name} `));
  expect(directive('script-src')).toMatch(
    /^script-src 'self' 'nonce-[^']+' https:\/\/js\.stripe\.com$/,
  );
  expect(directive('connect-src')).toBe("connect-src 'self' https://api.stripe.com");
  expect(directive('frame-src')).toBe('frame-src https://js.stripe.com https://hooks.stripe.com');
  await toPassengerStep(page);
  await passengerToPayment(page, { ...mere, email });
  await expect(widget(page).getByTitle(FRAME_TITLE)).toBeVisible(STRIPE_LOADS);
  const intent = intentOf(email);
  return { stripe, intent, bookingId: intent.metadata.bookingId ?? '' };
}

test('the Payment Element carries the server amount and WELCOME10; a paid card is confirmed by the webhook', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { stripe, intent, bookingId } = await toStripePayment(page, 'stripe.paid');

  // Mounted with the PaymentIntent the server made for the server's amount.
  const before = await widgetTotal(page);
  expect(intent.amount).toBe(before);
  const frame = paymentFrame(page);
  await expect(frame.getByRole('status')).toHaveText(
    `Total to pay: ${money(before)}`,
    STRIPE_LOADS,
  );
  await expectNoSeriousViolations(page, 'step 5 with the Payment Element');

  // The promo code re-prices the intent on the server, and the Element reads it again.
  const code = page.getByLabel('Promo code');
  await code.fill('WELCOME10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(code).toHaveAccessibleDescription('Promo code WELCOME10 applied.');
  const after = before - Math.round(before / 10);
  await expect(widget(page).locator('.cb-amount strong')).toHaveText(money(after));
  expect(intent.amount).toBe(after);
  await expect(frame.getByRole('status')).toHaveText(`Total to pay: ${money(after)}`);

  await enterCard(page, TEST_CARDS.succeeds);
  await payNow(page);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible(
    AFTER_PAYING,
  );
  const confirmation = page.getByText(/Booking RefId for your reference: [A-Z0-9]{8,12}$/);
  const reference = ((await confirmation.textContent()) ?? '').split(': ').at(-1) ?? '';

  // Stripe's signed event confirmed it, for the discounted amount; the widget's look at the
  // payment afterwards found it confirmed and recorded nothing more.
  expect(stripe.deliveries).toEqual([
    { type: 'payment_intent.succeeded', intentId: intent.id, status: 200 },
  ]);
  const booking = stored(bookingId);
  expect(booking).toMatchObject({
    status: 'CONFIRMED',
    reference,
    paidCents: after,
    events: ['payment_intent.succeeded'],
  });
  expect(booking.attempts).toEqual([expect.stringMatching(/^evt_browser_/)]);
  await expect.poll(() => emailsAbout(reference), { timeout: 15_000 }).toBe(1);
});

test.describe(() => {
  // The decline is Stripe's 402 answer, which the browser logs.
  test.use({ allowedConsoleErrors: [/the server responded with a status of 402/] });

  test("a declined card shows Stripe's message, and a retry with another card is confirmed", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const { stripe, bookingId } = await toStripePayment(page, 'stripe.declined');

    await enterCard(page, TEST_CARDS.declined);
    await payNow(page);
    await expect(widget(page).getByRole('alert')).toHaveText(
      'Your card was declined.',
      AFTER_PAYING,
    );
    await expect(page.getByRole('button', { name: 'Pay now' })).not.toHaveAttribute(
      'aria-disabled',
    );
    expect(stored(bookingId)).toMatchObject({
      status: 'REJECTED',
      events: ['payment_intent.payment_failed'],
    });
    await expectNoSeriousViolations(page, 'step 5 after a decline');

    await enterCard(page, TEST_CARDS.succeeds);
    await payNow(page);
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible(
      AFTER_PAYING,
    );
    await expect(widget(page).getByRole('alert')).toHaveCount(0);
    expect(stripe.deliveries.map((delivery) => [delivery.type, delivery.status])).toEqual([
      ['payment_intent.payment_failed', 200],
      ['payment_intent.succeeded', 200],
    ]);
    expect(stored(bookingId)).toMatchObject({
      status: 'CONFIRMED',
      events: ['payment_intent.payment_failed', 'payment_intent.succeeded'],
    });
  });
});

test('3-D Secure: a failed authentication comes back to /completion with the reason, a completed one with Thank you! once the server verified it', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const { stripe, intent, bookingId } = await toStripePayment(page, 'stripe.three-d-secure');

  // The bank says no: Stripe sends the customer back, and /completion asks the server.
  await enterCard(page, TEST_CARDS.threeDSecure);
  await payNow(page);
  await expect(page.getByRole('heading', { name: '3D Secure 2 Test Page' })).toBeVisible(
    AFTER_PAYING,
  );
  await page.getByRole('button', { name: 'Fail authentication' }).click();
  await expect(page).toHaveURL(/\/completion\?/, AFTER_PAYING);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment not completed');
  await expect(page.getByRole('alert')).toHaveText(
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  );
  expect(stored(bookingId).status).toBe('REJECTED');
  // Nor does a "succeeded" typed into the address change that: only the server's view counts.
  const forged = new URL(page.url());
  forged.searchParams.set('redirect_status', 'succeeded');
  await page.goto(forged.href);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment not completed');

  // Back on /booking, the widget resumes the same booking's payment (its draft keeps it).
  await page.goto(`${site}/booking`);
  await expect(paymentFrame(page).getByRole('status')).toHaveText(
    `Total to pay: ${money(intent.amount)}`,
    STRIPE_LOADS,
  );

  // This time the bank says yes, and Stripe's webhook is late: /completion shows "Thank you!"
  // only because the server asked Stripe for the intent itself.
  stripe.holdWebhooks();
  await enterCard(page, TEST_CARDS.threeDSecure);
  await payNow(page);
  await expect(page.getByRole('button', { name: 'Complete authentication' })).toBeVisible(
    AFTER_PAYING,
  );
  await page.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page).toHaveURL(/\/completion\?booking=\w+&payment_intent=/, AFTER_PAYING);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you!');
  const { reference } = stored(bookingId);
  await expect(page.getByText(`Booking RefId for your reference: ${reference}`)).toBeVisible();
  expect(stored(bookingId)).toMatchObject({
    status: 'CONFIRMED',
    events: ['payment_intent.payment_failed', 'payment_intent.retrieved'],
  });
  await expectNoSeriousViolations(page, '/completion after 3-D Secure');

  // The late event changes nothing, and the customer gets one confirmation email.
  await stripe.releaseWebhooks();
  expect(stripe.deliveries.map((delivery) => [delivery.type, delivery.status])).toEqual([
    ['payment_intent.payment_failed', 200],
    ['payment_intent.succeeded', 200],
  ]);
  expect(stored(bookingId).status).toBe('CONFIRMED');
  await expect.poll(() => emailsAbout(reference), { timeout: 15_000 }).toBe(1);
});

test('a Stripe.js that says "succeeded" for a payment Stripe never took confirms nothing', async ({
  page,
}) => {
  // The widget watches the server for 45 s before it says the payment is processing.
  test.setTimeout(150_000);
  const { stripe, intent, bookingId } = await toStripePayment(page, 'stripe.forged');
  // A tampered page: the confirmation answers "succeeded", but no card was charged and no
  // event will ever come (routes added later are asked first).
  await page.route('https://api.stripe.com/v1/payment_intents/*/confirm', (route) =>
    route.fulfill({
      contentType: 'application/json',
      headers: { 'Access-Control-Allow-Origin': '*' },
      body: JSON.stringify({ id: intent.id, object: 'payment_intent', status: 'succeeded' }),
    }),
  );

  await enterCard(page, TEST_CARDS.succeeds);
  await payNow(page);
  await expect(widget(page).getByText('Payment processing.', { exact: true })).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toHaveCount(0);
  expect(intent.status).toBe('requires_payment_method');
  expect(stripe.deliveries).toEqual([]);
  expect(stored(bookingId)).toMatchObject({ status: 'DRAFT', events: [] });
});
