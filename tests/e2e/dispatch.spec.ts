// Dispatch in a browser, on the embedded defaults: a chauffeur application sent on /chauffeur
// becomes a chauffeur in one step, two cars are added, and both a chauffeur and a car are
// assigned to a paid booking; a second booking at the same time is refused the same chauffeur
// with the reason; the run sheet shows the job and prints without the site's navigation (A4
// landscape); the chauffeur's email carries the job and a calendar file ical.js reads, and a change
// of car sends it again with a higher SEQUENCE. The passenger is emailed and texted who is coming.
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ICAL from 'ical.js';
import type { Page } from '@playwright/test';
import {
  E2E_DATA_DIR,
  newPerson,
  OUTBOX_DIR,
  sentTo,
  signUp,
  uniqueEmail,
  useOwnClientAddress,
  waitForMail,
  type OutboxMessage,
} from './account-helpers';
import { grantStaff } from './staff-helpers';
import { expect, test } from './fixtures';
import { seedBooking } from './seed-booking';
import { decodeParts } from '../support/mime';
import { ordinaryDayAhead } from '../support/ordinary-days';

const inYears = (years: number) => {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() + years);
  return date.toISOString().slice(0, 10);
};

async function applyAsChauffeur(page: Page, lastName: string, email: string) {
  await page.goto('/chauffeur');
  const form = page.getByRole('form', { name: 'Application form' });
  const group = (name: string) => form.getByRole('group', { name });
  const city = group('I am applying as').getByLabel('City');
  await city.selectOption({ index: 1 });
  await group('Experience').getByLabel('Years of driving experience').fill('9');
  await group('Experience')
    .getByLabel('Your chauffeur, driving or hospitality experience')
    .fill('Nine years of airport and corporate transfers on the Gold Coast.');
  await group('Personal details').getByLabel('First name').fill('Arthur');
  await group('Personal details').getByLabel('Last name').fill(lastName);
  await group('Personal details').getByLabel('Date of birth').fill('1980-04-02');
  const licence = group('Driver licence details');
  await licence.getByLabel('Licence number').fill('123456789');
  await licence.getByLabel('Licence class').selectOption('C (car)');
  await licence.getByLabel('State or territory of issue').selectOption('Queensland');
  await licence.getByLabel('Expiry date').fill(inYears(3));
  await group('Driver authority').getByLabel('Driver authority number').fill('DA12345');
  await group('Driver authority').getByLabel('Expiry date').fill(inYears(1));
  await group('Address').getByLabel('Street address').fill('1 Queen Street');
  await group('Address').getByLabel('Suburb').fill('Brisbane City');
  await group('Address')
    .getByLabel('State or territory', { exact: true })
    .selectOption('Queensland');
  await group('Address').getByLabel('Postcode').fill('4000');
  await group('Contact details').getByLabel('Email').fill(email);
  await group('Contact details').getByLabel('Mobile number').fill('0400 111 222');
  await form.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for applying!' })).toBeVisible();
}

async function addCar(page: Page, plate: string, makeModel: string) {
  await page.goto('/staff/cars');
  const form = page.getByRole('form', { name: 'Add a car' });
  await form.getByLabel('Registration plate').fill(plate);
  await form.getByLabel('Make and model').fill(makeModel);
  await form.getByLabel('Counts as vehicle type').selectOption({ label: 'Premium SUV' });
  await form.getByLabel('Passenger seats').fill('4');
  await form.getByLabel('Registration expires').fill(inYears(1));
  await form.getByRole('button', { name: 'Add car' }).click();
  await expect(page.getByRole('status')).toHaveText(`Added car ${plate}.`);
}

async function assign(page: Page, reference: string, chauffeur: string, car: string) {
  await page.goto(`/staff/bookings/${reference}`);
  const form = page.getByRole('form', { name: 'Chauffeur and car' });
  await form.getByLabel('Chauffeur').selectOption({ label: chauffeur });
  await form.getByLabel('Car').selectOption({ label: car });
  await form.getByRole('button', { name: /chauffeur and car$/ }).click();
}

/** The text message outbox's files (DATA_DIR/sms) that mention a booking, raw. */
function textMessagesAbout(reference: string): string[] {
  const dir = path.join(E2E_DATA_DIR, 'sms');
  return existsSync(dir)
    ? readdirSync(dir)
        .map((name) => readFileSync(path.join(dir, name), 'utf8'))
        .filter((raw) => raw.includes(reference))
    : [];
}

/** The calendar file of an outbox message, as ical.js reads it. */
function calendarOf(message: OutboxMessage) {
  const raw = readFileSync(path.join(OUTBOX_DIR, message.file), 'utf8');
  const ics = /BEGIN:VCALENDAR[\s\S]*?END:VCALENDAR\r?\n/.exec(decodeParts(raw))![0];
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
  return {
    method: String(calendar.getFirstPropertyValue('method')),
    uid: event.uid,
    sequence: event.sequence,
    summary: event.summary,
    description: event.description,
    start: event.startDate.toJSDate(),
  };
}

