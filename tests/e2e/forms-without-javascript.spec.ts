// The site's forms as plain HTML forms, without JavaScript: each is sent to its route's action,
// which runs the same contract schema as the browser would (app/forms), and answers with the same
// messages next to the same fields, keeping what was typed (never a password). Contact and the
// chauffeur application's success are in feedback.spec.ts and applications.spec.ts.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  INVALID_CREDENTIALS,
  newPerson,
  PASSWORD,
  postForm,
  RESET_SENT,
  resetLinkFor,
  uniqueClientAddress,
  useOwnClientAddress,
} from './account-helpers';

test.use({
  javaScriptEnabled: false,
  // A form answered with 4xx is a failed resource load to the browser.
  allowedConsoleErrors: [/the server responded with a status of (400|401|404|409|429)/],
});

test.beforeEach(async ({ page }) => {
  await useOwnClientAddress(page);
});

/** page.goto waits for hydration, which never comes without JavaScript: the frame's goto. */
const open = (page: Page, path: string) => page.mainFrame().goto(path);
const main = (page: Page) => page.getByRole('main');

test('sign-up and sign-in work as plain forms with the same messages', async ({ page }) => {
  await open(page, '/signup');
  await main(page).getByRole('button', { name: 'Sign up' }).click();
  await expect(main(page).getByText('First Name is required.')).toBeVisible();
  await expect(main(page).getByText('Password is required.')).toBeVisible();
  await expect(main(page).getByLabel('First Name')).toHaveAttribute('aria-invalid', 'true');
  await expect(main(page).getByLabel('First Name')).toHaveAccessibleDescription(
    'First Name is required.',
  );

  const person = newPerson('nojs');
  await main(page).getByLabel('First Name').fill(person.firstName);
  await main(page).getByLabel('Email', { exact: true }).fill('ngaio@example');
  await main(page).getByLabel('Confirm Email').fill(person.email);
  await main(page).getByLabel('Password', { exact: true }).fill(PASSWORD);
  await main(page).getByRole('button', { name: 'Sign up' }).click();
  await expect(main(page).getByText('Please enter the valid email address.')).toBeVisible();
  await expect(main(page).getByText('Emails do not match.')).toBeVisible();
  // What was typed is kept, but never the password.
  await expect(main(page).getByLabel('First Name')).toHaveValue(person.firstName);
  await expect(main(page).getByLabel('Password', { exact: true })).toHaveValue('');

  await main(page).getByLabel('Last Name').fill(person.lastName);
  await main(page).getByLabel('Email', { exact: true }).fill(person.email);
  await main(page).getByLabel('Password', { exact: true }).fill(PASSWORD);
  await main(page).getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/signupSuccess$/);

  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin\?resetFlag=false$/);
  await main(page).getByRole('button', { name: 'Sign in' }).click();
  await expect(main(page).getByText('Email is required.')).toBeVisible();
  await main(page).getByLabel('Email').fill(person.email);
  await main(page).getByLabel('Password', { exact: true }).fill('Harbour#2030');
  await main(page).getByRole('button', { name: 'Sign in' }).click();
  await expect(main(page).getByRole('alert')).toHaveText(INVALID_CREDENTIALS);
  await expect(main(page).getByLabel('Email')).toHaveValue(person.email);
  await main(page).getByLabel('Password', { exact: true }).fill(PASSWORD);
  await main(page).getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a password reset request, and the emailed link sets a new password', async ({
  page,
  baseURL,
}) => {
  const person = newPerson('nojs-reset');
  const created = await postForm(
    page,
    '/signup',
    { ...person, confirmEmail: person.email, password: PASSWORD },
    uniqueClientAddress(),
    baseURL!,
  );
  expect(created.status()).toBe(302);

  await open(page, '/signin?resetFlag=true');
  await main(page).getByLabel('Email').fill(person.email);
  await main(page).getByRole('button', { name: 'Reset' }).click();
  await expect(page).toHaveURL(/\/signin\?resetFlag=false$/);
  await expect(main(page).getByRole('status')).toHaveText(RESET_SENT);

  const link = await resetLinkFor(person.email);
  await open(page, `${link.pathname}${link.search}`);
  await main(page).getByLabel('New password', { exact: true }).fill('weakpass');
  await main(page).getByLabel('Confirm Password', { exact: true }).fill('weakpass!');
  await main(page).getByRole('button', { name: 'Save new password' }).click();
  await expect(main(page).getByText('Passwords do not match.')).toBeVisible();
  await expect(main(page).getByLabel('New password', { exact: true })).toHaveValue('');

  // The page keeps its code private from other sites, yet its form still sends our Origin.
  const newPassword = 'Lighthouse#2031';
  await main(page).getByLabel('New password', { exact: true }).fill(newPassword);
  await main(page).getByLabel('Confirm Password', { exact: true }).fill(newPassword);
  await main(page).getByRole('button', { name: 'Save new password' }).click();
  await expect(page).toHaveURL(/\/signin\?resetFlag=false$/);
  await expect(main(page).getByRole('status')).toHaveText(
    'Your password has been changed. Please sign in with your new password.',
  );
  await main(page).getByLabel('Email').fill(person.email);
  await main(page).getByLabel('Password', { exact: true }).fill(newPassword);
  await main(page).getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the chauffeur application keeps what was typed, with the messages of its typed fields', async ({
  page,
}) => {
  await open(page, '/chauffeur?type=contractor');
  const form = main(page).getByRole('form', { name: 'Application form' });
  await form.getByLabel('First name').fill('Arthur');
  await form.getByLabel('Years of driving experience').fill('75');
  // Two fields are labelled "Expiry date" (licence, driver authority): the licence's by its id.
  await form.locator('#application-licenceExpiry').fill('2001-01-01');
  await form.getByRole('button', { name: 'Submit Application' }).click();
  await expect(form.getByText('Please select your city.')).toBeVisible();
  await expect(
    form.getByText('Please enter your years of driving experience as a whole number from 0 to 70.'),
  ).toBeVisible();
  await expect(
    form.getByText('This licence has expired. Please enter the details of a current licence.'),
  ).toBeVisible();
  await expect(form.getByLabel('First name')).toHaveValue('Arthur');
  await expect(form.getByLabel('Years of driving experience')).toHaveValue('75');
  await expect(form.getByRole('radio', { name: 'Contractor (with my own vehicle)' })).toBeChecked();
});

test('manage booking shows the lookup messages', async ({ page }) => {
  await open(page, '/manage-booking');
  await main(page).getByRole('button', { name: 'Get Booking' }).click();
  await expect(main(page).getByText('Please provide a valid Booking Number.')).toBeVisible();
  await expect(main(page).getByText('Please provide a valid Email Id.')).toBeVisible();
  await expect(main(page).getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await main(page).getByLabel('Email').fill('someone@example.com');
  await main(page).getByLabel('Booking number').fill('ZZZZZZZZ');
  await main(page).getByRole('button', { name: 'Get Booking' }).click();
  await expect(main(page).getByRole('alert')).toHaveText(
    'Please provide a valid Booking Information.',
  );
  await expect(main(page).getByLabel('Email')).toHaveValue('someone@example.com');
});
