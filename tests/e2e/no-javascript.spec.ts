// The site's shell with JavaScript off (docs/decisions/033-shell-without-javascript.md): the store
// notice, the About Us menu and the phone menu are HTML popovers and dialogs that work from the
// server's HTML alone, and a visitor reaches the forms through them. The forms themselves are
// covered in depth without JavaScript elsewhere (forms-without-javascript.spec.ts, feedback.spec.ts,
// manage-booking.spec.ts, applications.spec.ts); here each is reached through the shell and sent
// once.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { INVALID_CREDENTIALS, uniqueEmail, useOwnClientAddress } from './account-helpers';
import { seedBooking, type Seeded } from './seed-booking';

test.use({
  javaScriptEnabled: false,
  // A form answered with 4xx is a failed resource load to the browser.
  allowedConsoleErrors: [/the server responded with a status of (400|401|404|429)/],
});

/** page.goto waits for hydration, which never comes without JavaScript: the frame's goto. */
const open = (page: Page, path: string) => page.mainFrame().goto(path);
const header = (page: Page) => page.getByRole('banner');

test.beforeEach(async ({ page }) => {
  await useOwnClientAddress(page);
});

test.describe('the shell', () => {
  for (const place of ['main', 'contentinfo'] as const) {
    test(`an App Store badge in ${place} opens the store notice, which closes by Close and Escape`, async ({
      page,
    }) => {
      await open(page, '/');
      const badge = page
        .getByRole(place)
        .getByRole('button', { name: /App Store/ })
        .first();
      const dialog = page.getByRole('dialog', { name: 'Work in Progress' });
      await expect(dialog).toBeHidden();
      const closers: [string, () => Promise<void>][] = [
        ['Close button', () => dialog.getByRole('button', { name: 'Close' }).last().click()],
        ['close icon', () => dialog.getByRole('button', { name: 'Close' }).first().click()],
        ['Escape', () => page.keyboard.press('Escape')],
        ['backdrop', () => page.mouse.click(5, 5)],
      ];
      for (const [how, close] of closers) {
        await badge.click();
        await expect(dialog, `opened before closing by ${how}`).toBeVisible();
        await expect(dialog).toHaveAttribute('aria-modal', 'true');
        await expect(dialog).toHaveAccessibleDescription(
          'The App Store is currently under development and will be available soon!',
        );
        await expect(dialog.getByRole('button', { name: 'Close' }).last()).toBeFocused();
        await close();
        await expect(dialog, `closed by ${how}`).toBeHidden();
        await expect(badge, `focus back on the badge after ${how}`).toBeFocused();
      }
      // The Google Play badge opens its own notice.
      await page
        .getByRole(place)
        .getByRole('button', { name: /Google Play/ })
        .first()
        .click();
      await expect(dialog).toContainText(
        'The Google Play Store is currently under development and will be available soon!',
      );
    });
  }

  test('the About Us menu opens by mouse and keyboard and its links lead to their pages', async ({
    page,
  }) => {
    await open(page, '/');
    const button = header(page).getByRole('button', { name: 'About Us' });
    const about = header(page).getByRole('link', { name: 'About Us' });
    const faqs = header(page).getByRole('link', { name: 'FAQs' });
    await expect(about).toBeHidden();
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(about).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(about).toBeHidden();
    await expect(button).toBeFocused();
    await page.keyboard.press('Space');
    await expect(about).toBeVisible();
    // The menu's links come straight after its button in the tab order.
    await page.keyboard.press('Tab');
    await expect(about).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(faqs).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(faqs).toBeHidden();
    await expect(button).toBeFocused();

    await button.click();
    await faqs.click();
    await expect(page).toHaveURL(/\/faqs$/);
    await header(page).getByRole('button', { name: 'About Us' }).click();
    await header(page).getByRole('link', { name: 'About Us' }).click();
    await expect(page).toHaveURL(/\/about$/);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 360, height: 740 } });

    test('the name in the header stays on one line', async ({ page }) => {
      await open(page, '/');
      const lines = await header(page)
        .locator('.brand__name')
        .evaluate(
          (name) =>
            name.getBoundingClientRect().height / parseFloat(getComputedStyle(name).lineHeight),
        );
      expect(lines).toBeLessThan(1.5);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(360);
    });

    test('the Menu opens over a dimmed page, closes three ways and its links are reachable', async ({
      page,
    }) => {
      await open(page, '/');
      const menu = header(page).getByRole('button', { name: 'Menu' });
      const services = header(page).getByRole('link', { name: 'Services' });
      await expect(services).toBeHidden();

      await menu.click();
      await expect(services).toBeVisible();
      const names = await header(page)
        .getByRole('navigation', { name: 'Main' })
        .locator('a, button:not([aria-hidden])')
        .evaluateAll((elements) => elements.map((element) => element.textContent?.trim()));
      expect(names).toEqual([
        'Services',
        'About Us',
        'About Us',
        'FAQs',
        'Contact Us',
        '1300 975 707',
        'Sign in',
        'Book Now',
      ]);
      // Below the menu, the page is dimmed, and a tap there reaches the menu, not the page: the
      // hero's store badge under it does not open its notice.
      const badge = page
        .getByRole('main')
        .getByRole('button', { name: /App Store/ })
        .first();
      const box = await badge.boundingBox();
      if (!box) throw new Error('The hero has no App Store badge.');
      const under = await page.evaluate(
        ({ x, y }) => {
          const element = document.elementFromPoint(x, y);
          return {
            inMenu: Boolean(element?.closest('nav')),
            dim: getComputedStyle(document.querySelector('nav[popover]')!).backgroundColor,
          };
        },
        { x: box.x + box.width / 2, y: box.y + box.height / 2 },
      );
      expect(under.inMenu).toBe(true);
      expect(under.dim).toMatch(/^rgba\(15, 20, 25, 0\.\d+\)$/);
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await expect(services).toBeHidden();
      await expect(page.getByRole('dialog')).toBeHidden();

      await menu.click();
      await page.keyboard.press('Escape');
      await expect(services).toBeHidden();
      await expect(menu).toBeFocused();

      await menu.click();
      await menu.click();
      await expect(services).toBeHidden();

      await menu.click();
      await header(page).getByRole('button', { name: 'About Us' }).click();
      await header(page).getByRole('link', { name: 'FAQs' }).click();
      await expect(page).toHaveURL(/\/faqs$/);
      await header(page).getByRole('button', { name: 'Menu' }).click();
      await header(page).getByRole('link', { name: 'Contact Us' }).click();
      await expect(page).toHaveURL(/\/contact$/);
    });
  });
});

