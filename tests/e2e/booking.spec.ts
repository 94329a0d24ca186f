// The booking widget on the site's own /booking page (issue 5 "Done when"): the whole journey with
// stops, by the hour, on behalf of someone, a declined card and a retry, then /manage-booking; every
// step-1/2/3 message of spec §5; Clear Form and Previous; the place fields by keyboard; 320 px;
// axe-core at every step; and how the widget's files are served.
import { latestBookingDate } from '@business-chauffeur/booking-contract';
import type { Page } from '@playwright/test';
import {
  choosePlace,
  dateAhead,
  expectStep,
  fillContact,
  fillSimpleTrip,
  footer,
  next,
  payWithCard,
  toPassengerStep,
  widget,
} from './booking-helpers';
import { expect, seriousA11yViolations, test } from './fixtures';

async function expectNoSeriousViolations(page: Page, where: string) {
  expect(await seriousA11yViolations(page), `axe-core on ${where}`).toEqual([]);
}

/** The field's error message, found through its aria-describedby. */
async function errorOf(
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

test('the /booking page: shared header and footer, canonical link, one script and one element', async ({
  page,
}) => {
  await page.goto('/booking');
  await expect(page).toHaveTitle(/Book your chauffeur/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/booking$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Book Now' })).toBeVisible();
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Sitemap' })).toBeVisible();
  await expect(page.locator('script[src$="/widget/chauffeur-booking.js"]')).toHaveCount(1);
  await expect(page.locator('chauffeur-booking')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 2, name: 'General Details' })).toBeVisible();
  // Spec defaults.
  await expect(page.getByLabel('Pickup time')).toHaveValue('10:00');
  await expect(page.getByLabel('Passengers')).toHaveValue('1');
  await expect(page.getByLabel('Booking date')).toHaveAttribute('min', /^\d{4}-\d{2}-\d{2}$/);
  await expect(footer(page)).toContainText('Total: $0.00');
});

