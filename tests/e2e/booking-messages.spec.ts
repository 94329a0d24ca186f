// The booking widget's step messages on /booking, word for word from the contract's catalogue:
// every step-1, step-2 and step-3 rule, the booking horizon, and focus on the first field in error.
import { latestBookingDate } from '@business-chauffeur/booking-contract';
import {
  choosePlace,
  dateAhead,
  errorOf,
  expectNoSeriousViolations,
  expectStep,
  fillContact,
  fillSimpleTrip,
  next,
  toPassengerStep,
  widget,
} from './booking-helpers';
import { expect, test } from './fixtures';

test.describe('step 1 messages', () => {
  test('missing places, stop, date, passengers, hours and bad notes; the first field gets focus', async ({
    page,
  }) => {
    await page.goto('/booking');
    await page.getByRole('switch', { name: 'Add a stop?' }).check();
    await page.getByLabel('Passengers').fill('0');
    await page.getByRole('switch', { name: 'By the Hour' }).check();
    await page.getByLabel('Booking notes (max 300 characters)').fill('Gate #4 please!');
    await next(page, 'Next: Vehicle Selection');

    await expect(page.getByRole('combobox', { name: /^FROM/ })).toBeFocused();
    expect(await errorOf(page, /^FROM/, 'combobox')).toBe('Pickup location is required.');
    expect(await errorOf(page, /^TO/, 'combobox')).toBe('Drop location is required.');
    expect(await errorOf(page, 'Stop 1', 'combobox')).toBe(
      'Since you have selected, add another stop, Stop location is required.',
    );
    expect(await errorOf(page, 'Booking date')).toBe('Booking date is required.');
    expect(await errorOf(page, 'Passengers')).toBe('Number of passengers is required.');
    expect(await errorOf(page, 'Booking notes (max 300 characters)')).toBe(
      'Only alphanumeric characters, commas, semicolons, and underscores are allowed.',
    );
    const hoursError = page.getByText(
      'Since you have opted booking by the hours, Number of hours is required.',
    );
    await expect(hoursError).toBeVisible();
    const plus = page.getByRole('button', { name: 'Increase hours by 1' });
    await expect(plus).toHaveAttribute(
      'aria-describedby',
      (await hoursError.getAttribute('id')) ?? '',
    );
    await expectStep(page, 'General Details', 1);
    await expectNoSeriousViolations(page, 'step 1 with errors');

    // Fixing a field removes its message.
    await choosePlace(page, /^FROM/, 'Brisbane Airport');
    await expect(page.getByRole('combobox', { name: /^FROM/ })).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  test('time required, and "one hour from now" for the time and for the date (Queensland time)', async ({
    page,
  }) => {
    // The browser's clock at 23:30 in Brisbane on a day a month ahead (the server keeps the real
    // clock, so the trip is still in its future): no pickup that day is an hour away any more.
    const today = dateAhead(30);
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000)
      .toISOString()
      .slice(0, 10);
    await page.clock.setFixedTime(new Date(`${today}T13:30:00Z`));
    await page.goto('/booking');
    await expect(page.getByLabel('Booking date')).toHaveAttribute('min', tomorrow);
    await fillSimpleTrip(page);
    await page.getByLabel('Booking date').fill(today);
    await page.getByLabel('Pickup time').fill('');
    await next(page, 'Next: Vehicle Selection');
    expect(await errorOf(page, 'Booking date')).toBe(
      'Booking date must be at least one hour from now.',
    );
    expect(await errorOf(page, 'Pickup time')).toContain('Booking time is required.');

    await page.getByLabel('Booking date').fill(tomorrow);
    await page.getByLabel('Pickup time').fill('00:15');
    await next(page, 'Next: Vehicle Selection');
    expect(await errorOf(page, 'Pickup time')).toContain(
      'Booking must be at least one hour from now.',
    );
    await expect(page.getByLabel('Booking date')).not.toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Pickup time').fill('00:30');
    await next(page, 'Next: Vehicle Selection');
    await expectStep(page, 'Vehicle Selection', 2);
  });
});

test('the date picker stops at the booking horizon staff set (12 months), and Next says why', async ({
  page,
}) => {
  const last = latestBookingDate(12);
  const dayAfter = new Date(Date.parse(`${last}T00:00:00Z`) + 86_400_000)
    .toISOString()
    .slice(0, 10);
  await page.goto('/booking');
  // The horizon arrives once the customer turns to the form (widget-start.spec.ts).
  await page.getByLabel('Booking date').click();
  await expect(page.getByLabel('Booking date')).toHaveAttribute('max', last);
  await fillSimpleTrip(page);
  await page.getByLabel('Booking date').fill(dayAfter);
  await next(page, 'Next: Vehicle Selection');
  expect(await errorOf(page, 'Booking date')).toBe(
    'Bookings can be made up to 12 months ahead. For a later date, please call us.',
  );
  await expectStep(page, 'General Details', 1);
});

test('step 2: Next without a vehicle, and vehicles too small for the party', async ({ page }) => {
  await page.goto('/booking');
  await fillSimpleTrip(page);
  await page.getByLabel('Passengers').fill('5');
  await next(page, 'Next: Vehicle Selection');
  await expectStep(page, 'Vehicle Selection', 2);

  const sedan = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Executive Sedan' }) });
  // The reason is said once, for the group of vehicles it rules out, and read with each button.
  const reason = 'Seats up to 3 passengers: not available for this trip.';
  const unavailable = page.getByRole('region', { name: 'Not available for this trip' });
  await expect(unavailable.getByText(reason, { exact: true })).toHaveCount(1);
  await expect(unavailable.getByRole('listitem').filter({ has: sedan })).toHaveCount(0);
  await expect(sedan.getByRole('button', { name: 'Select Vehicle' })).toBeDisabled();
  await expect(sedan.getByRole('button', { name: 'Select Vehicle' })).toHaveAccessibleDescription(
    /Seats up to 3 passengers/,
  );

  await next(page, 'Next: Passenger Details');
  const message = page.getByText('Please select the vehicle for your ride.');
  await expect(message).toBeVisible();
  const firstAvailable = page
    .getByRole('button', { name: 'Select Vehicle' })
    .and(page.locator(':enabled'))
    .first();
  await expect(firstAvailable).toBeFocused();
  await expect(firstAvailable).toHaveAttribute(
    'aria-describedby',
    new RegExp((await message.getAttribute('id')) ?? '-'),
  );
  await expectStep(page, 'Vehicle Selection', 2);
  await expectNoSeriousViolations(page, 'step 2 with an error');
});

test.describe('step 3 messages', () => {
  test('required fields, then each format and length rule, also for the person booking', async ({
    page,
  }) => {
    await page.goto('/booking');
    await toPassengerStep(page);
    await page.getByLabel('Country code').fill('');
    await next(page, 'Next: Summary');
    await expect(page.getByLabel('First name')).toBeFocused();
    expect(await errorOf(page, 'First name')).toBe('Firstname is required.');
    expect(await errorOf(page, 'Last name')).toBe('Lastname is required.');
    expect(await errorOf(page, 'Country code')).toBe('Country code is required.');
    expect(await errorOf(page, 'Mobile number')).toBe('Phone number is required.');
    expect(await errorOf(page, 'Email')).toBe('Email is required.');
    await expectNoSeriousViolations(page, 'step 3 with errors');

    const cases: [string, string, string][] = [
      ['Country code', '61', 'Invalid country code. Must start with + and contain digits.'],
      ['Country code', '+1234567', 'Country code length must be between 2 and 6 characters.'],
      ['Mobile number', '0412-345', 'Invalid mobile number. Must contain digits only.'],
      ['Mobile number', '1234567', 'Mobile number length must be between 8 and 15 digits.'],
      [
        'Mobile number',
        '1234567890123456',
        'Mobile number length must be between 8 and 15 digits.',
      ],
      ['Email', 'mere@example', 'Please enter the valid email address.'],
    ];
    for (const [label, value, message] of cases) {
      await page.getByLabel(label).fill(value);
      await next(page, 'Next: Summary');
      expect(await errorOf(page, label), `${label} "${value}"`).toBe(message);
    }

    await fillContact(page.getByRole('group', { name: 'Passenger details' }), {
      firstName: 'Mere',
      lastName: 'Tane',
      countryCode: '+64',
      mobile: '211234567',
      email: 'mere.tane@example.com',
    });
    await page.getByRole('switch', { name: 'Booking on behalf of someone else?' }).check();
    const booker = page.getByRole('group', { name: 'Your details (person booking)' });
    await booker.getByLabel('Country code').fill('');
    await booker.getByLabel('Email').fill('liam@');
    await next(page, 'Next: Summary');
    await expect(booker.getByLabel('First name')).toBeFocused();
    for (const [label, message] of [
      ['First name', 'Firstname is required.'],
      ['Last name', 'Lastname is required.'],
      ['Country code', 'Country code is required.'],
      ['Mobile number', 'Phone number is required.'],
      ['Email', 'Please enter the valid email address.'],
    ]) {
      const field = booker.getByLabel(label as string);
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      const described = (await field.getAttribute('aria-describedby')) ?? '';
      await expect(widget(page).locator(`[id="${described}"]`)).toHaveText(message as string);
    }
    // The passenger's fields are fine now.
    await expect(
      page.getByRole('group', { name: 'Passenger details' }).getByLabel('Email'),
    ).not.toHaveAttribute('aria-invalid', 'true');
  });
});
