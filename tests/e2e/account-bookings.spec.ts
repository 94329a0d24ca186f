// "My bookings" on the embedded defaults: a customer who books while signed in finds the booking
// under My bookings and opens its details; another account never sees it (not listed, its address
// a plain 404); visitors are sent to sign in and have no My bookings link.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { newPerson, signUp, useOwnClientAddress } from './account-helpers';
import {
  expectStep,
  fillSimpleTrip,
  next,
  passengerToPayment,
  payWithCard,
} from './booking-helpers';

const header = (page: Page) => page.getByRole('banner');

/** A paid booking made from /booking by whoever is signed in; returns its reference. */
async function bookAndPay(page: Page, email: string): Promise<string> {
  await page.goto('/booking');
  await fillSimpleTrip(page);
  await next(page, 'Next: Vehicle Selection');
  await expectStep(page, 'Vehicle Selection', 2);
  await page.getByRole('button', { name: 'Select Vehicle' }).first().click();
  await next(page, 'Next: Passenger Details');
  await passengerToPayment(page, {
    firstName: 'Ngaio',
    lastName: 'Marsh',
    mobile: '412345678',
    email,
  });
  await payWithCard(page, '4242 4242 4242 4242');
  const confirmation = page.getByText(/Booking RefId for your reference: [A-Z0-9]{8,12}$/);
  await expect(confirmation).toBeVisible();
  return ((await confirmation.textContent()) ?? '').split(': ').at(-1) ?? '';
}

test('a booking made signed in is under My bookings, and only there for its account', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await useOwnClientAddress(page);
  const ana = newPerson('mybookings');
  await signUp(page, ana);
  const reference = await bookAndPay(page, ana.email);

  await header(page).getByRole('link', { name: 'My bookings' }).click();
  await expect(page).toHaveURL(/\/account\/bookings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My bookings' })).toBeVisible();
  const upcoming = page.getByRole('region', { name: 'Upcoming' });
  await expect(upcoming.getByText(`Booking ${reference}`, { exact: false })).toBeVisible();
  await upcoming.getByRole('listitem').filter({ hasText: reference }).getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: `Booking ${reference}` })).toBeVisible();
  await expect(page.getByText('Status: Confirmed', { exact: true })).toBeVisible();
  await expect(page.getByText(/Domestic Terminal/).first()).toBeVisible();
  const detailUrl = page.url();

  // Another customer: nothing listed, and the booking's address is not found.
  const other = await browser.newPage();
  await useOwnClientAddress(other);
  await signUp(other, newPerson('someone-else'));
  await other.goto('/account/bookings');
  await expect(other.getByText('You have no bookings with this account yet.')).toBeVisible();
  await expect(other.getByText(reference)).toHaveCount(0);
  const response = await other.goto(detailUrl);
  expect(response?.status()).toBe(404);
  await other.close();
});

test('visitors have no My bookings link and are sent to sign in', async ({ page }) => {
  await page.goto('/');
  await expect(header(page).getByRole('link', { name: 'My bookings' })).toHaveCount(0);
  await page.goto('/account/bookings');
  await expect(page).toHaveURL(/\/signin/);
  await page.goto('/account/bookings/ABCD1234');
  await expect(page).toHaveURL(/\/signin/);
});
