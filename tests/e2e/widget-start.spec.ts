// On the site's own pages the wizard's step 1 is usable as soon as it is drawn, and what step 1
// can do without (the API client's code with Zod, the booking horizon, the signed-in customer's
// details, the next steps' code) is fetched when the customer first turns to the wizard: a touch,
// a key or focus inside it. A page with the wizard on it thus finishes loading without running
// that code (docs/decisions/073). Places the element names are still looked up at once.
import { latestBookingDate } from '@business-chauffeur/booking-contract';
import type { Page } from '@playwright/test';
import { expectStep, widget } from './booking-helpers';
import { expect, test } from './fixtures';

/** What the wizard asks for after its first drawing: the config, the profile and the client. */
const LATER =
  /\/api\/widget-config|\/api\/me\b|\/widget\/chunks\/(client|booking-schemas|later-steps)-/;

function watchRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (LATER.test(request.url())) seen.push(new URL(request.url()).pathname);
  });
  return seen;
}

test('step 1 is usable before the client is fetched; a click in the form brings the horizon', async ({
  page,
}) => {
  const later = watchRequests(page);
  await page.goto('/booking');
  await expectStep(page, 'General Details', 1);
  await expect(page.getByLabel('Passengers')).toBeEditable();
  await page.waitForLoadState('networkidle');
  expect(later).toEqual([]);
  await expect(page.getByLabel('Booking date')).not.toHaveAttribute('max', /./);

  await page.getByLabel('Passengers').click();
  await expect(page.getByLabel('Booking date')).toHaveAttribute('max', latestBookingDate(12));
  expect(later).toEqual(expect.arrayContaining(['/api/widget-config', '/api/me']));
  expect(later.some((path) => /\/chunks\/later-steps-/.test(path))).toBe(true);
});

test('a keyboard user tabbing into the form brings the horizon too', async ({ page }) => {
  const later = watchRequests(page);
  await page.goto('/booking');
  await expectStep(page, 'General Details', 1);
  await page.waitForLoadState('networkidle');
  expect(later).toEqual([]);
  // Tab from the top of the page until focus is inside the wizard.
  await page.locator('body').focus();
  await expect
    .poll(
      async () => {
        await page.keyboard.press('Tab');
        return widget(page).evaluate((host) => host.shadowRoot?.activeElement != null);
      },
      { timeout: 20_000, intervals: [0] },
    )
    .toBe(true);
  await expect(page.getByLabel('Booking date')).toHaveAttribute('max', latestBookingDate(12));
});

test('a pickup the page names is looked up at once, with the horizon', async ({ page }) => {
  await page.goto('/booking?pickup=Brisbane%20Airport');
  await expect(widget(page).getByRole('combobox', { name: /^FROM/ })).toHaveValue(
    /Brisbane Airport/,
  );
  await expect(page.getByLabel('Booking date')).toHaveAttribute('max', latestBookingDate(12));
});
