// A booking taken by phone, in two browsers on the embedded defaults: staff enter the trip and the
// customer's details on /staff/bookings/new, see the prices and book; the customer, in a browser
// of their own, opens the payment link from the email and pays it on the sandbox's card form; the
// booking is confirmed, its confirmation email sent, and the staff page shows the link paid.
import {
  newPerson,
  sentTo,
  signUp,
  uniqueEmail,
  useOwnClientAddress,
  waitForMail,
} from './account-helpers';
import { grantStaff } from './staff-helpers';
import { expect, test } from './fixtures';
import { ordinaryDayAhead } from '../support/ordinary-days';

/** The Queensland date four days ahead (no public holiday), as a date field takes it. */
const fourDaysAhead = () => ordinaryDayAhead(4);

test('a phone booking entered by staff is paid by its link in another browser and confirmed', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const siteUrl = new URL(baseURL!).origin;
  await useOwnClientAddress(page);
  const staff = newPerson('phones');
  await signUp(page, staff);
  await grantStaff(staff.email, siteUrl);
  const customer = uniqueEmail('caller');

  // Staff take the booking on the phone.
  await page.goto('/staff');
  await page.getByRole('link', { name: 'New phone booking' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('New phone booking');
  const trip = page.getByRole('group', { name: 'Trip' });
  await trip.getByLabel('Pickup', { exact: true }).fill('Brisbane Airport Domestic');
  await trip.getByLabel('Flight number').fill('QF 512');
  await trip.getByLabel('Drop-off', { exact: true }).fill('Noosa Heads');
  await trip.getByLabel('Drop-off address details').fill('12 Hastings Street');
  await trip.getByLabel('Booking date').fill(fourDaysAhead());
  await trip.getByLabel('Pickup time').fill('10:00');
  await trip.getByLabel('Passengers').fill('2');
  const person = page.getByRole('group', { name: 'Customer' });
  await person.getByLabel('First name').fill('Ngaio');
  await person.getByLabel('Last name').fill('Walker');
  await person.getByLabel('Email').fill(customer);
  await person.getByLabel('Mobile number').fill('0412345678');
  await page.getByRole('button', { name: 'Show the prices' }).click();

  const vehicle = page.getByLabel('Vehicle');
  await expect(vehicle).toBeVisible();
  await vehicle.selectOption({ index: 1 });
  const chosen = (await vehicle.locator('option:checked').textContent()) ?? '';
  const amount = /\$[\d,]+\.\d\d/.exec(chosen)![0];
  await page.getByRole('button', { name: 'Book and send the payment link' }).click();

  await expect(page).toHaveURL(/\/staff\/bookings\/[A-Z0-9]+$/);
  const reference = /\/staff\/bookings\/([A-Z0-9]+)$/.exec(page.url())![1]!;
  const linkCard = page.getByRole('region', { name: 'Payment link' });
  await expect(linkCard).toContainText('Waiting for payment');
  await expect(linkCard).toContainText(amount);

  // The customer opens the link from the email, in a browser of their own.
  const [email] = await waitForMail(
    (message) => sentTo(customer)(message) && message.text.includes('/pay/'),
  );
  const link = /https?:\/\/\S+\/pay\/[A-Za-z0-9]+\.[A-Za-z0-9_-]{43}/.exec(email!.text)![0];
  const customerContext = await browser.newContext();
  const payer = await customerContext.newPage();
  await payer.goto(new URL(new URL(link).pathname, siteUrl).toString());
  await expect(payer.getByRole('heading', { level: 1 })).toHaveText('Pay for your booking');
  await expect(payer.getByRole('main')).toContainText(`Booking ${reference}`);
  await expect(payer.getByRole('main')).toContainText(amount);
  const card = payer.getByRole('form', { name: 'Card details' });
  await card.getByLabel('Card number').fill('4242 4242 4242 4242');
  await card.getByLabel('Expiry (MM/YY)').fill('12/34');
  await card.getByLabel('CVC').fill('123');
  await card.getByRole('checkbox', { name: /I agree to the Terms and conditions/ }).check();
  await card.getByRole('button', { name: `Pay ${amount}` }).click();
  await expect(payer.getByRole('heading', { level: 1 })).toHaveText(
    'Thank you: your payment is received',
  );
  await expect(payer.getByRole('status')).toContainText(`Booking ${reference} is paid.`);

  // The booking is confirmed with its email.
  const [confirmation] = await waitForMail(
    (message) =>
      sentTo(customer)(message) && (message.headers.subject ?? '').endsWith('is confirmed'),
  );
  expect(confirmation!.headers.subject).toContain(reference);
  await page.reload();
  await expect(page.getByText(/Status CONFIRMED · paid \$/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Payment link' })).toContainText('Paid');

  // The link is single-use: opened again, it says so.
  await payer.goto(new URL(new URL(link).pathname, siteUrl).toString());
  await expect(payer.getByRole('heading', { level: 1 })).toHaveText(
    'Thank you: your payment is received',
  );
  await customerContext.close();
});
