// Signing in returns to the page that asked for it (a path of this site only), on a phone and on a
// laptop; an off-site, protocol-relative or backslashed returnTo is refused and sign-in goes home,
// in the browser and when the form is posted by hand.
import type { Page } from '@playwright/test';
import { newPerson, PASSWORD, postForm, signUp, useOwnClientAddress } from './account-helpers';
import { expect, test } from './fixtures';

async function signOut(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin/);
}

async function fillSignIn(page: Page, email: string) {
  const main = page.getByRole('main');
  await main.getByLabel('Email').fill(email);
  await main.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await main.getByRole('button', { name: 'Sign in' }).click();
}

// The wrong password on the way is answered 401, which the browser reports on its console.
test.use({ allowedConsoleErrors: [/status of 401 \(Unauthorized\)/] });

for (const size of [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
]) {
  test(`at ${size.width} × ${size.height} sign-in comes back to My bookings, never off the site`, async ({
    page,
    baseURL,
  }) => {
    // Three sign-ins and a sign-up: minutes on a busy two-core machine.
    test.setTimeout(150_000);
    await page.setViewportSize(size);
    const address = await useOwnClientAddress(page);
    const person = newPerson('return-to');
    await signUp(page, person);
    if (size.width < 768) await page.getByRole('button', { name: 'Menu' }).click();
    await signOut(page);

    // Asked for while signed out: sign in, then the page asked for.
    await page.goto('/account/bookings');
    await expect(page).toHaveURL(/\/signin\?resetFlag=false&returnTo=%2Faccount%2Fbookings$/);
    // A wrong password first: the way back is kept.
    const main = page.getByRole('main');
    await main.getByLabel('Email').fill(person.email);
    await main.getByLabel('Password', { exact: true }).fill('not-the-password-1A!');
    await main.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert').first()).toBeVisible();
    await fillSignIn(page, person.email);
    await expect(page).toHaveURL(/\/account\/bookings$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // Off-site return addresses are refused: home instead.
    for (const returnTo of ['//evil.example/account', 'https://evil.example/', '/\\evil.example']) {
      if (size.width < 768) await page.getByRole('button', { name: 'Menu' }).click();
      await signOut(page);
      await page.goto(`/signin?resetFlag=false&returnTo=${encodeURIComponent(returnTo)}`);
      await expect(page.locator('input[name="returnTo"]')).toHaveCount(0);
      await fillSignIn(page, person.email);
      await expect(page).toHaveURL(`${baseURL}/`);
    }

    // A form posted by hand with an off-site returnTo: the redirect stays on the site.
    const response = await postForm(
      page,
      '/signin?resetFlag=false',
      { intent: 'signin', email: person.email, password: PASSWORD, returnTo: '//evil.example' },
      address,
      baseURL ?? '',
    );
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe('/');
  });
}
