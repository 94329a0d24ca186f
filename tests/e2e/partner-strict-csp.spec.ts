// The booking widget on a partner's page that sends a strict Content-Security-Policy allowing only
// our origin (tests/fixtures/partner, /strict): no 'unsafe-inline' for styles or scripts, API calls
// and images only to our origin. The widget must look right there (its styles are constructable
// stylesheets, which CSP does not block, not <style> elements) and complete a booking without a
// single CSP violation. The partner page has no React, so this uses Playwright's plain page with
// the same guards as fixtures.ts: every console error and every securitypolicyviolation fails.
import { expect } from '@playwright/test';
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

declare global {
  interface Window {
    cspViolations?: string[];
  }
}

// Playwright's init script is not subject to the page's CSP. A violation is not always a console
// error, so each one is recorded and reported to the console here.
const test = partnerTest((page) =>
  page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      const line = `CSP violation: ${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`;
      window.cspViolations?.push(line);
      console.error(line);
    });
  }),
);

test('the widget is styled and books on a partner page with a strict CSP', async ({ page }) => {
  test.setTimeout(90_000);
  const response = await page.goto(`${partner}/strict`);
  // The fixture's policy really is strict: only the page and our origin, nothing inline.
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy).toMatch(/(^|; )style-src 'self' http:\/\/127\.0\.0\.1:\d+(;|$)/);
  expect(policy).toMatch(/(^|; )script-src 'self' http:\/\/127\.0\.0\.1:\d+(;|$)/);
  expect(policy).toMatch(/(^|; )connect-src http:\/\/127\.0\.0\.1:\d+(;|$)/);
  expect(policy).not.toContain('unsafe-');

  const events = page.locator('#host-events li');
  await expect(events.filter({ hasText: /^booking:ready / })).toHaveCount(1);
  await expectStep(page, 'General Details', 1);

  // Styled by the widget's own sheets: the Next button takes the partner's accent through the
  // widget CSS, the screen-reader-only status is clipped, and no <style> element was needed.
  const nextButton = page.getByRole('button', { name: 'Next: Vehicle Selection' });
  await expect(nextButton).toHaveCSS('background-color', 'rgb(31, 78, 121)');
  await expect(nextButton).toHaveCSS('border-radius', '12px');
  await expect(widget(page).locator('.cb-footer .cb-visually-hidden')).toHaveCSS('width', '1px');
  const sheets = () =>
    widget(page).evaluate((element) => ({
      adopted: element.shadowRoot?.adoptedStyleSheets.length ?? 0,
      styleElements: element.shadowRoot?.querySelectorAll('style').length ?? -1,
    }));
  expect(await sheets()).toEqual({ adopted: 1, styleElements: 0 });

  await expect(page.getByRole('combobox', { name: /^FROM/ })).toHaveValue(
    /Brisbane Airport \(BNE\) Domestic/,
  );
  // A terminal: its flight number.
  await fillWhatThePlaceAsks(page, /^FROM/);
  await choosePlace(page, /^TO/, 'Surfers');
  await page.getByLabel('Booking date').fill(dateAhead(12));
  await next(page, 'Next: Vehicle Selection');
  await expectStep(page, 'Vehicle Selection', 2);
  await expect(events.filter({ hasText: /^booking:quote / })).toHaveCount(1);

  // The later steps' sheet arrived with their chunk: vehicle cards are bordered flex columns, and
  // their pictures (from our origin, allowed by img-src) load.
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Executive Sedan' }) });
  await expect(card).toHaveCSS('display', 'flex');
  await expect(card).toHaveCSS('border-top-style', 'solid');
  const picture = card.locator('img');
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await card.getByRole('button', { name: 'Select Vehicle' }).click();

  await next(page, 'Next: Passenger Details');
  await expectStep(page, 'Passenger Details', 3);
  await fillContact(page.getByRole('group', { name: 'Passenger details' }), {
    firstName: 'Aroha',
    lastName: 'Ngata',
    mobile: '412345670',
    email: 'aroha.ngata@example.com',
  });
  await next(page, 'Next: Summary');
  await expectStep(page, 'Summary', 4);
  await next(page, 'Next: Payment');

  // The payment step's sheet: the test-mode badge is a pill.
  await expect(widget(page).locator('.cb-test-mode')).toHaveCSS('border-radius', '999px');
  await expect(widget(page).locator('.cb-amount')).toHaveCSS('display', 'flex');
  // The base sheet, the later steps', the fare lines' and the payment step's.
  expect(await sheets()).toEqual({ adopted: 4, styleElements: 0 });
  await payWithCard(page, '4242 4242 4242 4242');

  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(widget(page).locator('.cb-success')).toHaveCSS('border-top-style', 'solid');
  const completed = events.filter({ hasText: /^booking:completed / });
  await expect(completed).toHaveCount(1);
  expect(await page.evaluate(() => window.cspViolations)).toEqual([]);
});

test('the strict page blocks what the widget must not rely on: a <style> element', async ({
  page,
  consoleErrors,
}) => {
  // The control for the test above: this is how the widget styled its shadow root before, and
  // this page's policy refuses it, so a return to <style> elements would fail that test.
  await page.goto(`${partner}/strict`);
  await expectStep(page, 'General Details', 1);
  await page.evaluate(() => {
    const element = document.createElement('div');
    const style = document.createElement('style');
    style.textContent = 'p { color: rgb(255, 0, 0); }';
    element.attachShadow({ mode: 'open' }).append(style, document.createElement('p'));
    document.body.append(element);
  });
  await expect
    .poll(() => page.evaluate(() => window.cspViolations))
    .toEqual([expect.stringMatching(/^CSP violation: style-src-elem inline/)]);
  // Chromium's own console line for it (its wording has changed between versions).
  const refused = /(Applying|Refused to apply) inline style/;
  await expect.poll(() => consoleErrors.filter((text) => refused.test(text)).length).toBe(1);
  // Expected here, so not a failure of this test.
  const expected = (text: string) => refused.test(text) || /^CSP violation: style-src/.test(text);
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((t) => !expected(t)));
});
