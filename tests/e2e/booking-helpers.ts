// Steps of the booking widget as a customer takes them, shared by booking.spec.ts (the site's
// /booking page) and partner.spec.ts (a partner's page on another origin). Playwright's role and
// label locators reach into the widget's open shadow root.
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { seriousA11yViolations } from './fixtures';
import { ordinaryDayAhead } from '../support/ordinary-days';

/**
 * A Queensland date `days` from now (or the next day that is no public holiday, whose surcharge
 * would change the fares tests check), as the date field takes it (YYYY-MM-DD).
 */
export function dateAhead(days: number): string {
  return ordinaryDayAhead(days);
}

export const widget = (page: Page) => page.locator('chauffeur-booking');

/** The wizard's footer: Clear Form, Previous, Next and the running total. */
export const footer = (page: Page) => widget(page).locator('.cb-footer');

/** Types into a place field, waits for the suggestions and picks one (by name, else the first). */
export async function choosePlace(
  page: Page,
  field: string | RegExp,
  query: string,
  option?: string | RegExp,
): Promise<string> {
  const box = page.getByRole('combobox', { name: field });
  await box.fill(query);
  const choice = option
    ? page.getByRole('option', { name: option }).first()
    : page.getByRole('option').first();
  await expect(choice).toBeVisible();
  const text = (await choice.textContent()) ?? '';
  await choice.click();
  await expect(box).toHaveValue(text);
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await fillWhatThePlaceAsks(page, field);
  return text;
}

/** The accessible name's start of each place field's Address details. */
function placeName(field: string | RegExp): string | null {
  const name = typeof field === 'string' ? field : field.source;
  if (/FROM/.test(name)) return 'Pickup';
  if (/TO/.test(name)) return 'Drop';
  return /^Stop \d$/.test(name) ? name : null;
}

/**
 * What a chosen place needs before Next, filled with plain values so journeys that are not about
 * them still book: a suburb's required Address details, an airport pickup's flight number.
 * Specs about these fields drive them themselves.
 */
export async function fillWhatThePlaceAsks(page: Page, field: string | RegExp) {
  const name = placeName(field);
  if (!name) return;
  const details = widget(page).getByRole('textbox', {
    name: new RegExp(`^${name} Address details$`),
  });
  if ((await details.count()) > 0 && (await details.inputValue()) === '') {
    await details.fill('1 Example Street');
  }
  if (name !== 'Pickup') return;
  const flight = widget(page).getByRole('textbox', { name: /^Flight number/ });
  if ((await flight.count()) > 0 && (await flight.inputValue()) === '') {
    await flight.fill('QF 512');
  }
}

export async function next(page: Page, label: string) {
  await page.getByRole('button', { name: label }).click();
}

export async function expectStep(page: Page, heading: string, position: number) {
  await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  await expect(
    widget(page)
      .getByRole('status')
      .filter({ hasText: /^Step \d of 5/ }),
  ).toHaveText(new RegExp(`^Step ${position} of 5: `));
}

export interface Contact {
  firstName: string;
  lastName: string;
  mobile: string;
  email: string;
  countryCode?: string;
}

export async function fillContact(scope: Locator | Page, contact: Contact) {
  await scope.getByLabel('First name').fill(contact.firstName);
  await scope.getByLabel('Last name').fill(contact.lastName);
  if (contact.countryCode !== undefined) {
    await scope.getByLabel('Country code').fill(contact.countryCode);
  }
  await scope.getByLabel('Mobile number').fill(contact.mobile);
  await scope.getByLabel('Email').fill(contact.email);
}

/** The payment step's required agreement to the Terms and the Cancellation policy. */
export const termsCheckbox = (page: Page) =>
  widget(page).getByRole('checkbox', {
    name: 'I agree to the Terms and conditions (opens in a new tab) and the Cancellation policy (opens in a new tab)',
  });

/** Pay now, with the agreement ticked first as a customer must. */
export async function payNow(page: Page) {
  const terms = termsCheckbox(page);
  if (!(await terms.isChecked())) await terms.check();
  await page.getByRole('button', { name: 'Pay now' }).click();
}

export async function payWithCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await payNow(page);
}

