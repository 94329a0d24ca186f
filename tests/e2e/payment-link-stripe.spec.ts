// A payment link's page in Stripe mode, on a production server of its own (its API on the local
// stub of tests/support/stripe-stub.ts) with Stripe's browser side answered by stripe-browser.ts, as
// for the widget: the page mounts the Payment Element for the link's payment, the customer agrees
// to the policies and pays, and the booking is confirmed once, as the signed webhook or the
// server's own read of the payment decides. Without JavaScript the page says how to pay by phone.
//
// The link is written into the booking as the store keeps it (only its SHA-256 is stored), for a
// booking made through the booking API: the staff form that sends links has its own browser test
// (payment-link.spec.ts), and this file is about what the customer's browser does with one.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { APIRequestContext } from '@playwright/test';
import { startStripeStub, stripeModeEnv, type StripeStub } from '../support/stripe-stub';
import { expect, test } from './fixtures';
import { startServerProcess, type ServerProcess } from './server-process';
import { FRAME_TITLE, routeStripe, TEST_CARDS } from './stripe-browser';
import { ordinaryDayAhead } from '../support/ordinary-days';

const PUBLISHABLE_KEY = 'pk_test_link_stripe';
const WEBHOOK_SECRET = 'whsec_link_stripe_browser';

test.describe.configure({ mode: 'default' });

let stub: StripeStub;
let dataDir = '';
let site = '';
let server: ServerProcess | undefined;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  stub = await startStripeStub();
  dataDir = mkdtempSync(path.join(tmpdir(), 'bc-link-stripe-'));
  server = await startServerProcess(dataDir, {
    ...stripeModeEnv(stub, { key: 'link_stripe', webhookSecret: WEBHOOK_SECRET }),
    RECONCILE_ON_START: 'false',
  });
  site = server.site;
});

