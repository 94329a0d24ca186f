// The bookings list, one page at a time, in a browser without JavaScript: 51 unpaid drafts share a
// passenger's surname; a staff member (granted with `npm run staff`) searches it with "Not paid",
// reads "51 bookings", sees 50 on the first page, follows "Next page" to the 51st and "First page"
// back. Plain GET forms and links, no script; axe-core finds no serious accessibility violation on
// either page.
import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { newPerson, PASSWORD, signIn, signUp, uniqueClientAddress } from './account-helpers';
import { grantStaff } from './staff-helpers';
import { expect, seriousA11yViolations, test } from './fixtures';
import { ordinaryDayAhead } from '../support/ordinary-days';

const DRAFTS = 51;

/** Unpaid bookings for passengers who share a surname, through the booking API. */
async function seedDrafts(request: APIRequestContext, surname: string, count: number) {
  const headers = () => ({ 'X-Forwarded-For': uniqueClientAddress() });
  const place = async (q: string) => {
    const response = await request.get(`/api/places?q=${encodeURIComponent(q)}`, {
      headers: headers(),
    });
    const { suggestions } = (await response.json()) as { suggestions: { placeId: string }[] };
    return suggestions[0]!;
  };
  const date = ordinaryDayAhead(5);
  const quote = await request.post('/api/quotes', {
    headers: headers(),
    data: {
      pickup: await place('Brisbane Airport International'),
      flightNumber: 'VA 1234',
      drop: { ...(await place('Noosa')), details: '12 Hastings Street' },
      stops: [{ enabled: true, ...(await place('Mooloolaba')), details: '5 The Esplanade' }],
      date,
      time: '09:15',
      passengers: 2,
      byTheHour: false,
      hours: 0,
      notes: '',
    },
  });
  expect(quote.status(), await quote.text()).toBe(200);
  const quoted = (await quote.json()) as {
    quoteToken: string;
    vehicles: { id: string; canCarry: boolean; totalCents: number | null }[];
  };
  const vehicle = quoted.vehicles.find((card) => card.canCarry && card.totalCents !== null)!;
  for (let index = 0; index < count; index += 1) {
    const booked = await request.post('/api/bookings', {
      headers: headers(),
      data: {
        quoteToken: quoted.quoteToken,
        vehicleId: vehicle.id,
        passenger: {
          firstName: 'Hemi',
          lastName: surname,
          email: `hemi.${surname.toLowerCase()}.${index}@example.com`,
          countryCode: '+61',
          mobileNumber: `04${String(20_000_000 + index).padStart(8, '0')}`,
        },
        onBehalf: false,
      },
    });
    expect(booked.status()).toBe(201);
  }
}

test('staff page through the bookings list without JavaScript', async ({
  browser,
  baseURL,
  request,
  page: scripted,
}) => {
  test.setTimeout(180_000);
  const siteUrl = new URL(baseURL!).origin;
  // Letters only, so the surname is one word of the name search.
  const surname = `Paora${[...randomBytes(6)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('')}`;
  await seedDrafts(request, surname, DRAFTS);

  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    extraHTTPHeaders: { 'X-Forwarded-For': uniqueClientAddress() },
  });
  const page = await context.newPage();
  const staff = newPerson('lists');
  await signUp(page, staff);
  await grantStaff(staff.email, siteUrl);

  await page.goto('/staff');
  await page.getByRole('searchbox', { name: 'Search' }).fill(surname.toLowerCase());
  await page.getByLabel('Status').selectOption({ label: 'Not paid' });
  await page.getByRole('button', { name: 'Show bookings' }).click();
  const status = page.getByRole('status');
  await expect(status).toHaveText(`${DRAFTS} bookings. This page shows 50, by pickup time.`);
  const bookingLinks = page.getByRole('main').getByRole('link', { name: /^[0-9A-Z]{8,12}$/ });
  await expect(bookingLinks).toHaveCount(50);
  const first = new Set(await bookingLinks.allTextContents());

  const pages = page.getByRole('navigation', { name: 'Pages of bookings' });
  await expect(pages.getByRole('link', { name: 'First page' })).toHaveCount(0);
  await pages.getByRole('link', { name: 'Next page' }).click();
  await expect(status).toHaveText(`${DRAFTS} bookings. This page shows 1, by pickup time.`);
  await expect(bookingLinks).toHaveCount(1);
  expect(first.has((await bookingLinks.textContent())!)).toBe(false);
  await expect(pages.getByRole('link', { name: 'Next page' })).toHaveCount(0);
  const secondPage = page.url();

  await pages.getByRole('link', { name: 'First page' }).click();
  await expect(bookingLinks).toHaveCount(50);
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(surname.toLowerCase());
  const firstPage = page.url();
  await context.close();

  // Both pages, checked by axe-core (which needs scripts) in a browser that runs them.
  await scripted.setExtraHTTPHeaders({ 'X-Forwarded-For': uniqueClientAddress() });
  await signIn(scripted, staff.email, PASSWORD);
  await expect(scripted).not.toHaveURL(/\/signin/);
  for (const url of [firstPage, secondPage]) {
    await scripted.goto(url);
    await expect(scripted.getByRole('navigation', { name: 'Pages of bookings' })).toBeVisible();
    expect(await seriousA11yViolations(scripted)).toEqual([]);
  }
});
