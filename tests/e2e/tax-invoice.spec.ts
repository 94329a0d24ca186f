// After a sandbox payment on the embedded defaults, the confirmation email in the outbox is a tax
// invoice: the seeded legal name and ABN, the booking reference as its number, the customer, the
// fare line by line (a child seat, and the WELCOME10 discount as a negative line), the total paid
// and the GST it includes (the total's eleventh, to the cent); /manage-booking shows the same.
import path from 'node:path';
import { formatMoney, gstIncludedCents } from '@business-chauffeur/booking-contract';
import { expect, test } from './fixtures';
import {
  expectStep,
  fillSimpleTrip,
  next,
  passengerToPayment,
  payWithCard,
  widget,
} from './booking-helpers';
import { decodeParts, outboxMessagesWith } from '../support/mime';

const outbox = path.join(process.env.E2E_DATA_DIR ?? '.data/e2e', 'outbox');

/** "$1,234.50" or "-$12.00" → cents. */
const cents = (text: string) => Math.round(Number(text.replace(/[^\d.-]/g, '')) * 100);

test('the email of a paid booking is a tax invoice with every line and the right GST', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // WELCOME10 is once per email: a fresh customer each run.
  const contact = {
    firstName: 'Aroha',
    lastName: 'Ngata',
    mobile: '412345678',
    email: `aroha+${Date.now().toString(36)}@example.com`,
  };
  await page.goto('/booking');
  await fillSimpleTrip(page);
  await page
    .getByRole('group', { name: 'Child seats' })
    .getByRole('spinbutton', { name: 'Child seats', exact: true })
    .fill('1');
  await next(page, 'Next: Vehicle Selection');
  await expectStep(page, 'Vehicle Selection', 2);
  await page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Premium SUV' }) })
    .getByRole('button', { name: 'Select Vehicle' })
    .click();
  await next(page, 'Next: Passenger Details');
  await expectStep(page, 'Passenger Details', 3);
  await passengerToPayment(page, contact);
  const code = page.getByLabel('Promo code');
  await code.fill('WELCOME10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(code).toHaveAccessibleDescription('Promo code WELCOME10 applied.');
  const amount = (await widget(page).locator('.cb-amount').textContent()) ?? '';
  const total = /\$[\d,]+\.\d{2}/.exec(amount)?.[0] ?? '';
  expect(total).not.toBe('');

  await payWithCard(page, '4242 4242 4242 4242');
  const confirmation = page.getByText(/Booking RefId for your reference: [A-Z0-9]{8,12}$/);
  await expect(confirmation).toBeVisible();
  const reference = ((await confirmation.textContent()) ?? '').split(': ').at(-1) ?? '';

  await expect.poll(() => outboxMessagesWith(outbox, reference, contact.email).length).toBe(1);
  const email = decodeParts(outboxMessagesWith(outbox, reference, contact.email)[0] ?? '');
  const gst = formatMoney(gstIncludedCents(cents(total)));
  expect(email).toMatch(/^Tax invoice$/m);
  expect(email).toContain('Issued by: Business Chauffeur Pty Ltd');
  expect(email).toContain('ABN: 60 604 273 918');
  expect(email).toContain(`Invoice number: ${reference}`);
  expect(email).toMatch(/Invoice date: \w+ \d{1,2} \w+ \d{4}\n/);
  expect(email).toContain('Customer: Aroha Ngata');
  expect(email).toMatch(/^Child seats: .*1 child seat$/m);

  // The fare, line by line: they add up to the total paid, and the GST is its eleventh.
  const fare = /\nFare\n([\s\S]*?)\nTotal paid: /.exec(email)?.[1] ?? '';
  const lines = fare.split('\n').map((line) => /^(.+): (-?\$[\d,]+\.\d{2})$/.exec(line));
  expect(lines.length).toBeGreaterThanOrEqual(3);
  expect(lines.every(Boolean)).toBe(true);
  expect(fare).toMatch(/^Fare \(base and distance\)/m);
  expect(fare).toMatch(/^Child seat — .+: \$30\.00$/m);
  expect(fare).toMatch(/^Discount \(WELCOME10\)( — .+)?: -\$[\d,]+\.\d{2}$/m);
  expect(lines.reduce((sum, line) => sum + cents(line?.[2] ?? ''), 0)).toBe(cents(total));
  expect(email).toContain(`Total paid: ${total} AUD`);
  expect(email).toContain(`GST included: ${gst}\n`);
  // The HTML part says the same, under a heading of its own.
  expect(email).toMatch(/<h1[^>]*>You&#39;re booked<\/h1>/);
  expect(email).toMatch(/<h2[^>]*>Trip<\/h2>[\s\S]*<h2[^>]*>Tax invoice<\/h2>/);
  expect(email).toMatch(new RegExp(`>GST included</th><td[^>]*>\\${gst}</td>`));

  // The booking's page lists the same fare, total and GST.
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': '198.51.100.79' });
  await page.goto('/manage-booking');
  await page.getByLabel('Email').fill(contact.email);
  await page.getByLabel('Booking number').fill(reference);
  await page.getByRole('button', { name: 'Get Booking' }).click();
  const table = page.getByRole('table', { name: 'Fare details' });
  await expect(table).toBeVisible();
  await expect(table.getByRole('row', { name: /^Child seat/ })).toContainText('$30.00');
  await expect(table.getByRole('row', { name: /^Discount \(WELCOME10\)/ })).toContainText('-$');
  await expect(table.getByRole('row', { name: /^Total/ })).toContainText(`${total} AUD`);
  await expect(table.getByRole('row', { name: /^GST included/ })).toContainText(gst);
});