test('a guest books two stops by the hour for someone else, is declined, retries, and finds it CONFIRMED', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/booking');
  const totalText = footer(page).locator('.cb-total');

  // Step 1: pickup, drop, two stops, date, by the hour for 2 hours, notes.
  await expectStep(page, 'General Details', 1);
  await expect(page.getByRole('button', { name: 'Previous' })).toHaveCount(0);
  const pickup = await choosePlace(page, /^FROM/, 'Brisbane Airport', /Domestic Terminal/);
  const drop = await choosePlace(page, /^TO/, 'South Bank', /South Bank Parklands/);
  await expect(page.getByRole('switch', { name: 'Add stop 2?' })).toHaveCount(0);
  await page.getByRole('switch', { name: 'Add a stop?' }).check();
  const stop1 = await choosePlace(page, 'Stop 1', 'Portside');
  await page.getByRole('switch', { name: 'Add stop 2?' }).check();
  const stop2 = await choosePlace(page, 'Stop 2', 'Fortitude Valley');
  await page.getByLabel('Booking date').fill(dateAhead(12));
  await page.getByLabel('Pickup time').fill('14:30');
  await page.getByLabel('Passengers').fill('2');
  await page.getByRole('switch', { name: 'By the Hour' }).check();
  await page.getByRole('button', { name: 'Increase hours by 1' }).click();
  await page.getByRole('button', { name: 'Increase hours by 1' }).click();
  await page.getByLabel('Booking notes (max 300 characters)').fill('Two golf bags, child seat');
  await expectNoSeriousViolations(page, 'step 1');

  // Step 2: server fares; choose a vehicle, the total follows.
  await next(page, 'Next: Vehicle Selection');
  await expectStep(page, 'Vehicle Selection', 2);
  await expect(page.getByRole('heading', { level: 2, name: 'Vehicle Selection' })).toBeFocused();
  const suv = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Premium SUV' }) });
  const price = (await suv.locator('.cb-price').textContent())?.replace('Price: ', '') ?? '';
  expect(price).toMatch(/^\$\d[\d,]*\.\d{2}$/);
  await expect(totalText).toHaveText('Total: $0.00');
  await suv.getByRole('button', { name: 'Select Vehicle' }).click();
  await expect(suv.getByRole('button', { name: 'Select Vehicle' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(totalText).toHaveText(`Total: ${price}`);
  await expectNoSeriousViolations(page, 'step 2');

  // Step 3: the passenger, and the person booking on their behalf.
  await next(page, 'Next: Passenger Details');
  await expectStep(page, 'Passenger Details', 3);
  await expect(page.getByLabel('Country code')).toHaveValue('+61');
  const passenger = page.getByRole('group', { name: 'Passenger details' });
  await fillContact(passenger, {
    firstName: 'Mere',
    lastName: 'Tane',
    mobile: '412345678',
    email: 'mere.tane@example.com',
  });
  await page.getByRole('switch', { name: 'Booking on behalf of someone else?' }).check();
  const booker = page.getByRole('group', { name: 'Your details (person booking)' });
  await fillContact(booker, {
    firstName: 'Liam',
    lastName: 'Walker',
    mobile: '498765432',
    email: 'liam.walker@example.com',
  });
  await expectNoSeriousViolations(page, 'step 3');

  // Step 4: the summary of the trip as the server priced it.
  await next(page, 'Next: Summary');
  await expectStep(page, 'Summary', 4);
  const details = widget(page).locator('dl');
  const rows: [string, string][] = [
    ['Pickup', pickup],
    ['Stop 1', stop1],
    ['Stop 2', stop2],
    ['Drop', drop],
    ['Vehicle', 'Premium SUV'],
    ['Passengers', '2'],
  ];
  for (const [term, value] of rows) {
    const row = details
      .locator('div')
      .filter({ has: page.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) }) });
    await expect(row.getByRole('definition')).toHaveText(value);
  }
  await expect(details).toContainText(/Date and time.*2:30 PM \(Queensland time\)/);
  await expect(details).toContainText(/Total travel time\d/);
  await expect(details).toContainText(/Total distance[\d.]+ km/);
  await expect(page.getByText('Booked for 2 hours')).toBeVisible();
  // No Maps key in the test environment: the SVG sketch of the three legs.
  await expect(
    page.getByRole('img', { name: 'Sketch of your route from pickup via 2 stops to drop' }),
  ).toBeVisible();
  await expectNoSeriousViolations(page, 'step 4');

  // Step 5: saved booking; Clear Form and Previous gone; the promo code; a decline, then success.
  await next(page, 'Next: Payment');
  await expectStep(page, 'Order Summary and Payment', 5);
  await expect(page.getByText('Test mode', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Clear Form' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Previous' })).toHaveCount(0);
  await expect(widget(page).locator('.cb-amount')).toHaveText(`Total (AUD)${price}`);
  await page.getByLabel('Promo code').fill('WELCOME10');
  await page.getByRole('button', { name: 'Apply' }).click();
  expect(await errorOf(page, 'Promo code')).toBe('This promo code is not valid.');
  await expectNoSeriousViolations(page, 'step 5');

  await payWithCard(page, '4000 0000 0000 0002');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Your card was declined.' }),
  ).toBeVisible();
  await expect(page.getByText('Payment Successful!')).toHaveCount(0);
  await expectNoSeriousViolations(page, 'step 5 after a decline');

  await payWithCard(page, '4242 4242 4242 4242');
  const success = page.getByRole('heading', { name: 'Payment Successful!' });
  await expect(success).toBeVisible();
  await expect(success).toBeInViewport();
  const confirmation = page.getByText(
    /^Congratulations! Your Booking is successful\. Booking RefId for your reference: [A-Z0-9]{8,12}$/,
  );
  await expect(confirmation).toBeVisible();
  const reference = ((await confirmation.textContent()) ?? '').split(': ').at(-1) ?? '';
  await expect(page.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toHaveCount(
    0,
  );
  await expectNoSeriousViolations(page, 'the confirmation');

  // The passenger's email and the reference find the booking, CONFIRMED.
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': '198.51.100.77' });
  await page.goto('/manage-booking');
  await page.getByLabel('Email').fill('mere.tane@example.com');
  await page.getByLabel('Booking number').fill(reference);
  await page.getByRole('button', { name: 'Get Booking' }).click();
  await expect(page.getByText('CONFIRMED', { exact: true })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Premium SUV');
});

