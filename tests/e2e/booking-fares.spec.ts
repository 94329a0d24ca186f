// The all-in fare in the booking widget, on the embedded defaults (the seeded rates: after-hours
// 15 %, public holiday 25 %, child seat $30 in SUVs and people movers, WELCOME10 10 % off): the
// surcharge lines behind "Fare details", a vehicle that cannot take a child seat, and a promo code
// that takes its discount off the amount paid.
import { type Locator, type Page } from '@playwright/test';
import {
  dateAhead,
  errorOf,
  expectNoSeriousViolations,
  expectSedansDisabled,
  expectStep,
  fillContact,
  fillSimpleTrip,
  footer,
  mere,
  next,
  passengerToPayment,
  payWithCard,
  toPassengerStep,
  widget,
} from './booking-helpers';
import { expect, test } from './fixtures';

// A refused promo code is a 400 answer, which the browser logs.
test.use({ allowedConsoleErrors: [/the server responded with a status of 400/] });

const vehicleCard = (page: Page, title: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });

/** "$1,234.50" → 123450. */
const cents = (text: string) => Math.round(Number(text.replace(/[^\d.-]/g, '')) * 100);

async function priceOf(card: Locator): Promise<number> {
  const text = (await card.getByText(/^Price: \$/).textContent()) ?? '';
  expect(text).toMatch(/^Price: \$[\d,]+\.\d{2}$/);
  return cents(text);
}

/** The card's "Fare details", opened: its lines as label (without its detail) → cents. */
async function fareDetails(card: Locator): Promise<Map<string, number>> {
  const details = card.locator('details');
  if ((await details.getAttribute('open')) === null) {
    await details.getByText('Fare details', { exact: true }).click();
  }
  await expect(details.getByRole('term').filter({ hasText: /^Total$/ })).toBeVisible();
  const rows = await details
    .locator('dl > div')
    .evaluateAll((items) =>
      items.map((row) => [
        row.querySelector('dt')?.firstChild?.textContent ?? '',
        row.querySelector('dd')?.textContent ?? '',
      ]),
    );
  return new Map(rows.map(([label = '', amount = '']) => [label.trim(), cents(amount)]));
}

/** Step 1 again from the vehicle step, with `change` made, then the vehicle step re-quoted. */
async function requote(page: Page, change: () => Promise<void>) {
  await page.getByRole('button', { name: 'Previous' }).click();
  await expectStep(page, 'General Details', 1);
  await change();
  await next(page, 'Next: Vehicle Selection');
  await expectStep(page, 'Vehicle Selection', 2);
}

/** The next Christmas Day at least two days ahead (the seed has 2026 to 2028). */
function nextChristmas(): string {
  const soonest = dateAhead(2);
  const year = Number(soonest.slice(0, 4));
  const thisYear = `${year}-12-25`;
  return thisYear >= soonest ? thisYear : `${year + 1}-12-25`;
}

test('a 23:30 pickup carries the after-hours surcharge and costs more than at 10:00', async ({
  page,
}) => {
  await page.goto('/booking');
  await fillSimpleTrip(page);
  await expect(page.getByLabel('Pickup time')).toHaveValue('10:00');
  await next(page, 'Next: Vehicle Selection');
  const sedan = vehicleCard(page, 'Executive Sedan');
  const morning = await priceOf(sedan);
  const morningLines = await fareDetails(sedan);
  expect(morningLines.has('After-hours surcharge')).toBe(false);
  expect(morningLines.get('Total')).toBe(morning);

  await requote(page, () => page.getByLabel('Pickup time').fill('23:30'));
  const night = await priceOf(sedan);
  expect(night).toBeGreaterThan(morning);
  const lines = await fareDetails(sedan);
  expect(lines.get('After-hours surcharge')).toBe(night - morning);
  expect(lines.get('Total')).toBe(night);
  expect(lines.get('GST included')).toBe(Math.round(night / 11));
  await expectNoSeriousViolations(page, 'step 2 with Fare details open');
});

test('a Christmas Day pickup carries the public holiday surcharge', async ({ page }) => {
  await page.goto('/booking');
  await fillSimpleTrip(page);
  await page.getByLabel('Booking date').fill(nextChristmas());
  await next(page, 'Next: Vehicle Selection');
  await expectStep(page, 'Vehicle Selection', 2);
  const lines = await fareDetails(vehicleCard(page, 'Executive Sedan'));
  expect(lines.get('Public holiday surcharge')).toBeGreaterThan(0);
  expect(lines.has('After-hours surcharge')).toBe(false);
});

