// Chauffeur and contractor applications on /chauffeur in the browser: clear messages,
// applications saved with their type and emailed to staff, a confirmation screen, and what was
// typed kept when the store fails.
import { DatabaseSync } from 'node:sqlite';
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, seriousA11yViolations, test } from './fixtures';
import {
  outboxMessages,
  staffMailAbout,
  STORE_FILE,
  storedDocuments,
  uniqueClientAddress,
  uniqueEmail,
  useOwnClientAddress,
  waitForMail,
} from './account-helpers';

test.use({ allowedConsoleErrors: [/the server responded with a status of (400|503)/] });

test.beforeEach(async ({ page }) => {
  await useOwnClientAddress(page);
});

const form = (page: Page) => page.getByRole('form', { name: 'Application form' });
const group = (page: Page, name: string) => form(page).getByRole('group', { name });

/** A date `years` years from today, as a date field takes it. */
function yearsFromNow(years: number): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() + years);
  return date.toISOString().slice(0, 10);
}

async function fillApplication(page: Page, lastName: string, email: string) {
  const applying = group(page, 'I am applying as');
  const city = applying.getByLabel('City');
  // The second option: the first is the "Select your city" placeholder.
  const firstCity = await city.locator('option').nth(1).textContent();
  await city.selectOption({ label: firstCity ?? '' });
  const experience = group(page, 'Experience');
  await experience.getByLabel('Years of driving experience').fill('7');
  await experience
    .getByLabel('Your chauffeur, driving or hospitality experience')
    .fill('Five years of corporate transfers in Brisbane.');
  const personal = group(page, 'Personal details');
  await personal.getByLabel('First name').fill('Arthur');
  await personal.getByLabel('Last name').fill(lastName);
  await personal.getByLabel('Date of birth').fill('1980-04-02');
  const licence = group(page, 'Driver licence details');
  await licence.getByLabel('Licence number').fill('123456789');
  await licence.getByLabel('Licence class').selectOption('C (car)');
  await licence.getByLabel('State or territory of issue').selectOption('Queensland');
  await licence.getByLabel('Expiry date').fill(yearsFromNow(3));
  const authority = group(page, 'Driver authority');
  await authority.getByLabel('Driver authority number').fill('DA12345');
  await authority.getByLabel('Expiry date').fill(yearsFromNow(1));
  const address = group(page, 'Address');
  await address.getByLabel('Street address').fill('1 Queen Street');
  await address.getByLabel('Suburb').fill('Brisbane City');
  await address.getByLabel('State or territory', { exact: true }).selectOption('Queensland');
  await address.getByLabel('Postcode').fill('4000');
  const contact = group(page, 'Contact details');
  await contact.getByLabel('Email').fill(email);
  await contact.getByLabel('Mobile number').fill('0400 111 222');
  return firstCity ?? '';
}

const savedApplications = (email: string) =>
  storedDocuments('applications', '$.contact.email', email);

test('explains what is missing or wrong, next to each field', async ({ page }) => {
  await page.goto('/chauffeur');
  await form(page).getByRole('button', { name: 'Submit Application' }).click();
  const expected: [string, string, string][] = [
    ['I am applying as', 'City', 'Please select your city.'],
    ['Experience', 'Years of driving experience', 'Years of driving experience is required.'],
    ['Personal details', 'First name', 'First name is required.'],
    ['Personal details', 'Date of birth', 'Date of birth is required.'],
    ['Driver licence details', 'Licence number', 'Licence number is required.'],
    ['Driver licence details', 'Licence class', 'Please select your licence class.'],
    ['Driver licence details', 'Expiry date', 'Licence expiry date is required.'],
    ['Address', 'Postcode', 'Postcode is required.'],
    ['Contact details', 'Email', 'Email is required.'],
    ['Contact details', 'Mobile number', 'Mobile number is required.'],
  ];
  for (const [groupName, label, message] of expected) {
    const field = group(page, groupName).getByLabel(label, { exact: true });
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(message);
  }
  // The driver authority is optional: no message while both of its fields are empty.
  await expect(group(page, 'Driver authority').getByLabel('Expiry date')).not.toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(group(page, 'I am applying as').getByLabel('City')).toBeFocused();

  await group(page, 'Personal details').getByLabel('Date of birth').fill(yearsFromNow(-16));
  await group(page, 'Address').getByLabel('Postcode').fill('400');
  await expect(
    group(page, 'Personal details').getByLabel('Date of birth'),
  ).toHaveAccessibleDescription('Applicants must be at least 18 years old.');
  await expect(group(page, 'Address').getByLabel('Postcode')).toHaveAccessibleDescription(
    'Please enter a 4-digit postcode.',
  );
  expect(await seriousA11yViolations(page)).toEqual([]);
});

