// After a sandbox payment on the embedded defaults, the confirmation email in the outbox is a tax
// invoice: the seeded legal name and ABN, the booking reference as its number, the fare line by
// line, the total paid and the GST it includes (the total's eleventh, to the cent); and
// /manage-booking shows the same lines, total and GST.
import path from 'node:path';
import { formatAud, gstIncludedCents } from '@business-chauffeur/booking-contract';
import { expect, test } from './fixtures';
import { passengerToPayment, payWithCard, toPassengerStep, widget } from './booking-helpers';
import { decodeParts, outboxMessagesWith } from '../support/mime';

const outbox = path.join(process.env.E2E_DATA_DIR ?? '.data/e2e', 'outbox');
const contact = {
  firstName: 'Aroha',
  lastName: 'Ngata',
  mobile: '412345678',
  email: 'aroha.ngata@example.com',
};

test('the confirmation email of a paid booking is a tax invoice with the right GST', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/booking');
  await toPassengerStep(page);
  await passengerToPayment(page, contact);
  const amount = (await widget(page).locator('.cb-amount').textContent()) ?? '';
  const total = /\$[\d,]+\.\d{2}/.exec(amount)?.[0] ?? '';
  expect(total).not.toBe('');
  const totalCents = Math.round(Number(total.replace(/[$,]/g, '')) * 100);

  await payWithCard(page, '4242 4242 4242 4242');
  const confirmation = page.getByText(/Booking RefId for your reference: [A-Z0-9]{8,12}$/);
  await expect(confirmation).toBeVisible();
  const reference = ((await confirmation.textContent()) ?? '').split(': ').at(-1) ?? '';

  await expect.poll(() => outboxMessagesWith(outbox, reference).length).toBe(1);
  const email = decodeParts(outboxMessagesWith(outbox, reference)[0] ?? '');
  const gst = formatAud(gstIncludedCents(totalCents) / 100);
  expect(email).toMatch(/^Tax invoice$/m);
  expect(email).toContain('Issued by: Business Chauffeur Pty Ltd');
  expect(email).toContain('ABN: 60 604 273 918');
  expect(email).toContain(`Invoice number: ${reference}`);
  expect(email).toMatch(/Invoice date: \w+ \d{1,2} \w+ \d{4}\n/);
  expect(email).toContain('Customer: Aroha Ngata');
  expect(email).toMatch(/^Fare \(base and distance\)( — [^:]+)?: \$[\d,]+\.\d{2}$/m);
  expect(email).toContain(`Total paid: ${total} AUD`);
  expect(email).toContain(`GST included: ${gst}\n`);
  // The HTML part says the same, under a heading of its own.
  expect(email).toMatch(/<h1[^>]*>Tax invoice<\/h1>/);
  expect(email).toMatch(new RegExp(`>GST included</th><td[^>]*>\\${gst}</td>`));

  // The booking's page lists the same fare, total and GST.
  await page.goto('/manage-booking');
  await page.getByLabel('Email').fill(contact.email);
  await page.getByLabel('Booking number').fill(reference);
  await page.getByRole('button', { name: 'Get Booking' }).click();
  const fare = page.getByRole('table', { name: 'Fare details' });
  await expect(fare).toBeVisible();
  await expect(fare.getByRole('row', { name: /^Fare \(base and distance\)/ })).toBeVisible();
  await expect(fare.getByRole('row', { name: 'Total' })).toContainText(`${total} AUD`);
  await expect(fare.getByRole('row', { name: 'GST included' })).toContainText(gst);
});