test('a child seat disables every sedan with the reason and adds $30.00 to the Premium SUV', async ({
  page,
}) => {
  await page.goto('/booking');
  await fillSimpleTrip(page);
  const seats = page.getByRole('group', { name: 'Child seats' });
  await expect(seats.getByRole('spinbutton', { name: 'Baby capsules' })).toHaveValue('0');
  await expect(seats.getByRole('spinbutton', { name: 'Boosters' })).toHaveAccessibleDescription(
    'About 4 to 8 years',
  );
  await next(page, 'Next: Vehicle Selection');
  const suv = vehicleCard(page, 'Premium SUV');
  const without = await priceOf(suv);

  await requote(page, () =>
    seats.getByRole('spinbutton', { name: 'Child seats', exact: true }).fill('1'),
  );
  await expectSedansDisabled(page, 'Child seats are not available in sedans.');
  expect(await priceOf(suv)).toBe(without + 3000);
  const lines = await fareDetails(suv);
  expect(lines.get('Child seat')).toBe(3000);

  // The summary says what was asked for, and the fare line by line.
  await suv.getByRole('button', { name: 'Select Vehicle' }).click();
  await next(page, 'Next: Passenger Details');
  await expectStep(page, 'Passenger Details', 3);
  await fillContact(page, mere);
  await next(page, 'Next: Summary');
  await expectStep(page, 'Summary', 4);
  const row = widget(page)
    .locator('dl div')
    .filter({ has: page.getByRole('term').filter({ hasText: /^Child seats$/ }) });
  await expect(row.getByRole('definition')).toHaveText('1 child seat');
  const fare = page.getByRole('region', { name: 'Fare', exact: true });
  await expect(fare.getByRole('term').filter({ hasText: /^Child seat/ })).toBeVisible();
  await expect(fare.getByRole('term').filter({ hasText: /^Total$/ })).toBeVisible();
  await expect(fare.getByRole('term').filter({ hasText: /^GST included$/ })).toBeVisible();
  await expectNoSeriousViolations(page, 'step 4 with extras and fare lines');
});

test('WELCOME10 takes 10 % off on step 5 and the card is charged the discounted total', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/booking');
  await toPassengerStep(page);
  // One use per email: a fresh customer each run.
  const email = `welcome10+${Date.now().toString(36)}@example.com`;
  await passengerToPayment(page, { ...mere, email });
  const amount = widget(page).locator('.cb-amount');
  const before = cents((await amount.textContent()) ?? '');
  const code = page.getByLabel('Promo code');

  await code.fill('NOTACODE7');
  await page.getByRole('button', { name: 'Apply' }).click();
  expect(await errorOf(page, 'Promo code')).toBe('This promo code is not valid.');
  await expectNoSeriousViolations(page, 'step 5 with a refused code');

  await code.fill('welcome10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(code).toHaveAccessibleDescription('Promo code WELCOME10 applied.');
  const fare = page.getByRole('region', { name: 'Fare', exact: true });
  const discount = fare.locator('div').filter({ hasText: 'Discount (WELCOME10)' });
  await expect(discount).toBeVisible();
  const off = cents((await discount.getByRole('definition').textContent()) ?? '');
  expect(off).toBe(-Math.round(before / 10));
  const after = before + off;
  const shown = `$${(after / 100).toFixed(2)}`;
  await expect(amount).toHaveText(`Total (AUD)${shown}`);
  // The one total of the payment step: none in the wizard's bar.
  await expect(footer(page).locator('.cb-total')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Apply' })).toBeEnabled();
  await expectNoSeriousViolations(page, 'step 5 with WELCOME10');

  await payWithCard(page, '4242 4242 4242 4242');
  const confirmation = page.getByText(/Booking RefId for your reference: [A-Z0-9]{8,12}$/);
  await expect(confirmation).toBeVisible();
  const reference = ((await confirmation.textContent()) ?? '').split(': ').at(-1) ?? '';

  // The booking look-up shows what was charged: the discounted total.
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': '198.51.100.78' });
  await page.goto('/manage-booking');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Booking number').fill(reference);
  await page.getByRole('button', { name: 'Get Booking' }).click();
  const booking = page.getByRole('region', { name: `Booking ${reference}` });
  await expect(booking.getByText('Status: Confirmed', { exact: true })).toBeVisible();
  await expect(booking).toContainText(shown);
  await expect(booking).toContainText('Discount (WELCOME10)');
});
