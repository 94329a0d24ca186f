// The booking widget on a partner's page served from a second origin (tests/fixtures/partner,
// allowed by PARTNER_ORIGINS): the whole journey through the site's API across origins, the host
// page receiving the widget's events, the partner's theme applied, and no CSS crossing the shadow
// boundary either way. The partner page has no React, so it uses Playwright's plain page (with
// the same console-error guard as fixtures.ts).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test as baseTest, expect, type Page } from '@playwright/test';
import {
  choosePlace,
  fillWhatThePlaceAsks,
  dateAhead,
  expectStep,
  fillContact,
  next,
  partner,
  partnerTest,
  payWithCard,
  widget,
} from './booking-helpers';
import { seriousA11yViolations } from './fixtures';

const test = partnerTest();

test('a guest books on a partner site and the partner page receives booking:completed', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto(partner);
  const events = page.locator('#host-events li');
  await expect(events.filter({ hasText: /^booking:ready / })).toHaveCount(1);
  await expectStep(page, 'General Details', 1);

  // The pickup attribute was looked up and chosen.
  await expect(page.getByRole('combobox', { name: /^FROM/ })).toHaveValue(
    /Brisbane Airport \(BNE\) Domestic/,
  );
  // A terminal: its flight number.
  await fillWhatThePlaceAsks(page, /^FROM/);
  await choosePlace(page, /^TO/, 'Surfers');
  await page.getByRole('switch', { name: 'Add a stop?' }).check();
  await choosePlace(page, 'Stop 1', 'South Bank', /South Bank Parklands/);
  await page.getByRole('switch', { name: 'Add stop 2?' }).check();
  await choosePlace(page, 'Stop 2', 'Portside');
  await page.getByLabel('Booking date').fill(dateAhead(14));
  await page.getByRole('switch', { name: 'By the Hour' }).check();
  await page.getByRole('button', { name: 'Increase hours by 1' }).click();
  expect(await seriousA11yViolations(page)).toEqual([]);

  await next(page, 'Next: Vehicle Selection');
  await expectStep(page, 'Vehicle Selection', 2);
  await expect(events.filter({ hasText: /^booking:quote / })).toHaveCount(1);
  await expect(
    events.filter({ hasText: /^booking:step \{"index":1,"name":"Vehicle Selection"\}$/ }),
  ).toHaveCount(1);
  // Vehicle pictures come from the site, not from the partner's origin.
  const picture = widget(page).locator('.cb-vehicle img').first();
  await expect(picture).toHaveAttribute('src', /^http:\/\/127\.0\.0\.1:\d+\/content\/images\//);
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  const sedan = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Executive Sedan' }) });
  await sedan.getByRole('button', { name: 'Select Vehicle' }).click();
  expect(await seriousA11yViolations(page)).toEqual([]);

  await next(page, 'Next: Passenger Details');
  await fillContact(page.getByRole('group', { name: 'Passenger details' }), {
    firstName: 'Hana',
    lastName: 'Kobayashi',
    mobile: '423456789',
    email: 'hana.kobayashi@example.com',
  });
  await page.getByRole('switch', { name: 'Booking on behalf of someone else?' }).check();
  await fillContact(page.getByRole('group', { name: 'Your details (person booking)' }), {
    firstName: 'Tom',
    lastName: 'Reid',
    mobile: '434567890',
    email: 'concierge@riverside-grand.example',
  });
  expect(await seriousA11yViolations(page)).toEqual([]);

  await next(page, 'Next: Summary');
  await expectStep(page, 'Summary', 4);
  await expect(page.getByText('Booked for 1 hour')).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);

  await next(page, 'Next: Payment');
  await payWithCard(page, '4000 0000 0000 0002');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Your card was declined.' }),
  ).toBeVisible();
  await expect(events.filter({ hasText: /^booking:error / })).toHaveCount(1);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await payWithCard(page, '4242 4242 4242 4242');

  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  const text = (await page.getByText(/Booking RefId for your reference: /).textContent()) ?? '';
  const reference = text.split(': ').at(-1) ?? '';
  expect(reference).toMatch(/^[A-Z0-9]{8,12}$/);
  const completed = events.filter({ hasText: /^booking:completed / });
  await expect(completed).toHaveCount(1);
  const detail = JSON.parse(
    ((await completed.textContent()) ?? '').replace('booking:completed ', ''),
  ) as {
    bookingReferenceId: string;
    currency: string;
    totalCents: number;
    amount: number;
  };
  expect(detail.bookingReferenceId).toBe(reference);
  expect(detail.currency).toBe('AUD');
  expect(Number.isInteger(detail.totalCents)).toBe(true);
  expect(detail.totalCents).toBeGreaterThan(0);
  // The dollars of the previous release, kept one release for the pages that read them.
  expect(detail.amount * 100).toBeCloseTo(detail.totalCents, 6);
  expect(await seriousA11yViolations(page)).toEqual([]);
});

