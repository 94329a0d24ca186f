// Account forms under attack, in the browser: the rate limits on sign-in (per account, per client
// address, and a browser the account trusts let through: docs/decisions/045-device-cookies-against-
// lock-out.md) and on reset requests, and forms posted from another site.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  INVALID_CREDENTIALS,
  NEW_PASSWORD,
  newPerson,
  PASSWORD,
  postForm,
  RESET_SENT,
  resetLinkFor,
  signIn,
  signUp,
  uniqueClientAddress,
  uniqueEmail,
  useOwnClientAddress,
} from './account-helpers';

// An answer with a 4xx status (wrong password, 429 too many) is what the browser reports as a
// failed resource load.
test.use({ allowedConsoleErrors: [/the server responded with a status of (400|401|429)/] });

test.beforeEach(async ({ page }) => {
  await useOwnClientAddress(page);
});

const header = (page: Page) => page.getByRole('banner');

/** `times` wrong passwords for `email`, each from another address, as the page's cookies allow. */
async function guessFromElsewhere(page: Page, baseURL: string, email: string, times: number) {
  for (let attempt = 1; attempt <= times; attempt += 1) {
    const response = await postForm(
      page,
      '/signin?resetFlag=false',
      { intent: 'signin', email, password: `Wrong#${attempt}a` },
      uniqueClientAddress(),
      baseURL,
    );
    expect(response.status()).toBe(401);
  }
}

test.describe('rate limits', () => {
  const TOO_MANY_SIGN_INS =
    'Too many unsuccessful sign-in attempts. Please wait 15 minutes and try again, or reset your password.';
  const TOO_MANY_RESETS = 'Too many password reset requests. Please wait 15 minutes and try again.';

  test('10 failed sign-ins per account lock out new browsers, not the one that signed in before', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const person = newPerson('limit-account');
    await signUp(page, person);
    await header(page).getByRole('button', { name: 'Sign out' }).click();
    // The owner's browser, kept aside; this page is now a browser that never signed in here.
    const ownersCookies = await page.context().cookies();
    await page.context().clearCookies();
    // Nine failures from nine other addresses, so only the per-account count can stop the tenth.
    await guessFromElsewhere(page, baseURL!, person.email, 9);
    await signIn(page, person.email, 'Wrong#10a');
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(INVALID_CREDENTIALS);
    // A browser the account does not know gets "too many attempts", even with the right password.
    await signIn(page, person.email, PASSWORD);
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(TOO_MANY_SIGN_INS);
    await expect(page).toHaveURL(/\/signin/);

    // The owner's browser signs in all the same.
    await page.context().addCookies(ownersCookies);
    await signIn(page, person.email, PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await expect(header(page).getByRole('button', { name: 'Sign out' })).toBeVisible();
  });

  test('a browser locked out signs in after setting a new password through the reset link', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const person = newPerson('limit-reset-link');
    await signUp(page, person);
    await header(page).getByRole('button', { name: 'Sign out' }).click();
    await page.context().clearCookies();
    await guessFromElsewhere(page, baseURL!, person.email, 10);
    await signIn(page, person.email, PASSWORD);
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(TOO_MANY_SIGN_INS);

    // As the message says: reset the password.
    await page.getByRole('main').getByRole('link', { name: 'Forgot Password?' }).click();
    await page.getByRole('main').getByLabel('Email').fill(person.email);
    await page.getByRole('main').getByRole('button', { name: 'Reset' }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(RESET_SENT);
    const link = await resetLinkFor(person.email);
    await page.goto(`${link.pathname}${link.search}`);
    const main = page.getByRole('main');
    await main.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await main.getByLabel('Confirm Password', { exact: true }).fill(NEW_PASSWORD);
    await main.getByRole('button', { name: 'Save new password' }).click();
    await expect(page).toHaveURL(/\/signin\?resetFlag=false$/);

    await signIn(page, person.email, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await expect(header(page).getByRole('button', { name: 'Sign out' })).toBeVisible();
  });

  test('10 failed sign-ins per client address, then "too many attempts" for any account', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const address = await useOwnClientAddress(page);
    for (let attempt = 1; attempt <= 9; attempt += 1) {
      const response = await postForm(
        page,
        '/signin?resetFlag=false',
        { intent: 'signin', email: uniqueEmail('limit-address'), password: PASSWORD },
        address,
        baseURL!,
      );
      expect(response.status()).toBe(401);
    }
    await signIn(page, uniqueEmail('limit-address'), PASSWORD);
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(INVALID_CREDENTIALS);
    await signIn(page, uniqueEmail('limit-address'), PASSWORD);
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(TOO_MANY_SIGN_INS);
  });

  test('10 reset requests per address and per account, then "too many"', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const address = await useOwnClientAddress(page);
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const response = await postForm(
        page,
        '/signin?resetFlag=true',
        { intent: 'reset', email: uniqueEmail('limit-reset') },
        address,
        baseURL!,
      );
      expect(response.status()).toBe(302);
    }
    await page.goto('/signin?resetFlag=true');
    await page.getByRole('main').getByLabel('Email').fill(uniqueEmail('limit-reset'));
    await page.getByRole('main').getByRole('button', { name: 'Reset' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(TOO_MANY_RESETS);

    // One address asked for from ten places: the eleventh request is refused too.
    const target = uniqueEmail('limit-reset-account');
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const response = await postForm(
        page,
        '/signin?resetFlag=true',
        { intent: 'reset', email: target },
        uniqueClientAddress(),
        baseURL!,
      );
      expect(response.status()).toBe(302);
    }
    await useOwnClientAddress(page);
    await page.goto('/signin?resetFlag=true');
    await page.getByRole('main').getByLabel('Email').fill(target);
    await page.getByRole('main').getByRole('button', { name: 'Reset' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(TOO_MANY_RESETS);
  });
});

test.describe('cross-site posts', () => {
  test('a form posted from another site is refused', async ({ page }) => {
    const form = { intent: 'signin', email: 'a@example.com', password: PASSWORD };
    const foreignOrigin = await page.request.post('/signin?resetFlag=false', {
      form,
      headers: { Origin: 'https://attacker.example' },
      maxRedirects: 0,
    });
    expect(foreignOrigin.status()).toBeGreaterThanOrEqual(400);
    expect(foreignOrigin.headers()['set-cookie'] ?? '').not.toContain('__session');
    // Without an Origin header, the Referer decides; without either, the post is refused.
    const cases: Record<string, string>[] = [{ Referer: 'https://attacker.example/page' }, {}];
    for (const headers of cases) {
      const response = await page.request.post('/signin?resetFlag=false', {
        form,
        headers,
        maxRedirects: 0,
      });
      expect(response.status()).toBe(403);
      expect(await response.text()).toContain('This form was sent from another site');
    }
  });
});
