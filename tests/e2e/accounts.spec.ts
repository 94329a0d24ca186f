// Accounts in the browser: sign-up with every message and a registered address, sign-out, sign-in,
// the password reset by the emailed link (read from the e2e server's outbox). The rate limits and
// cross-site posts are in account-limits.spec.ts, the forms without JavaScript in
// forms-without-javascript.spec.ts. Local accounts, the embedded default.
import type { Browser, Page } from '@playwright/test';
import { expect, seriousA11yViolations, test } from './fixtures';
import {
  INVALID_CREDENTIALS,
  NEW_PASSWORD,
  newPerson,
  PASSWORD,
  RESET_SENT,
  resetLinkFor,
  sentTo,
  signIn,
  signUp,
  uniqueClientAddress,
  uniqueEmail,
  useOwnClientAddress,
  outboxMessages,
} from './account-helpers';

// An answer with a 4xx status (wrong password, 409 for a registered address, 429 too many) is
// what the browser reports as a failed resource load.
test.use({ allowedConsoleErrors: [/the server responded with a status of (400|401|409|429)/] });

test.beforeEach(async ({ page }) => {
  await useOwnClientAddress(page);
});

const header = (page: Page) => page.getByRole('banner');

test.describe('sign-up', () => {
  test('shows each message of the specification, tied to its field', async ({ page }) => {
    await page.goto('/signup');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Sign up' })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute(
      'href',
      '/signin?resetFlag=true',
    );
    await main.getByRole('button', { name: 'Sign up' }).click();

    const expected: [string, string][] = [
      ['First Name', 'First Name is required.'],
      ['Last Name', 'Last Name is required.'],
      ['Email', 'Email is required.'],
      ['Confirm Email', 'Confirm Email is required.'],
      ['Password', 'Password is required.'],
    ];
    for (const [label, message] of expected) {
      const field = main.getByLabel(label, { exact: true });
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveAccessibleDescription(
        new RegExp(`^${message.replace('.', '\\.')}`),
      );
    }
    // The first field with a problem has the focus; nothing was sent.
    await expect(main.getByLabel('First Name')).toBeFocused();
    await expect(page).toHaveURL(/\/signup$/);

    await main.getByLabel('Email', { exact: true }).fill('ngaio@example');
    await main.getByLabel('Confirm Email').fill('ngaio@example.com');
    await main.getByLabel('Password', { exact: true }).fill('abc');
    await expect(main.getByText('Please enter the valid email address.')).toBeVisible();
    await expect(main.getByText('Emails do not match.')).toBeVisible();
    await expect(
      main.getByText(
        'Password must be at least 6 characters long. / Password must contain an uppercase letter. / Password must contain a number. / Password must contain a special character (@$!%*?&#).',
        { exact: true },
      ),
    ).toBeVisible();
    await main.getByLabel('Password', { exact: true }).fill('harbour2031');
    await expect(
      main.getByText(
        'Password must contain an uppercase letter. / Password must contain a special character (@$!%*?&#).',
        { exact: true },
      ),
    ).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test('creates the account, signs in and goes to /signupSuccess; a registered address gets both messages', async ({
    page,
  }) => {
    const person = newPerson('signup');
    await signUp(page, person);
    await expect(
      page.getByRole('heading', { name: 'Account Created Successfully!' }),
    ).toBeVisible();
    await expect(header(page).getByRole('button', { name: 'Sign out' })).toBeVisible();

    await header(page).getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/signin\?resetFlag=false$/);
    await expect(header(page).getByRole('link', { name: 'Sign in' })).toBeVisible();

    await page.goto('/signup');
    const main = page.getByRole('main');
    await main.getByLabel('First Name').fill('Someone');
    await main.getByLabel('Last Name').fill('Else');
    await main.getByLabel('Email', { exact: true }).fill(person.email.toUpperCase());
    await main.getByLabel('Confirm Email').fill(person.email);
    await main.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await main.getByRole('button', { name: 'Sign up' }).click();
    const alert = main.getByRole('alert');
    await expect(alert).toContainText('User is already registered with this email address.');
    await expect(alert).toContainText(
      'Please choose another email address to register. If you have forgotten your password, please click on the Forgot password link to reset your password.',
    );
    await expect(alert).toBeFocused();
    // What was typed is kept (but never the password).
    await expect(main.getByLabel('First Name')).toHaveValue('Someone');
    await expect(page).toHaveURL(/\/signup$/);
  });
});