test('the partner theme applies, and no CSS crosses the shadow boundary', async ({ page }) => {
  await page.goto(partner);
  await expectStep(page, 'General Details', 1);
  const nextButton = page.getByRole('button', { name: 'Next: Vehicle Selection' });
  // --cb-accent and --cb-radius from the host page.
  await expect(nextButton).toHaveCSS('background-color', 'rgb(31, 78, 121)');
  await expect(nextButton).toHaveCSS('color', 'rgb(255, 255, 255)');
  await expect(nextButton).toHaveCSS('border-radius', '12px');
  // The host's rules for button and input (with !important) stay outside.
  await expect(page.getByRole('button', { name: 'Clear Form' })).not.toHaveCSS(
    'background-color',
    'rgb(255, 0, 255)',
  );
  await expect(page.getByLabel('Booking date')).not.toHaveCSS('border-top-style', 'dashed');
  // And the widget's classes do not style the host's own button of the same class.
  await expect(page.getByRole('button', { name: 'Call reception' })).toHaveCSS(
    'background-color',
    'rgb(255, 0, 255)',
  );
  await expect(page.getByRole('button', { name: 'Call reception' })).toHaveCSS(
    'border-radius',
    '0px',
  );
});

test('the API refuses an origin that is not a partner', async ({ request }) => {
  const response = await request.get('/api/places?q=Brisbane', {
    headers: { Origin: 'http://evil.example' },
  });
  expect(response.status()).toBe(403);
  // The refusal alone is readable by any page (so the widget can say why), without credentials.
  expect(response.headers()['access-control-allow-origin']).toBe('*');
  expect(response.headers()['access-control-allow-credentials']).toBeUndefined();
  expect(await response.json()).toEqual({
    error: {
      code: 'origin_not_allowed',
      message: 'This site may not call the booking API.',
      supportPhone: '1300 975 707',
    },
  });
  const allowed = await request.get('/api/places?q=Brisbane', { headers: { Origin: partner } });
  expect(allowed.status()).toBe(200);
  expect(allowed.headers()['access-control-allow-origin']).toBe(partner);
});

// A page on an origin that is not a partner's (the partner forgot to ask, moved, or was switched
// off): the customer sees only the way out (book on the site, a button; or call, a tel: link), the
// page gets booking:error origin_not_allowed and never booking:ready, the API is asked once, and
// the page's developer gets one console warning naming the origin to add. The browser logs the
// refused request as an error, so this page is not under the partner pages' console-error guard.
baseTest(
  'a page whose origin is not a partner says where to book instead',
  async ({ page, baseURL }) => {
    const site = new URL(baseURL!).origin;
    // A page served from another loopback port (a browser lets no public page load from loopback).
    const host = createServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      response.end(`<!doctype html><html lang="en-AU"><head><title>Hotel</title></head><body>
      <main><h1>Airport transfers</h1>
      <chauffeur-booking pickup="Brisbane Airport (BNE) Domestic"></chauffeur-booking></main>
      <script>window.widgetEvents = [];
      for (const type of ['booking:ready', 'booking:error']) {
        document.addEventListener(type, (event) => window.widgetEvents.push([type, event.detail.code ?? null]));
      }</script>
      <script type="module" src="${site}/widget/chauffeur-booking.js"></script></body></html>`);
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    const stranger = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
    try {
      await refusedPage(page, site, stranger);
    } finally {
      host.closeAllConnections();
      await new Promise((resolve) => host.close(resolve));
    }
  },
);

async function refusedPage(page: Page, site: string, stranger: string) {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(`${site}/api/`)) apiCalls.push(request.url());
  });
  await page.goto(`${stranger}/`);
  const notice = widget(page).getByRole('alert');
  await expect(notice).toHaveText(
    `Online booking is not enabled on this website. Book at ${site} or call 1300 975 707.`,
  );
  await expect(notice.getByRole('link', { name: '1300 975 707' })).toHaveAttribute(
    'href',
    'tel:1300975707',
  );
  const bookOnSite = widget(page).getByRole('link', { name: 'Book on our website' });
  await expect(bookOnSite).toHaveAttribute('href', `${site}/booking`);
  // Styled as a button: the accent colour, a thumb's height, no underline.
  const look = await bookOnSite.evaluate((link) => {
    const style = getComputedStyle(link);
    return {
      background: style.backgroundColor,
      underline: style.textDecorationLine,
      height: link.getBoundingClientRect().height,
    };
  });
  expect(look).toMatchObject({ background: 'rgb(176, 141, 87)', underline: 'none' });
  expect(look.height).toBeGreaterThanOrEqual(44);
  // The message alone: no form to fill in that could never be sent.
  await expect(widget(page).getByRole('combobox')).toHaveCount(0);
  await expect(widget(page).getByRole('textbox')).toHaveCount(0);
  await expect(widget(page).getByRole('button')).toHaveCount(0);
  await expect
    .poll(() =>
      page.evaluate(() => (window as unknown as { widgetEvents: unknown[] }).widgetEvents),
    )
    .toEqual([['booking:error', 'origin_not_allowed']]);
  expect(await seriousA11yViolations(page)).toEqual([]);
  // Nothing more is asked of the API, however long the page stays open.
  await page.waitForTimeout(1500);
  expect(apiCalls).toEqual([`${site}/api/widget-config`]);
  expect(warnings.filter((text) => text.includes('PARTNER_ORIGINS'))).toEqual([
    `Business Chauffeur booking widget: the booking API refused this page's origin. Add ${stranger} to PARTNER_ORIGINS to enable online booking here.`,
  ]);
}
