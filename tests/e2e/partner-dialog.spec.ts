// The widget's popup and floating modes on a partner's page under the strict partner CSP
// (tests/fixtures/partner, /popup and /floating), at a phone's size and a desktop's: a link with
// data-chauffeur-booking (with its data-pickup) opens the wizard in a modal dialog, focus moves in
// and goes back to the link when Escape closes it, the page behind does not scroll, the dialog
// fills a phone's screen; the draft survives closing and opening again, and the booking is made
// and paid in the dialog. The floating button opens the same dialog, and the page's script API
// opens and closes it. Every console error and CSP violation fails (partnerTest).
import { expect, type Page } from '@playwright/test';
import {
  choosePlace,
  dateAhead,
  expectStep,
  fillContact,
  fillWhatThePlaceAsks,
  next,
  partner,
  partnerTest,
  payWithCard,
} from './booking-helpers';
import { seriousA11yViolations } from './fixtures';

const test = partnerTest((page) =>
  page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  }),
);

const dialogOf = (page: Page) => page.getByRole('dialog', { name: 'Book a chauffeur' });

/** The page behind stays where it was: a wheel turned over it (or the dialog) scrolls nothing. */
async function expectPageLocked(page: Page) {
  const { height } = page.viewportSize()!;
  await page.mouse.move(2, height - 2);
  await page.mouse.wheel(0, 600);
  await page.waitForTimeout(300);
  expect(
    await page.evaluate(() => ({
      y: window.scrollY,
      overflow: getComputedStyle(document.documentElement).overflow,
    })),
  ).toEqual({ y: 0, overflow: 'hidden' });
}

for (const size of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  test.describe(`on a ${size.name}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('a link opens the booking in a dialog that books, closes with Escape and keeps the draft', async ({
      page,
    }) => {
      test.setTimeout(150_000);
      await page.goto(`${partner}/popup`);
      const events = page.locator('#host-events li');
      const opener = page.getByRole('link', { name: 'Book your wedding car' });
      // Nothing loads before the dialog opens.
      await expect(dialogOf(page)).toBeHidden();
      await opener.click();
      const dialog = dialogOf(page);
      await expect(dialog).toBeVisible();
      await expect(events.filter({ hasText: /^booking:ready / })).toHaveCount(1);
      await expectStep(page, 'General Details', 1);
      await expect(dialog.getByRole('button', { name: 'Close the booking form' })).toBeFocused();
      await expectPageLocked(page);
      if (size.name === 'phone') {
        const box = await dialog.boundingBox();
        expect(box).toMatchObject({ x: 0, y: 0, width: size.width, height: size.height });
      }
      // The link's data-pickup was looked up and chosen.
      await expect(dialog.getByRole('combobox', { name: /^FROM/ })).toHaveValue(
        /Brisbane Airport \(BNE\) Domestic/,
      );
      await page.getByLabel('Booking date').fill(dateAhead(12));
      expect(await seriousA11yViolations(page)).toEqual([]);

      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();
      // The browser gives focus back as the dialog closes; the page scrolls again on its close
      // event, a moment later.
      await expect
        .poll(() => page.evaluate(() => document.documentElement.style.overflow))
        .toBe('');

      // Opened again: the draft is where it was.
      await opener.press('Enter');
      await expect(dialog).toBeVisible();
      await expect(page.getByLabel('Booking date')).toHaveValue(dateAhead(12));
      await expect(events.filter({ hasText: /^booking:ready / })).toHaveCount(1);

      await fillWhatThePlaceAsks(page, /^FROM/);
      await choosePlace(page, /^TO/, 'Surfers');
      await next(page, 'Next: Vehicle Selection');
      await expectStep(page, 'Vehicle Selection', 2);
      await page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: 'Executive Sedan' }) })
        .getByRole('button', { name: 'Select Vehicle' })
        .click();
      await next(page, 'Next: Passenger Details');
      await fillContact(page.getByRole('group', { name: 'Passenger details' }), {
        firstName: 'Aroha',
        lastName: 'Ngata',
        mobile: '412345670',
        email: 'aroha.ngata@example.com',
      });
      await next(page, 'Next: Summary');
      await next(page, 'Next: Payment');
      await payWithCard(page, '4242 4242 4242 4242');
      await expect(dialog.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
      await expect(events.filter({ hasText: /^booking:completed / })).toHaveCount(1);

      await dialog.getByRole('button', { name: 'Close the booking form' }).click();
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();
    });

    test('the floating button and the script API open the same dialog', async ({ page }) => {
      test.setTimeout(90_000);
      await page.goto(`${partner}/floating`);
      const button = page.getByRole('button', { name: 'Book a chauffeur' });
      await expect(button).toBeVisible();
      // Fixed in the bottom-right corner of the screen.
      const box = (await button.boundingBox())!;
      expect(size.width - (box.x + box.width)).toBeLessThanOrEqual(24);
      expect(size.height - (box.y + box.height)).toBeLessThanOrEqual(24);

      await button.click();
      const dialog = dialogOf(page);
      await expect(dialog).toBeVisible();
      await expectStep(page, 'General Details', 1);
      await expectPageLocked(page);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(button).toBeFocused();

      await page.evaluate(() =>
        (window as unknown as WithApi).ChauffeurBooking.open({ pickup: 'South Bank' }),
      );
      await expect(dialog).toBeVisible();
      await page.evaluate(() => (window as unknown as WithApi).ChauffeurBooking.close());
      await expect(dialog).toBeHidden();
    });
  });
}

/** The page's script API, as a partner's script sees it (the loader's ChauffeurBookingApi). */
type WithApi = Window & {
  ChauffeurBooking: { open(prefill?: Record<string, string>): void; close(): void };
};