test.describe('sign-in', () => {
  test('wrong credentials in red bold, then success to /, then sign out', async ({ page }) => {
    const person = newPerson('signin');
    await signUp(page, person);
    await header(page).getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/signin\?resetFlag=false$/);

    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute(
      'href',
      '/signin?resetFlag=true',
    );
    await expect(main.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');

    await main.getByRole('button', { name: 'Sign in' }).click();
    await expect(main.getByLabel('Email')).toHaveAccessibleDescription('Email is required.');
    await expect(main.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(
      'Password is required.',
    );

    await signIn(page, person.email, 'Harbour#2030');
    const error = page.getByRole('main').getByRole('alert');
    await expect(error).toHaveText(INVALID_CREDENTIALS);
    await expect(error).toHaveCSS('font-weight', '700');
    await expect(error).toHaveCSS('color', 'rgb(163, 34, 27)');
    await expect(page.getByRole('main').getByLabel('Email')).toHaveValue(person.email);

    // An unknown address gets exactly the same answer.
    await signIn(page, uniqueEmail('nobody'), PASSWORD);
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(INVALID_CREDENTIALS);

    await signIn(page, person.email.toUpperCase(), PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await expect(header(page).getByRole('button', { name: 'Sign out' })).toBeVisible();

    await header(page).getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/signin\?resetFlag=false$/);
    await page.goto('/');
    await expect(header(page).getByRole('link', { name: 'Sign in' })).toBeVisible();
  });

  test('the password can be shown and hidden', async ({ page }) => {
    await page.goto('/signin?resetFlag=false');
    const password = page.getByRole('main').getByLabel('Password', { exact: true });
    await password.fill('Harbour#2031');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test('fits a 360 px phone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of ['/signin?resetFlag=false', '/signin?resetFlag=true', '/signup']) {
      await page.goto(path);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});

async function requestReset(page: Page, email: string) {
  await page.goto('/signin?resetFlag=false');
  await page.getByRole('main').getByRole('link', { name: 'Forgot Password?' }).click();
  await expect(page).toHaveURL(/\/signin\?resetFlag=true$/);
  const main = page.getByRole('main');
  await expect(main.getByLabel('Password', { exact: true })).toHaveCount(0);
  await main.getByLabel('Email').fill(email);
  await main.getByRole('button', { name: 'Reset' }).click();
  await expect(page).toHaveURL(/\/signin\?resetFlag=false$/);
  await expect(page.getByRole('main').getByRole('status')).toHaveText(RESET_SENT);
  // Back in sign-in mode.
  await expect(page.getByRole('main').getByLabel('Password', { exact: true })).toBeVisible();
}

async function signedInElsewhere(browser: Browser, baseURL: string, email: string) {
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'X-Forwarded-For': uniqueClientAddress() },
  });
  const other = await context.newPage();
  await other.goto('/signin?resetFlag=false');
  await other.getByRole('main').getByLabel('Email').fill(email);
  await other.getByRole('main').getByLabel('Password', { exact: true }).fill(PASSWORD);
  await other.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
  await expect(other).toHaveURL(/\/$/);
  await expect(other.getByRole('banner').getByRole('button', { name: 'Sign out' })).toBeVisible();
  return { context, page: other };
}

test.describe('password reset', () => {
  test('the same confirmation for a known and an unknown address; the link works once; the old password and sessions end', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const person = newPerson('reset');
    await signUp(page, person);
    await header(page).getByRole('button', { name: 'Sign out' }).click();
    const elsewhere = await signedInElsewhere(browser, baseURL!, person.email);

    const unknown = uniqueEmail('unknown');
    await requestReset(page, unknown);
    await requestReset(page, person.email);

    const link = await resetLinkFor(person.email);
    expect(link.origin).toBe(new URL(baseURL!).origin);
    // The code has at least 128 bits (base64url of 32 bytes here).
    expect(link.searchParams.get('oobCode')).toMatch(/^[\w-]{22,}$/);
    // Nothing was sent to the address without an account.
    expect(await outboxMessages(sentTo(unknown))).toEqual([]);

    await page.goto(`${link.pathname}${link.search}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await main.getByLabel('New password', { exact: true }).fill('weakpass');
    await main.getByLabel('Confirm Password', { exact: true }).fill('weakpass!');
    await main.getByRole('button', { name: 'Save new password' }).click();
    await expect(main.getByLabel('New password', { exact: true })).toHaveAccessibleDescription(
      /Password must contain an uppercase letter\. \/ Password must contain a number\. \/ Password must contain a special character/,
    );
    await expect(main.getByText('Passwords do not match.')).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await main.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await main.getByLabel('Confirm Password', { exact: true }).fill(NEW_PASSWORD);
    await main.getByRole('button', { name: 'Save new password' }).click();
    await expect(page).toHaveURL(/\/signin\?resetFlag=false$/);
    await expect(page.getByRole('main').getByRole('status')).toHaveText(
      'Your password has been changed. Please sign in with your new password.',
    );

    // Not twice.
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      'This password reset link is invalid, has expired or has already been used. Please ask for a new one.',
    );
    await expect(page.getByRole('main').getByLabel('New password', { exact: true })).toHaveCount(0);

    // The session signed in before the reset has ended.
    await elsewhere.page.reload();
    await expect(
      elsewhere.page.getByRole('banner').getByRole('link', { name: 'Sign in' }),
    ).toBeVisible();
    await elsewhere.context.close();

    await signIn(page, person.email, PASSWORD);
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(INVALID_CREDENTIALS);
    await signIn(page, person.email, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
  });

  test('a made-up link is refused', async ({ page }) => {
    await page.goto('/reset-password?mode=resetPassword&oobCode=not-a-real-code');
    await expect(page.getByRole('main').getByRole('alert')).toContainText(
      'This password reset link is invalid',
    );
    await expect(
      page.getByRole('main').getByRole('link', { name: 'Ask for a new link' }),
    ).toHaveAttribute('href', '/signin?resetFlag=true');
  });
});