/**
 * Every sedan is listed under "Not available for this trip", after every vehicle that can be
 * chosen, below `reason` said once for them; each Select button disabled and described by it.
 */
export async function expectSedansDisabled(page: Page, reason: string) {
  const unavailable = widget(page).getByRole('region', { name: 'Not available for this trip' });
  await expect(unavailable.getByText(reason, { exact: true })).toHaveCount(1);
  const group = unavailable.getByRole('list', { name: reason });
  const sedans = group
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: /Sedan$/ }) });
  await expect(sedans.first()).toBeVisible();
  expect(await sedans.count()).toBeGreaterThanOrEqual(2);
  for (const card of await sedans.all()) {
    const select = card.getByRole('button', { name: 'Select Vehicle' });
    await expect(select).toBeDisabled();
    await expect(select).toHaveAccessibleDescription(new RegExp(reason.replace('.', '\\.')));
  }
  // None of the vehicles that can be chosen comes after them.
  const usable = widget(page).getByRole('list', { name: 'Vehicles for your trip' });
  expect(await usable.getByRole('heading', { name: /Sedan$/ }).count()).toBe(0);
}

/** Step 1 with a valid trip (pickup, drop, a date ten days ahead); returns the places chosen. */
export async function fillSimpleTrip(page: Page) {
  const pickup = await choosePlace(page, /^FROM/, 'Brisbane Airport', /Domestic Terminal/);
  const drop = await choosePlace(page, /^TO/, 'South Bank', /South Bank Parklands/);
  await page.getByLabel('Booking date').fill(dateAhead(10));
  return { pickup, drop };
}

/** From an empty step 1 to step 3 with a vehicle selected; returns the vehicle's price text. */
export async function toPassengerStep(page: Page) {
  await fillSimpleTrip(page);
  await next(page, 'Next: Vehicle Selection');
  await expectStep(page, 'Vehicle Selection', 2);
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Executive Sedan' }) });
  await card.getByRole('button', { name: 'Select Vehicle' }).click();
  await next(page, 'Next: Passenger Details');
  await expectStep(page, 'Passenger Details', 3);
}

export async function expectNoSeriousViolations(page: Page, where: string) {
  expect(await seriousA11yViolations(page), `axe-core on ${where}`).toEqual([]);
}

/** The field's error message, found through its aria-describedby. */
export async function errorOf(
  page: Page,
  label: string | RegExp,
  role: 'textbox' | 'combobox' | 'spinbutton' = 'textbox',
) {
  const field = role === 'textbox' ? page.getByLabel(label) : page.getByRole(role, { name: label });
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  return field.evaluate((element) => {
    const ids = (element.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
    const root = element.getRootNode() as ShadowRoot;
    return ids
      .map((id) => root.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim();
  });
}

/** A passenger for journeys that do not care who travels. */
export const mere = {
  firstName: 'Mere',
  lastName: 'Tane',
  mobile: '412345678',
  email: 'mere@example.com',
};

/** From step 3 to the payment form: the passenger given, the summary, then Next: Payment. */
export async function passengerToPayment(page: Page, contact = mere) {
  await fillContact(page, contact);
  await next(page, 'Next: Summary');
  await next(page, 'Next: Payment');
  await expect(page.getByRole('button', { name: 'Pay now' })).toBeVisible();
}

/** The partner's page on a second origin (tests/fixtures/partner). */
export const partner = `http://${process.env.E2E_PARTNER_HOST}:${process.env.E2E_PARTNER_PORT}`;

/**
 * Playwright's plain test for a partner's page (it has no React, so not fixtures.ts), with the
 * same guard: any console error or page error fails the test. `prepare` runs before the page
 * opens (the strict-CSP spec records violations there).
 */
export function partnerTest(prepare?: (page: Page) => Promise<unknown>) {
  return base.extend<{ consoleErrors: string[] }>({
    consoleErrors: [
      async ({ page }, use) => {
        const errors: string[] = [];
        await prepare?.(page);
        page.on('console', (message) => {
          if (message.type() === 'error') errors.push(message.text());
        });
        page.on('pageerror', (error) => errors.push(error.message));
        await use(errors);
        expect(errors, 'console errors on the partner page').toEqual([]);
      },
      { auto: true },
    ],
  });
}