test.describe('dispatch', () => {
  // The refused assignment answers 409: the browser logs it.
  test.use({ allowedConsoleErrors: [/status of 409/] });

  test('an applicant becomes a chauffeur, is assigned with a car, is on the run sheet and gets the job sheet', async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const siteUrl = new URL(baseURL!).origin;
    await useOwnClientAddress(page);
    const tag = randomUUID().slice(0, 6).toUpperCase();
    const lastName = `Dispatch-${tag}`;
    const chauffeurEmail = uniqueEmail('chauffeur');
    const name = `Arthur ${lastName}`;
    await applyAsChauffeur(page, lastName, chauffeurEmail);

    const staff = newPerson('dispatcher');
    await signUp(page, staff);
    await grantStaff(staff.email, siteUrl);

    // The application becomes a chauffeur in one step.
    await page.goto('/staff/applications');
    await page.getByRole('button', { name: `Make ${name} a chauffeur` }).click();
    await expect(page.getByRole('status')).toHaveText(`${name} is now a chauffeur.`);
    await expect(page.getByRole('row', { name: new RegExp(lastName) })).toContainText(
      '+61 400 111 222',
    );

    const firstPlate = `E2E ${tag.slice(0, 4)}`;
    const secondPlate = `F2E ${tag.slice(0, 4)}`;
    await addCar(page, firstPlate, 'Audi Q7');
    await addCar(page, secondPlate, 'Volvo XC90');

    const passengerEmail = uniqueEmail('passenger');
    const first = await seedBooking(request, passengerEmail);
    const second = await seedBooking(request, uniqueEmail('passenger'));

    await assign(page, first.reference, name, `${firstPlate}, Audi Q7 (4 seats)`);
    await expect(page.getByRole('status')).toHaveText(
      `Assigned ${name} and car ${firstPlate}. Arthur has been emailed.`,
    );

    // The same chauffeur at the same time on another booking: refused, with the reason.
    await assign(page, second.reference, name, `${secondPlate}, Volvo XC90 (4 seats)`);
    await expect(
      page.getByRole('form', { name: 'Chauffeur and car' }).getByRole('alert'),
    ).toContainText(
      `${name} is already on booking ${first.reference}, whose time overlaps this one`,
    );
    await expect(page.getByText('No chauffeur or car yet.')).toBeVisible();

    // The run sheet of the pickup day shows the job; printed, it is the sheet alone.
    const day = ordinaryDayAhead(3);
    await page.goto(`/staff/day?date=${day}`);
    const row = page.getByRole('row').filter({ hasText: first.reference });
    await expect(row).toContainText(name);
    await expect(row).toContainText(`${firstPlate}, Audi Q7`);
    await expect(row).toContainText('9:15 AM');
    await expect(row).toContainText('Flight VA1234');
    // The reference tells zero from O (tabular figures with a slashed zero).
    expect(
      await row
        .getByRole('link', { name: first.reference })
        .evaluate((node) => getComputedStyle(node).fontVariantNumeric),
    ).toContain('slashed-zero');
    await expect(page.getByRole('row').filter({ hasText: second.reference })).toContainText(
      'Unassigned',
    );
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('navigation', { name: 'Operations' })).toBeHidden();
    await expect(page.locator('.site-header')).toBeHidden();
    await expect(page.locator('.staff-header')).toBeHidden();
    await expect(page.locator('.site-footer')).toBeHidden();
    await expect(page.getByRole('link', { name: 'Download CSV' })).toBeHidden();
    await expect(row).toBeVisible();
    const pdf = (await page.pdf({ preferCSSPageSize: true })).toString('latin1');
    // A4 landscape: 842 by 595 points.
    const box = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(pdf);
    expect([Math.round(Number(box?.[1])), Math.round(Number(box?.[2]))]).toEqual([842, 595]);
    await page.emulateMedia({ media: 'screen' });

    // The chauffeur's job sheet: the job, and a calendar file with the job's UID.
    const [sheet] = await waitForMail(sentTo(chauffeurEmail));
    expect(sheet!.headers.subject).toContain(`New job ${first.reference}`);
    expect(sheet!.text).toContain(`Booking number: ${first.reference}`);
    expect(sheet!.text).toContain(`Car: ${firstPlate}, Audi Q7`);
    expect(sheet!.text).toContain('Passenger: Aroha Ngata, +61 400 111 222');
    const calendar = calendarOf(sheet!);
    expect(calendar).toMatchObject({
      method: 'PUBLISH',
      uid: `job-${first.bookingId}@${new URL(siteUrl).hostname}`,
      sequence: 0,
    });
    expect(calendar.description).toContain(`Booking number: ${first.reference}`);

    // The passenger is told who is coming, by email and by text message: the chauffeur's first
    // name, the car, its plate and the business's number (the jobs run on the server).
    const [notice] = await waitForMail(sentTo(passengerEmail), 2).then((mail) =>
      mail.filter((message) => message.headers.subject?.startsWith('Your chauffeur')),
    );
    expect(notice!.headers.subject).toBe(`Your chauffeur for booking ${first.reference}: Arthur`);
    expect(notice!.text).toContain('Arthur will be your chauffeur on');
    expect(notice!.text).toContain(`in the Audi Q7, registration ${firstPlate}.`);
    expect(notice!.text).toContain('call us on 1300 975 707');
    expect(notice!.text).not.toContain(lastName);
    await expect
      .poll(() => textMessagesAbout(first.reference))
      .toEqual([
        expect.stringMatching(
          new RegExp(
            `^To: \\+61400111222\n[\\s\\S]*Arthur is your chauffeur for booking ${first.reference} on .+, in the Audi Q7, plate ${firstPlate}\\. Questions\\? Call 1300 975 707\\.`,
          ),
        ),
      ]);

    // A change of car sends it again: same UID, higher SEQUENCE.
    await assign(page, first.reference, name, `${secondPlate}, Volvo XC90 (4 seats)`);
    await expect(page.getByRole('status')).toHaveText(
      `Changed to ${name} and car ${secondPlate}. Arthur has been emailed.`,
    );
    const sheets = await waitForMail(sentTo(chauffeurEmail), 2);
    const changed = calendarOf(sheets.at(-1)!);
    expect(changed).toMatchObject({ method: 'PUBLISH', uid: calendar.uid, sequence: 1 });
    expect(changed.description).toContain(`Car: ${secondPlate}, Volvo XC90`);
  });
});
