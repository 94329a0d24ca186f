// What a chauffeur needs beyond the place, on the embedded defaults: a suburb pickup asks for the
// exact address (Address details), an airport pickup asks for the flight number with the free
// waiting time; both reach the summary, the confirmation email and /manage-booking.
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { dateAhead, expectStep, fillContact, next, payWithCard, widget } from './booking-helpers';
import { decodeParts, outboxMessagesWith } from '../support/mime';

const outbox = path.join(process.env.E2E_DATA_DIR ?? '.data/e2e', 'outbox');

/** Types a place and picks the named suggestion, without filling what it asks. */
async function pick(page: Page, field: RegExp, query: string, option: RegExp) {
  await page.getByRole('combobox', { name: field }).fill(query);
  await page.getByRole('option', { name: option }).first().click();
}

/** Step 4 to a paid booking; returns the reference and the text of the customer's confirmation email. */
async function payAndReadEmail(page: Page, customer: string) {
  await next(page, 'Next: Payment');
  await expect(page.getByRole('button', { name: 'Pay now' })).toBeVisible();
  await payWithCard(page, '4242 4242 4242 4242');
  const confirmation = page.getByText(/Booking RefId for your reference: [A-Z0-9]{8,12}$/);
  await expect(confirmation).toBeVisible();
  const reference = ((await confirmation.textContent()) ?? '').split(': ').at(-1) ?? '';
  await expect.poll(() => outboxMessagesWith(outbox, reference, customer).length).toBe(1);
  return {
    reference,
    email: decodeParts(outboxMessagesWith(outbox, reference, customer)[0] ?? ''),
  };
}

async function toSummary(page: Page, email: string) {
  await next(page, 'Next: Vehicle Selection');
  await expectStep(page, 'Vehicle Selection', 2);
  await page.getByRole('button', { name: 'Select Vehicle' }).first().click();
  await next(page, 'Next: Passenger Details');
  await fillContact(page, { firstName: 'Mere', lastName: 'Tainui', mobile: '412345678', email });
  await next(page, 'Next: Summary');
  await expectStep(page, 'Summary', 4);
}

test('a Paddington pickup needs its street address, which reaches the summary, the email and Manage Booking', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = `mere+${Date.now().toString(36)}@example.com`;
  await page.goto('/booking');
  await pick(page, /^FROM/, 'Paddington', /^Paddington QLD 4064/);
  await pick(page, /^TO/, 'South Bank', /South Bank Parklands/);
  await page.getByLabel('Booking date').fill(dateAhead(10));

  const details = widget(page).getByRole('textbox', { name: 'Pickup Address details' });
  await expect(details).toHaveAttribute('aria-required', 'true');
  await expect(details).toHaveAccessibleDescription(/Unit, number and street, building or gate/);
  // The landmark at the other end may have a gate or entrance: optional.
  await expect(
    widget(page).getByRole('textbox', { name: 'Drop Address details (optional)' }),
  ).toBeVisible();
  await next(page, 'Next: Vehicle Selection');
  await expect(details).toHaveAccessibleDescription(
    /Enter the street address: number and street, unit or building\./,
  );
  await details.fill('12 Smith Street');
  await toSummary(page, email);

  await expect(
    widget(page).getByText('12 Smith Street, Paddington QLD 4064').first(),
  ).toBeVisible();
  const { reference, email: text } = await payAndReadEmail(page, email);
  expect(text).toContain('From: 12 Smith Street, Paddington QLD 4064');

  await page.goto('/manage-booking');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Booking number').fill(reference);
  await page.getByRole('button', { name: 'Get Booking' }).click();
  await expect(page.getByText('12 Smith Street, Paddington QLD 4064')).toBeVisible();
});

test('an airport pickup asks the flight number, refuses "XYZ" and keeps "QF 512" as QF512', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/booking');
  await pick(page, /^FROM/, 'Brisbane Airport', /Domestic Terminal/);
  await pick(page, /^TO/, 'South Bank', /South Bank Parklands/);
  await page.getByLabel('Booking date').fill(dateAhead(10));

  const flight = widget(page).getByRole('textbox', { name: 'Flight number' });
  // Codes and place names are not words: no red underline under "QF512" or "Toowong".
  await expect(flight).toHaveAttribute('spellcheck', 'false');
  await expect(widget(page).getByRole('combobox', { name: /^FROM/ })).toHaveAttribute(
    'spellcheck',
    'false',
  );
  await expect(flight).toHaveAccessibleDescription(
    /Set the pickup time to your flight's scheduled arrival\. Your chauffeur waits up to 45 minutes after landing at no charge\./,
  );
  await flight.fill('XYZ');
  await next(page, 'Next: Vehicle Selection');
  await expect(flight).toHaveAccessibleDescription(
    /Enter the airline code and flight number, e\.g\. QF 512 or VA1234\./,
  );
  await expect(flight).toHaveAttribute('aria-invalid', 'true');
  await flight.fill('QF 512');
  const customer = `mere+${Date.now().toString(36)}@example.com`;
  await toSummary(page, customer);

  await expect(widget(page).getByText('QF512 (pickup at its scheduled arrival)')).toBeVisible();
  const { email } = await payAndReadEmail(page, customer);
  expect(email).toContain('Flight: QF512 (pickup at its scheduled arrival)');
});