for (const type of ['chauffeur', 'contractor'] as const) {
  test(`a ${type} application is saved, emailed to staff and confirmed`, async ({ page }) => {
    await page.goto(type === 'contractor' ? '/chauffeur?type=contractor' : '/chauffeur');
    const label = type === 'contractor' ? 'Contractor (with my own vehicle)' : 'Chauffeur';
    await expect(group(page, 'I am applying as').getByLabel(label)).toBeChecked();
    const lastName = `Upfield-${randomUUID().slice(0, 6)}`;
    const email = uniqueEmail(`apply-${type}`);
    const city = await fillApplication(page, lastName, email);
    await form(page).getByRole('button', { name: 'Submit Application' }).click();

    const confirmation = page.getByRole('heading', { name: 'Thank you for applying!' });
    await expect(confirmation).toBeVisible();
    await expect(confirmation).toBeFocused();
    await expect(page.getByRole('status')).toHaveText(
      `We have received your ${type} application. Our team will review it and contact you within 7 days.`,
    );

    const [saved] = savedApplications(email);
    expect(saved).toMatchObject({
      type,
      city,
      experience: { years: 7, details: 'Five years of corporate transfers in Brisbane.' },
      personal: { firstName: 'Arthur', lastName, dateOfBirth: '1980-04-02' },
      licence: { number: '123456789', class: 'C (car)', state: 'Queensland' },
      driverAuthority: { number: 'DA12345' },
      address: { street: '1 Queen Street', suburb: 'Brisbane City', postcode: '4000' },
      contact: { email, mobile: '+61400111222' },
    });

    const [mail] = await waitForMail(staffMailAbout(lastName));
    expect(mail?.headers.subject).toContain(
      type === 'contractor' ? 'Contractor (own vehicle) application' : 'Chauffeur application',
    );
    expect(mail?.headers['reply-to']).toContain(email);
    expect(mail?.text).toContain('123456789, class C (car), Queensland');
    expect(mail?.text).toContain('Mobile: +61 400 111 222');
  });
}

test('when the store fails, the applicant is told and keeps everything typed', async ({ page }) => {
  // A first application makes sure the server has created its store.
  await page.goto('/chauffeur');
  await fillApplication(page, `Warmup-${randomUUID().slice(0, 6)}`, uniqueEmail('apply-warmup'));
  await form(page).getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for applying!' })).toBeVisible();

  const email = uniqueEmail('apply-failure');
  const lastName = `Failure-${randomUUID().slice(0, 6)}`;
  const trigger = `e2e_refuse_${randomUUID().replace(/-/g, '')}`;
  const db = new DatabaseSync(STORE_FILE);
  db.exec('PRAGMA busy_timeout = 5000');
  db.exec(`CREATE TRIGGER ${trigger} BEFORE INSERT ON applications
    WHEN json_extract(NEW.document, '$.contact.email') = '${email}'
    BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END`);
  try {
    await page.goto('/chauffeur');
    await fillApplication(page, lastName, email);
    await form(page).getByRole('button', { name: 'Submit Application' }).click();
    await expect(form(page).getByRole('alert')).toHaveText(
      'We could not send your application just now. Everything you typed is still here: please try again in a moment, or call us on 1300 975 707.',
    );
    await expect(group(page, 'Personal details').getByLabel('Last name')).toHaveValue(lastName);
    await expect(group(page, 'Contact details').getByLabel('Email')).toHaveValue(email);
    await expect(group(page, 'Driver licence details').getByLabel('Licence class')).toHaveValue(
      'C (car)',
    );
    expect(savedApplications(email)).toEqual([]);
    await page.waitForTimeout(300);
    expect(await outboxMessages(staffMailAbout(lastName))).toEqual([]);
  } finally {
    db.exec(`DROP TRIGGER IF EXISTS ${trigger}`);
    db.close();
  }
});

test('works without JavaScript', async ({ browser, baseURL }) => {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    extraHTTPHeaders: { 'X-Forwarded-For': uniqueClientAddress() },
  });
  const page = await context.newPage();
  await page.goto('/chauffeur?type=contractor');
  await form(page).getByRole('button', { name: 'Submit Application' }).click();
  await expect(form(page).getByText('Please select your city.')).toBeVisible();
  const email = uniqueEmail('apply-nojs');
  await fillApplication(page, `NoScript-${randomUUID().slice(0, 6)}`, email);
  await form(page).getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for applying!' })).toBeVisible();
  expect(savedApplications(email)).toMatchObject([{ type: 'contractor' }]);
  await context.close();
});