test.describe('the forms, reached through the shell', () => {
  test('sign-in with a wrong password says so', async ({ page }) => {
    await open(page, '/');
    await header(page).getByRole('link', { name: 'Sign in' }).click();
    const main = page.getByRole('main');
    await main.getByLabel('Email').fill(uniqueEmail('nojs-shell'));
    await main.getByLabel('Password', { exact: true }).fill('Not#TheRight1');
    await main.getByRole('button', { name: 'Sign in' }).click();
    await expect(main.getByRole('alert')).toHaveText(INVALID_CREDENTIALS);
  });

  test('the contact form sent empty shows its field messages', async ({ page }) => {
    await open(page, '/');
    await header(page).getByRole('link', { name: 'Contact Us' }).click();
    const form = page.getByRole('form', { name: 'Feedback & Complaints' });
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByText('Firstname is required.')).toBeVisible();
    await expect(form.getByText('Message is required.')).toBeVisible();
  });

  test.describe('manage booking', () => {
    const email = uniqueEmail('nojs-shell-manage');
    let seeded: Seeded;
    test.beforeAll(async ({ request }) => {
      seeded = await seedBooking(request, email);
    });

    test('finds a booking from the home page', async ({ page }) => {
      await open(page, '/');
      await page.getByRole('main').getByRole('link', { name: 'Manage Booking' }).click();
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Booking number').fill(seeded.reference);
      await page.getByRole('button', { name: 'Get Booking' }).click();
      await expect(
        page.getByRole('heading', { name: `Booking ${seeded.reference}` }),
      ).toBeVisible();
    });
  });
});
