// The customer's draft survives a reload (booking-widget/src/machine/draft-storage.ts): the
// widget keeps the entered values, the step and, once the booking is saved, the booking's ids in
// session storage (never card data). A reload is what the customer does when the site restarted
// under them; the saved booking itself is on the server (SQLite here), so after the reload the
// payment step resumes that booking and paying completes it: one booking, not two.
import { formatMoney } from '@business-chauffeur/booking-contract';
import type { Page } from '@playwright/test';
import {
  choosePlace,
  dateAhead,
  expectStep,
  fillContact,
  footer,
  next,
  payWithCard,
  toPassengerStep,
} from './booking-helpers';
import { expect, test } from './fixtures';

/** Everything the widget keeps in session storage, as text. */
const storedDrafts = (page: Page) =>
  page.evaluate(() =>
    Object.keys(sessionStorage)
      .filter((key) => key.startsWith('chauffeur-booking:draft:'))
      .map((key) => sessionStorage.getItem(key) ?? ''),
  );

async function reload(page: Page) {
  await page.reload();
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

test('a reload keeps the values and the step; Clear Form forgets them', async ({ page }) => {
  await page.goto('/booking');
  await expectStep(page, 'General Details', 1);
  const pickup = await choosePlace(page, /^FROM/, 'Brisbane Airport', /Domestic Terminal/);
  const drop = await choosePlace(page, /^TO/, 'South Bank', /South Bank Parklands/);
  const date = dateAhead(9);
  await page.getByLabel('Booking date').fill(date);
  await page.getByLabel('Pickup time').fill('14:30');
  await page.getByLabel(/^Booking notes/).fill('Two child seats, please');

  await reload(page);
  await expectStep(page, 'General Details', 1);
  await expect(page.getByRole('combobox', { name: /^FROM/ })).toHaveValue(pickup);
  await expect(page.getByRole('combobox', { name: /^TO/ })).toHaveValue(drop);
  await expect(page.getByLabel('Booking date')).toHaveValue(date);
  await expect(page.getByLabel('Pickup time')).toHaveValue('14:30');
  await expect(page.getByLabel(/^Booking notes/)).toHaveValue('Two child seats, please');

  await next(page, 'Next: Vehicle Selection');
  await expectStep(page, 'Vehicle Selection', 2);
  const sedan = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Executive Sedan' }) });
  await sedan.getByRole('button', { name: 'Select Vehicle' }).click();
  const total = (await footer(page).locator('.cb-total').textContent()) ?? '';
  expect(total).not.toContain('$0.00');
  await next(page, 'Next: Passenger Details');
  await expectStep(page, 'Passenger Details', 3);
  await page.getByLabel('First name').fill('Mereana');
  await page.getByLabel('Email').fill('mereana@example.com');

  // On step 3 with the vehicle's fare: the same after a reload, without asking for a new quote.
  const quotes: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/quotes')) quotes.push(request.url());
  });
  await reload(page);
  await expectStep(page, 'Passenger Details', 3);
  await expect(page.getByLabel('First name')).toHaveValue('Mereana');
  await expect(page.getByLabel('Email')).toHaveValue('mereana@example.com');
  await expect(footer(page).locator('.cb-total')).toHaveText(total);
  await page.getByLabel('Last name').fill('Walker');
  await page.getByLabel('Mobile number').fill('412345678');
  await next(page, 'Next: Summary');
  await expectStep(page, 'Summary', 4);
  await expect(page.getByText('Executive Sedan')).toBeVisible();
  expect(quotes).toEqual([]);

  // Back to step 1 and Clear Form: a reload then opens an empty step 1.
  for (let step = 0; step < 3; step += 1) {
    await page.getByRole('button', { name: 'Previous' }).click();
  }
  await expectStep(page, 'General Details', 1);
  await page.getByRole('button', { name: 'Clear Form' }).click();
  await page.getByRole('button', { name: 'Yes, clear the form' }).click();
  await expect(page.getByRole('combobox', { name: /^FROM/ })).toHaveValue('');
  expect(await storedDrafts(page)).toEqual([]);
  await reload(page);
  await expectStep(page, 'General Details', 1);
  await expect(page.getByRole('combobox', { name: /^FROM/ })).toHaveValue('');
  await expect(page.getByLabel('Booking date')).toHaveValue('');
});

test('after a reload on the payment step, the saved booking is found again and paying completes it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const saves: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/bookings') {
      saves.push(request.url());
    }
  });
  await page.goto('/booking');
  await toPassengerStep(page);
  await fillContact(page, {
    firstName: 'Tama',
    lastName: 'Rangi',
    mobile: '412345679',
    email: 'tama.rangi@example.com',
  });
  await next(page, 'Next: Summary');
  const saved = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      new URL(response.url()).pathname === '/api/bookings',
  );
  await next(page, 'Next: Payment');
  const booking = (await (await saved).json()) as {
    bookingId: string;
    bookingReferenceId: string;
    totalCents: number;
  };
  await expect(page.getByRole('button', { name: 'Pay now' })).toBeVisible();

  // A declined card first: what was typed into the card form is never stored.
  await payWithCard(page, '4000 0000 0000 0002');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Your card was declined.' }),
  ).toBeVisible();
  const stored = (await storedDrafts(page)).join('\n');
  expect(stored).toContain(booking.bookingReferenceId);
  for (const secret of ['4000 0000 0000 0002', '4000000000000002', '12/34']) {
    expect(stored).not.toContain(secret);
  }

  // The reload finds the booking on the server: its payment status, not a second save.
  const checked = page.waitForResponse((response) =>
    response.url().includes(`/api/bookings/${booking.bookingId}/payment-status`),
  );
  await reload(page);
  expect((await checked).status()).toBe(200);
  await expectStep(page, 'Order Summary and Payment', 5);
  await expect(page.getByRole('button', { name: 'Pay now' })).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Clear Form' })).toHaveCount(0);
  await expect(page.getByText(formatMoney(booking.totalCents)).first()).toBeVisible();

  await payWithCard(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(
    page.getByText(`Booking RefId for your reference: ${booking.bookingReferenceId}`),
  ).toBeVisible();
  expect(saves).toHaveLength(1);
  // Paid: the draft is gone, and a reload opens a fresh wizard.
  expect(await storedDrafts(page)).toEqual([]);
  await reload(page);
  await expectStep(page, 'General Details', 1);
  await expect(page.getByRole('combobox', { name: /^FROM/ })).toHaveValue('');
});
