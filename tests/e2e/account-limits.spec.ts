// Account forms under attack, in the browser: the rate limits on sign-in (per account and per
// client address) and on reset requests, and forms posted from another site.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  INVALID_CREDENTIALS,
  newPerson,
  PASSWORD,
  postForm,
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

test.describe('rate limits', () => {
  const TOO_MANY_SIGN_INS =
    'Too many unsuccessful sign-in attempts. Please wait 15 minutes and try again, or reset your password.';
  const TOO_MANY_RESETS = 'Too many password reset requests. Please wait 15 minutes and try again.';

  test('10 failed sign-ins per account, then "too many attempts" even with the right password', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const address = await useOwnClientAddress(page);
    const person = newPerson('limit-account');
    await signUp(page, person);
    await header(page).getByRole('button', { name: 'Sign out' }).click();
    // Nine failures from nine other addresses, so only the per-account count can stop the tenth.
    for (let attempt = 1; attempt <= 9; attempt += 1) {
      const response = await postForm(
        page,
        '/signin?resetFlag=false',
        { intent: 'signin', email: person.email, password: `Wrong#${attempt}a` },
        uniqueClientAddress(),
        baseURL!,
      );
      expect(response.status()).toBe(401);
    }
    expect(address).toBeTruthy();
    await signIn(page, person.email, 'Wrong#10a');
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(INVALID_CREDENTIALS);
    await signIn(page, person.email, PASSWORD);
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(TOO_MANY_SIGN_INS);
    await expect(page).toHaveURL(/\/signin/);
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
