// /booking in a browser that runs no JavaScript: the wizard cannot start, so the page says why and
// how to book instead (the phone and email of site settings, as links), never a blank page.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

test.use({ javaScriptEnabled: false });

/** page.goto waits for hydration, which never comes without JavaScript: the frame's goto. */
const open = (page: Page, path: string) => page.mainFrame().goto(path);

test('/booking without JavaScript gives the phone and email to book by', async ({ page }) => {
  const response = await open(page, '/booking');
  expect(response?.status()).toBe(200);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('Book your chauffeur');
  await expect(main.getByText(/^Online booking needs JavaScript/)).toHaveText(
    'Online booking needs JavaScript, which is turned off in this browser. To book, call us on 1300 975 707 or email bookings@businesschauffeur.example.',
  );
  await expect(main.getByRole('link', { name: '1300 975 707' })).toHaveAttribute(
    'href',
    'tel:1300975707',
  );
  await expect(
    main.getByRole('link', { name: 'bookings@businesschauffeur.example' }),
  ).toHaveAttribute('href', 'mailto:bookings@businesschauffeur.example');
});

test.describe('with JavaScript', () => {
  test.use({ javaScriptEnabled: true });

  test('/booking shows the wizard and not the message', async ({ page }) => {
    await page.goto('/booking');
    await expect(page.locator('chauffeur-booking')).toBeVisible();
    await expect(page.getByText(/^Online booking needs JavaScript/)).toBeHidden();
  });
});