test.afterAll(async () => {
  await server?.stop();
  await stub?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function withStore<T>(use: (db: DatabaseSync) => T): T {
  const db = new DatabaseSync(path.join(dataDir, 'store.sqlite'));
  // The server writes beside this connection: wait for its commits instead of failing.
  db.exec('PRAGMA busy_timeout = 5000');
  try {
    return use(db);
  } finally {
    db.close();
  }
}

/** A booking made as the widget makes it, unpaid, with a payment link; its link's address. */
async function bookingWithLink(request: APIRequestContext): Promise<{ id: string; token: string }> {
  const headers = { 'X-Forwarded-For': '198.51.100.251' };
  const place = async (q: string) => {
    const response = await request.get(`${site}/api/places?q=${encodeURIComponent(q)}`, {
      headers,
    });
    return ((await response.json()) as { suggestions: { placeId: string }[] }).suggestions[0]!;
  };
  const date = ordinaryDayAhead(4);
  const quote = await request.post(`${site}/api/quotes`, {
    headers,
    data: {
      pickup: await place('Brisbane Airport Domestic'),
      flightNumber: 'QF 512',
      drop: { ...(await place('Noosa')), details: '12 Hastings Street' },
      stops: [],
      date,
      time: '10:00',
      passengers: 2,
      byTheHour: false,
      hours: 0,
      notes: '',
    },
  });
  expect(quote.status()).toBe(200);
  const quoted = (await quote.json()) as {
    quoteToken: string;
    vehicles: { id: string; canCarry: boolean; fare: number | null }[];
  };
  const booked = await request.post(`${site}/api/bookings`, {
    headers,
    data: {
      quoteToken: quoted.quoteToken,
      vehicleId: quoted.vehicles.find((card) => card.canCarry && card.fare !== null)?.id,
      passenger: {
        firstName: 'Aroha',
        lastName: 'Ngata',
        email: `link-stripe+${Date.now().toString(36)}@example.com`,
        countryCode: '+61',
        mobileNumber: '0400111222',
      },
      onBehalf: false,
    },
  });
  expect(booked.status()).toBe(201);
  const { bookingId } = (await booked.json()) as { bookingId: string };
  const secret = randomBytes(32).toString('base64url');
  const now = new Date();
  const link = {
    id: randomBytes(9).toString('base64url'),
    purpose: 'booking',
    tokenHash: createHash('sha256').update(secret).digest('hex'),
    amountCents: 0,
    createdAt: now.toISOString(),
    createdBy: 'phones@businesschauffeur.example',
    expiresAt: new Date(now.getTime() + 48 * 3600_000).toISOString(),
    replacedAt: null,
    intentId: null,
    paidAt: null,
  };
  withStore((db) => {
    const row = db.prepare('SELECT document FROM bookings WHERE id = ?').get(bookingId) as {
      document: string;
    };
    // The stored document's layout: app/store/stored-booking.server.ts.
    const document = JSON.parse(row.document) as { quote: { fareCents: number } };
    link.amountCents = document.quote.fareCents;
    db.prepare(
      "UPDATE bookings SET document = json_set(document, '$.paymentLinks', json(?)) WHERE id = ?",
    ).run(JSON.stringify([link]), bookingId);
  });
  return { id: bookingId, token: `${bookingId}.${secret}` };
}

/** The booking's status and its successful payments, as the server stored them. */
function stored(bookingId: string) {
  return withStore((db) => {
    const row = db.prepare('SELECT status, document FROM bookings WHERE id = ?').get(bookingId) as {
      status: string;
      document: string;
    };
    const document = JSON.parse(row.document) as {
      paymentAttempts?: { outcome: string }[];
      paymentLinks?: { paidAt: string | null }[];
    };
    return {
      status: row.status,
      succeeded: (document.paymentAttempts ?? []).filter((a) => a.outcome === 'succeeded').length,
    };
  });
}

test("a phone booking's link is paid with Stripe's Payment Element and confirms the booking once", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const stripe = await routeStripe(page, {
    stub,
    publishableKey: PUBLISHABLE_KEY,
    webhookUrl: `${site}/api/webhooks/stripe`,
    webhookSecret: WEBHOOK_SECRET,
  });
  const { id, token } = await bookingWithLink(request);
  await page.goto(`${site}/pay/${token}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pay for your booking');
  const frame = page.getByTitle(FRAME_TITLE).contentFrame();
  await expect(frame.getByLabel('Card number')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('needs JavaScript')).toBeHidden();
  await frame.getByLabel('Card number').fill(TEST_CARDS.succeeds);
  await frame.getByLabel('Expiration date').fill('12 / 34');
  await frame.getByLabel('Security code').fill('123');
  const pay = page.getByRole('button', { name: /^Pay \$/ });
  // Unticked, the policies are asked for first and nothing is charged.
  await pay.click();
  await expect(page.getByRole('alert')).toContainText('agree');
  expect(stored(id).succeeded).toBe(0);
  await page.getByRole('checkbox', { name: /I agree to the/ }).check();
  await pay.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Thank you: your payment is received',
    { timeout: 30_000 },
  );
  await expect(page.getByRole('status')).toContainText('is paid');
  expect(stored(id)).toEqual({ status: 'CONFIRMED', succeeded: 1 });
  expect(stripe.deliveries.map((delivery) => [delivery.type, delivery.status])).toEqual([
    ['payment_intent.succeeded', 200],
  ]);
});

// A customer scrolls down to the Pay button: on a phone the thank-you page must not leave them
// looking at the footer, and on a wide screen the footer must not jump up into view.
for (const [screen, viewport] of [
  ['a phone', { width: 360, height: 740 }],
  ['a wide screen', { width: 1280, height: 720 }],
] as const) {
  test(`on ${screen}, the thank-you page follows the payment at its top, and nothing jumps under the customer`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await routeStripe(page, {
      stub,
      publishableKey: PUBLISHABLE_KEY,
      webhookUrl: `${site}/api/webhooks/stripe`,
      webhookSecret: WEBHOOK_SECRET,
    });
    // Each page view's layout shifts that no tap or key caused (what Web Vitals counts as CLS),
    // kept in the tab's session storage so that they outlive the page that had them.
    await page.addInitScript(() => {
      if (window !== window.top) return;
      const key = `unexpected-shift ${location.pathname} ${performance.timeOrigin}`;
      let total = 0;
      sessionStorage.setItem(key, '0');
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
        })[]) {
          if (!entry.hadRecentInput) total += entry.value;
        }
        sessionStorage.setItem(key, String(total));
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.setViewportSize(viewport);
    const { token } = await bookingWithLink(request);
    await page.goto(`${site}/pay/${token}`);
    const frame = page.getByTitle(FRAME_TITLE).contentFrame();
    await expect(frame.getByLabel('Card number')).toBeVisible({ timeout: 20_000 });
    await frame.getByLabel('Card number').fill(TEST_CARDS.succeeds);
    await frame.getByLabel('Expiration date').fill('12 / 34');
    await frame.getByLabel('Security code').fill('123');
    await page.getByRole('checkbox', { name: /I agree to the/ }).check();
    await page.getByRole('button', { name: /^Pay \$/ }).click();

    const thanks = page.getByRole('heading', { level: 1 });
    await expect(thanks).toHaveText('Thank you: your payment is received', { timeout: 30_000 });
    await expect(thanks).toBeInViewport();
    await expect(page).toHaveTitle(/^Thank you: your payment is received/);
    await expect(page).toHaveURL(`${site}/pay/${token}`);
    // A frame for any shift still to be reported.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))),
    );
    const shifts = await page.evaluate(() =>
      Object.entries(sessionStorage)
        .filter(([key]) => key.startsWith('unexpected-shift '))
        .map(([, value]) => Number(value)),
    );
    // Google's "good" layout shift is 0.1 or less, on every page view: the page that took the
    // card, and the one that thanks for it.
    for (const shift of shifts) expect(shift).toBeLessThanOrEqual(0.1);
    expect(shifts).toHaveLength(2);
  });
}

test('without JavaScript the page says plainly how to pay by phone', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    const { token } = await bookingWithLink(request);
    await page.goto(`${site}/pay/${token}`);
    await expect(page.getByText('Paying by card on this page needs JavaScript')).toBeVisible();
    await expect(page.getByRole('link', { name: /^Call / })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Pay \$/ })).toBeHidden();
  } finally {
    await context.close();
  }
});
