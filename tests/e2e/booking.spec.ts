// The booking widget on the site's own /booking page: the page around it, the whole journey (stops,
// by the hour, on behalf of someone, a declined card and a retry, then /manage-booking), how the
// widget's files are served, and a signed-in customer's prefill. Messages:
// booking-messages.spec.ts; Previous, Clear Form and the controls: booking-controls.spec.ts.
import { waitForMail } from './account-helpers';
import {
  choosePlace,
  dateAhead,
  expectNoSeriousViolations,
  expectStep,
  fillContact,
  footer,
  next,
  passengerToPayment,
  payWithCard,
  toPassengerStep,
  widget,
} from './booking-helpers';
import { expect, test } from './fixtures';

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
  // Two bookings' worth of steps, a decline and a retry: minutes on a busy two-core machine.
  test.setTimeout(180_000);
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
  // The trip's details (the fare's lines are a list of their own: booking-fares.spec.ts).
  const details = widget(page).locator('dl').first();
  const endsWith = (text: string) => new RegExp(`${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  const rows: [string, string | RegExp][] = [
    ['Pickup', pickup],
    ['Stop 1', stop1],
    // A suburb shows the Address details choosePlace typed before it.
    ['Stop 2', endsWith(stop2)],
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
  // Promo codes, valid and not: booking-fares.spec.ts.
  await expectNoSeriousViolations(page, 'step 5');

  await payWithCard(page, '4000 0000 0000 0002');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Your card was declined.' }),
  ).toBeVisible();
  await expect(page.getByText('Payment Successful!')).toHaveCount(0);
  await expectNoSeriousViolations(page, 'step 5 after a decline');

  // The card form formats as the customer types: the number in groups of four, the expiry as
  // "MM / YY" (a Backspace at the end takes the last digit, not the separator).
  const cardNumber = page.getByLabel('Card number');
  await cardNumber.fill('');
  await cardNumber.pressSequentially('4242424242424242');
  await expect(cardNumber).toHaveValue('4242 4242 4242 4242');
  const expiry = page.getByLabel('Expiry (MM/YY)');
  await expiry.fill('');
  await expiry.pressSequentially('123');
  await expect(expiry).toHaveValue('12 / 3');
  await expiry.press('Backspace');
  await expect(expiry).toHaveValue('12');
  await expiry.pressSequentially('34');
  await expect(expiry).toHaveValue('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay now' }).click();
  const success = page.getByRole('heading', { name: 'Payment Successful!' });
  await expect(success).toBeVisible();
  await expect(success).toBeInViewport();
  const confirmation = page.getByText(
    /^Congratulations! Your Booking is successful\. Booking RefId for your reference: [A-Z0-9]{8,12}$/,
  );
  await expect(confirmation).toBeVisible();
  const reference = ((await confirmation.textContent()) ?? '').split(': ').at(-1) ?? '';
  // The paid trip in short, and who the confirmation goes to: the person booking and the passenger.
  const recapRow = (term: string) =>
    page
      .getByLabel('Your trip')
      .locator('div')
      .filter({ has: page.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) }) })
      .getByRole('definition');
  await expect(recapRow('Pickup')).toHaveText(pickup);
  await expect(recapRow('Drop')).toHaveText(drop);
  await expect(recapRow('Date and time')).toHaveText(/at 2:30 PM \(Queensland time\)$/);
  await expect(recapRow('Vehicle')).toHaveText('Premium SUV');
  await expect(recapRow('Total')).toHaveText(`${price} AUD`);
  await expect(
    page.getByText(
      'Confirmation emails are on their way to liam.walker@example.com and mere.tane@example.com.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toHaveCount(
    0,
  );
  await expectNoSeriousViolations(page, 'the confirmation');

  // The passenger and the person who booked each get their own copy, greeting them by name, with
  // the mobile as people read it (typed without its trunk 0, stored in E.164).
  const copies = await waitForMail(
    (message) => (message.headers.subject ?? '').includes(`booking ${reference} is confirmed`),
    2,
  );
  expect(copies.map((copy) => copy.headers.to).sort()).toEqual([
    'liam.walker@example.com',
    'mere.tane@example.com',
  ]);
  const copyTo = (email: string) => copies.find((copy) => copy.headers.to === email)?.text ?? '';
  expect(copyTo('mere.tane@example.com')).toContain('Hello Mere,');
  expect(copyTo('mere.tane@example.com')).toContain('Liam Walker has booked a ride for you');
  expect(copyTo('liam.walker@example.com')).toContain('Hello Liam,');
  expect(copyTo('liam.walker@example.com')).toContain('The ride for Mere Tane is confirmed');
  for (const copy of copies) expect(copy.text).toContain('Mere Tane (+61 412 345 678)');

  // The passenger's email and the reference find the booking, confirmed.
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': '198.51.100.77' });
  await page.goto('/manage-booking');
  await page.getByLabel('Email').fill('mere.tane@example.com');
  await page.getByLabel('Booking number').fill(reference);
  await page.getByRole('button', { name: 'Get Booking' }).click();
  await expect(page.getByText('Status: Confirmed', { exact: true })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Premium SUV');
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
  await passengerToPayment(page);
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