test.describe('step 1 messages (spec §5)', () => {
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
  await expect(sedan).toContainText('Seats up to 3 passengers: not available for this trip.');
  await expect(sedan.getByRole('button', { name: 'Select Vehicle' })).toBeDisabled();

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

test.describe('step 3 messages (spec §5)', () => {
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

test('Previous keeps what was entered; Clear Form starts again; both hidden once the booking is saved', async ({
  page,
}) => {
  await page.goto('/booking');
  const { pickup } = await fillSimpleTrip(page);
  await expect(page.getByRole('button', { name: 'Previous' })).toHaveCount(0);
  await next(page, 'Next: Vehicle Selection');
  await expectStep(page, 'Vehicle Selection', 2);
  await page.getByRole('button', { name: 'Previous' }).click();
  await expectStep(page, 'General Details', 1);
  await expect(page.getByRole('combobox', { name: /^FROM/ })).toHaveValue(pickup);

  await next(page, 'Next: Vehicle Selection');
  const sedan = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Executive Sedan' }) });
  await sedan.getByRole('button', { name: 'Select Vehicle' }).click();
  await expect(footer(page)).not.toContainText('Total: $0.00');
  await next(page, 'Next: Passenger Details');
  await page.getByLabel('First name').fill('Mere');
  // Back to the vehicle step: its fee and selection are cleared (spec §4).
  await page.getByRole('button', { name: 'Previous' }).click();
  await expectStep(page, 'Vehicle Selection', 2);
  await expect(footer(page)).toContainText('Total: $0.00');
  await expect(sedan.getByRole('button', { name: 'Select Vehicle' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );

  // Clear Form: a fresh step 1.
  await page.getByRole('button', { name: 'Clear Form' }).click();
  await expectStep(page, 'General Details', 1);
  await expect(page.getByRole('combobox', { name: /^FROM/ })).toHaveValue('');
  await expect(page.getByLabel('Booking date')).toHaveValue('');
  await expect(page.getByLabel('Pickup time')).toHaveValue('10:00');
  await expect(footer(page)).toContainText('Total: $0.00');

  // After saving (step 5) neither is offered.
  await toPassengerStep(page);
  await expect(page.getByLabel('First name')).toHaveValue('');
  await fillContact(page, {
    firstName: 'Mere',
    lastName: 'Tane',
    mobile: '412345678',
    email: 'mere@example.com',
  });
  await next(page, 'Next: Summary');
  await next(page, 'Next: Payment');
  await expect(page.getByRole('button', { name: 'Pay now' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Clear Form' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Previous' })).toHaveCount(0);
  // A mistyped card number gets the provider's message (spec §8 card_error), and no charge.
  await payWithCard(page, '4242 4242 4242 4241');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Your card number is incorrect.' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Clear Form' })).toHaveCount(0);
});

test('place fields follow the combobox pattern; leaving one without choosing clears it', async ({
  page,
}) => {
  await page.goto('/booking');
  const from = page.getByRole('combobox', { name: /^FROM/ });
  await from.click();
  await page.keyboard.type('Brisbane Air', { delay: 20 });
  const options = page.getByRole('option');
  await expect(options.first()).toBeVisible();
  await expect(from).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  const second = options.nth(1);
  await expect(second).toHaveAttribute('aria-selected', 'true');
  await expect(from).toHaveAttribute(
    'aria-activedescendant',
    (await second.getAttribute('id')) ?? '',
  );
  const chosen = (await second.textContent()) ?? '';
  await page.keyboard.press('Enter');
  await expect(from).toHaveValue(chosen);
  await expect(from).toHaveAttribute('aria-expanded', 'false');
  // Enter chose a suggestion: it did not submit the step.
  await expectStep(page, 'General Details', 1);

  // Escape closes the list and keeps the text.
  await from.fill('South Bank');
  await expect(options.first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(from).toHaveAttribute('aria-expanded', 'false');
  await expect(from).toHaveValue('South Bank');
  // Leaving after editing without choosing clears the field (spec §4).
  await page.keyboard.press('Tab');
  await expect(from).toHaveValue('');

  // Nothing found is said, not silent.
  const to = page.getByRole('combobox', { name: /^TO/ });
  await to.fill('Qwxzzq');
  await expect(page.getByRole('option', { name: /No matching places/ })).toBeVisible();
});

test('By the Hour: minus 0.5 is disabled at 0, plus adds 1, switching resets the hours', async ({
  page,
}) => {
  await page.goto('/booking');
  await page.getByRole('switch', { name: 'By the Hour' }).check();
  const minus = page.getByRole('button', { name: 'Decrease hours by 0.5' });
  const plus = page.getByRole('button', { name: 'Increase hours by 1' });
  const hours = widget(page).locator('output');
  await expect(hours).toHaveText('0');
  await expect(minus).toBeDisabled();
  await plus.click();
  await plus.click();
  await expect(hours).toHaveText('2');
  await minus.click();
  await expect(hours).toHaveText('1.5');
  await page.getByRole('switch', { name: 'By the Hour' }).uncheck();
  await expect(hours).toHaveCount(0);
  await page.getByRole('switch', { name: 'By the Hour' }).check();
  await expect(hours).toHaveText('0');
});

test('a fleet "Book Now" link pre-selects its vehicle; other query parameters prefill step 1', async ({
  page,
}) => {
  const date = dateAhead(20);
  await page.goto(`/booking?vehicle=premium-suv&passengers=3&date=${date}`);
  await expect(page.getByLabel('Passengers')).toHaveValue('3');
  await expect(page.getByLabel('Booking date')).toHaveValue(date);
  await choosePlace(page, /^FROM/, 'Brisbane Airport', /Domestic Terminal/);
  await choosePlace(page, /^TO/, 'Surfers');
  await next(page, 'Next: Vehicle Selection');
  const suv = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Premium SUV' }) });
  await expect(suv.getByRole('button', { name: 'Select Vehicle' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(footer(page)).not.toContainText('Total: $0.00');
});

test('at 320 px every step fits without sideways scrolling and buttons are 44 px', async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 700 });
  await page.goto('/booking');
  const fits = async (where: string) => {
    // Everything the widget draws stays within the 320 px screen (the page around it is the
    // shell's, tested with the shell).
    const overflow = await widget(page).evaluate((host) =>
      [host, ...(host.shadowRoot?.querySelectorAll('*') ?? [])]
        .filter((element) => element.getBoundingClientRect().right > 320.5)
        .map((element) => element.outerHTML.slice(0, 80)),
    );
    expect(overflow, `wider than the screen on ${where}`).toEqual([]);
    const small = await widget(page).evaluate((host) =>
      [
        ...(host.shadowRoot?.querySelectorAll(
          'button, [role="switch"], input, select, textarea, a',
        ) ?? []),
      ]
        .filter((element) => (element as HTMLElement).offsetParent !== null)
        .map((element) => ({ element, box: element.getBoundingClientRect() }))
        .filter(({ element, box }) =>
          element.getAttribute('role') === 'switch' ? box.height < 24 : box.height < 44,
        )
        .map(({ element }) => element.outerHTML.slice(0, 80)),
    );
    expect(small, `touch targets on ${where}`).toEqual([]);
  };
  await fits('step 1');
  await toPassengerStep(page);
  await fits('step 3');
  await fillContact(page, {
    firstName: 'Mere',
    lastName: 'Tane',
    mobile: '412345678',
    email: 'mere@example.com',
  });
  await next(page, 'Next: Summary');
  await expectStep(page, 'Summary', 4);
  await fits('step 4');
  await next(page, 'Next: Payment');
  await expect(page.getByRole('button', { name: 'Pay now' })).toBeVisible();
  await fits('step 5');
});

test('the loader is cached for minutes, chunks for good; payment code loads only at step 5', async ({
  page,
  request,
}) => {
  const loader = await request.get('/widget/chauffeur-booking.js');
  expect(loader.status()).toBe(200);
  expect(loader.headers()['cache-control']).toBe('public, max-age=300');
  expect(loader.headers()['access-control-allow-origin']).toBe('*');
  expect(loader.headers()['content-type']).toMatch(/javascript/);

  const chunks: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/widget/chunks/')) chunks.push(req.url());
  });
  await page.goto('/booking');
  await expect(page.getByRole('combobox', { name: /^FROM/ })).toBeVisible();
  const first = chunks[0] ?? '';
  const chunk = await request.get(first);
  expect(chunk.headers()['cache-control']).toBe('public, max-age=31536000, immutable');

  await toPassengerStep(page);
  expect(chunks.filter((url) => /(step|stripe)-payment-/.test(url))).toEqual([]);
  await fillContact(page, {
    firstName: 'Mere',
    lastName: 'Tane',
    mobile: '412345678',
    email: 'mere@example.com',
  });
  await next(page, 'Next: Summary');
  await next(page, 'Next: Payment');
  await expect(page.getByRole('button', { name: 'Pay now' })).toBeVisible();
  expect(chunks.some((url) => /step-payment-/.test(url))).toBe(true);
  // The sandbox needs no Stripe.js.
  expect(chunks.some((url) => /stripe-payment-/.test(url))).toBe(false);
});

test('a signed-in customer finds their name and email already in step 3', async ({
  page,
  baseURL,
}) => {
  // Sign up through the site's own form (it signs the new customer in).
  const email = `prefill.${Date.now()}@example.com`;
  const signUp = await page.request.post('/signup', {
    form: {
      firstName: 'Aroha',
      lastName: 'Ngata',
      email,
      confirmEmail: email,
      password: 'Kia-ora-2026!',
    },
    // A form posted from the site itself.
    headers: { Origin: baseURL ?? '' },
    maxRedirects: 0,
  });
  expect(signUp.status(), await signUp.text()).toBe(302);
  await page.goto('/booking');
  await toPassengerStep(page);
  const passenger = page.getByRole('group', { name: 'Passenger details' });
  await expect(passenger.getByLabel('First name')).toHaveValue('Aroha');
  await expect(passenger.getByLabel('Last name')).toHaveValue('Ngata');
  await expect(passenger.getByLabel('Email')).toHaveValue(email);
  await expect(passenger.getByLabel('Mobile number')).toHaveValue('');
});
