// The operations pages in a browser, on the embedded defaults: an operator grants a signed-up
// account staff access with `npm run staff` (scripts/staff.mjs on the production build, the same
// DATA_DIR as the server); that staff member finds a customer's booking by its reference, refunds
// $50 of it (asked first, naming the amount), sees the refund in the audit log as a sentence and
// a second refund beyond what is left refused; the
// customer's /manage-booking shows the refund and the outbox has their email; a cancellation
// request is in the staff inbox. Visitors and customers get the plain 404 on every staff page and
// on a refund posted directly. Staff change a booking (the fare paid stays, the fare now and what
// is owed are shown, every list of lines adds up) and cancel it: the cancel form offers what is
// left after a refund, and the customer's calendar gets a CANCEL.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Locator } from '@playwright/test';
import { timeInBrisbane, todayInBrisbane } from '@business-chauffeur/booking-contract';
import { newPerson, OUTBOX_DIR, sentTo, signUp, waitForMail } from './account-helpers';
import { staffCommand } from './staff-helpers';
import { expect, test } from './fixtures';
import { seedBooking } from './seed-booking';
import { fareTablesOf, faresNotAddingUp } from '../support/fare-totals';
import { decodeParts } from '../support/mime';

const customerEmail = () =>
  `Wiremu.Kereama+${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

/** The answers to a visitor's or customer's requests for the staff pages and a refund post. */
async function staffAnswers(request: APIRequestContext, siteUrl: string, reference: string) {
  const pages = [
    '/staff',
    '/staff?q=' + reference,
    '/staff/cancellations',
    `/staff/bookings/${reference}`,
  ];
  const statuses = [];
  for (const url of pages) statuses.push((await request.get(url, { maxRedirects: 0 })).status());
  const post = await request.post(`/staff/bookings/${reference}`, {
    headers: { Origin: siteUrl },
    form: { intent: 'refund', key: 'abcdefgh-1234', amount: '50', reason: 'Late' },
    maxRedirects: 0,
  });
  statuses.push(post.status());
  return statuses;
}

/** How a reference's figures are set (`font-variant-numeric`). */
const numericStyle = (element: Locator) =>
  element.evaluate((node) => getComputedStyle(node).fontVariantNumeric);

test.describe('operations', () => {
  // The refused second refund answers 409, and the staff pages 404 to others: the browser logs both.
  test.use({ allowedConsoleErrors: [/status of (404|409)/] });

  test('a granted staff member refunds $50 of a booking, once, and the customer sees it', async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const siteUrl = new URL(baseURL!).origin;
    const email = customerEmail();
    const booking = await seedBooking(request, email);

    // The customer asks to cancel on /manage-booking.
    await page.setExtraHTTPHeaders({ 'X-Forwarded-For': '198.51.100.61' });
    await page.goto(`/manage-booking?bookingNumber=${booking.reference}`);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Get Booking' }).click();
    await page.getByRole('button', { name: 'Request for cancellation' }).click();
    await expect(page.getByText(/Cancellation requested on/)).toBeVisible();

    // A signed-up account is not staff until the operator says so.
    const staff = newPerson('dispatch');
    await signUp(page, staff);
    expect(await staffAnswers(page.request, siteUrl, booking.reference)).toEqual([
      404, 404, 404, 404, 404,
    ]);
    const granted = await staffCommand(['grant', staff.email], siteUrl);
    expect(granted).toEqual({
      code: 0,
      output: `Granted staff access to ${staff.email.toLowerCase()}.\n`,
    });

    // Find the booking by its reference.
    await page.goto('/staff');
    await expect(page.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search' }).fill(booking.reference);
    await page.getByRole('button', { name: 'Show bookings' }).click();
    await expect(page.getByRole('status')).toHaveText('1 booking.');
    // References tell zero from O on staff pages too (tabular figures, a slashed zero).
    expect(await numericStyle(page.getByRole('link', { name: booking.reference }))).toContain(
      'slashed-zero',
    );
    await page.getByRole('link', { name: booking.reference }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: `Booking ${booking.reference}` }),
    ).toBeVisible();
    await expect(page.getByText(email.toLowerCase())).toBeVisible();
    await expect(
      page.getByRole('list').getByText('Cancellation requested on the website'),
    ).toBeVisible();

    // Refund $50 with a reason: the page asks first, naming the amount; going back does nothing.
    const refund = page.getByRole('form', { name: 'Refund' });
    const left = page.getByText(/^Up to \$[\d,]+\.\d{2} AUD can be refunded/);
    const leftCents = async () =>
      Math.round(
        Number(
          (/\$([\d,]+\.\d{2})/.exec((await left.textContent()) ?? '')?.[1] ?? '').replace(/,/g, ''),
        ) * 100,
      );
    const paidCents = await leftCents();
    await refund.getByLabel('Refund amount').fill('50');
    await refund.getByLabel('Reason').fill('Driver arrived 20 minutes late');
    await refund.getByRole('button', { name: 'Refund' }).click();
    const ask = page.getByRole('dialog', { name: `Refund booking ${booking.reference}?` });
    await expect(ask).toContainText('Refund $50.00 AUD to the card the customer paid with?');
    await expect(ask.getByRole('button', { name: 'Go back' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(ask).toBeHidden();
    await expect(refund.getByRole('button', { name: 'Refund' })).toBeFocused();
    await refund.getByRole('button', { name: 'Refund' }).click();
    await ask.getByRole('button', { name: 'Go back' }).click();
    await expect(ask).toBeHidden();
    await expect(page.getByText('No staff action yet.')).toBeVisible();
    await refund.getByRole('button', { name: 'Refund' }).click();
    await ask.getByRole('button', { name: 'Yes, refund $50.00 AUD' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Refunded' })).toHaveText(
      'Refunded $50.00 AUD. The customer has been emailed.',
    );
    // The cancel form now offers what is left to refund, not the fare paid. (The page's data
    // comes back a moment after the status: wait for the amount left to change.)
    await expect.poll(leftCents).toBe(paidCents - 5000);
    await expect(
      page.getByRole('form', { name: 'Cancel booking' }).getByLabel('Refund with the cancellation'),
    ).toHaveValue(((paidCents - 5000) / 100).toFixed(2));
    // The audit log says it in a sentence.
    const audit = page.getByRole('region', { name: 'Audit log' }).getByRole('listitem');
    await expect(audit).toHaveCount(1);
    await expect(audit.first()).toContainText(
      `${staff.email.toLowerCase()} refunded $50.00 AUD: Driver arrived 20 minutes late`,
    );

    // More than is left is refused, and nothing changes.
    await page.getByRole('form', { name: 'Refund' }).getByLabel('Refund amount').fill('100000');
    await page.getByRole('form', { name: 'Refund' }).getByLabel('Reason').fill('Goodwill');
    await page
      .getByRole('form', { name: 'Refund' })
      .getByRole('button', { name: 'Refund' })
      .click();
    await ask.getByRole('button', { name: 'Yes, refund $100,000.00 AUD' }).click();
    await expect(page.getByRole('alert')).toContainText('The most that can be refunded is');
    await page.reload();
    await expect(audit).toHaveCount(1);

    // The inbox lists the cancellation request.
    await page
      .getByRole('navigation', { name: 'Operations' })
      .getByRole('link', { name: 'Cancellations' })
      .click();
    await expect(page.getByRole('link', { name: booking.reference })).toBeVisible();
    expect(await numericStyle(page.getByRole('link', { name: booking.reference }))).toContain(
      'slashed-zero',
    );

    // The customer: the refund on /manage-booking, and the email.
    const [mail] = await waitForMail(
      (message) =>
        sentTo(email)(message) &&
        (message.headers.subject ?? '').startsWith('Refund of $50.00 AUD'),
    );
    expect(mail?.text).toContain(
      `We have refunded $50.00 AUD to the card you paid with for booking ${booking.reference}.`,
    );
    const customer = await page.context().browser()!.newPage();
    await customer.setExtraHTTPHeaders({ 'X-Forwarded-For': '198.51.100.62' });
    await customer.goto(`/manage-booking?bookingNumber=${booking.reference}`);
    await customer.getByLabel('Email').fill(email);
    await customer.getByRole('button', { name: 'Get Booking' }).click();
    const result = customer.getByRole('region', { name: `Booking ${booking.reference}` });
    await expect(result.getByText('Refund amount')).toBeVisible();
    await expect(result.getByText('$50.00 AUD', { exact: true })).toBeVisible();
    await customer.close();
  });

  test('staff change the pickup time at the new price, then cancel with the policy refund', async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const siteUrl = new URL(baseURL!).origin;
    const email = customerEmail();
    const booking = await seedBooking(request, email);
    const staff = newPerson('dispatch');
    await signUp(page, staff);
    expect((await staffCommand(['grant', staff.email], siteUrl)).code).toBe(0);
    await page.goto(`/staff/bookings/${booking.reference}`);

    // 23:30 falls in the after-hours window: the new price has its surcharge, shown first.
    const change = page.getByRole('form', { name: 'Change booking' });
    await change.getByLabel('Pickup time').fill('23:30');
    await change.getByLabel('Reason for the change').fill('Flight moved to 11:30 PM');
    await change.getByRole('button', { name: 'Show the new price' }).click();
    const preview = change.getByRole('status', { name: 'New price' });
    await expect(preview).toContainText('After-hours surcharge');
    await expect(preview).toContainText('the customer owes');
    await expect(preview).toContainText('a payment link for it is emailed with the change.');
    await change.getByRole('button', { name: 'Apply change and email the customer' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'is changed' })).toContainText(
      `Booking ${booking.reference} is changed and the customer emailed.`,
    );
    await expect(
      page
        .getByRole('region', { name: 'Timeline' })
        .getByText(`${staff.email.toLowerCase()} changed the booking (pickup time)`),
    ).toBeVisible();
    const [changed] = await waitForMail(
      (message) =>
        sentTo(email)(message) && (message.headers.subject ?? '').endsWith('has changed'),
    );
    expect(changed?.text).toContain('11:30 PM (Queensland time)');
    expect(changed?.text).toMatch(/^Adjustment note$/m);

    // The fare paid stays as paid; the fare now and what is owed are beside it, each adding up.
    const trip = page.getByRole('region', { name: 'Trip and fare' });
    await expect(trip.getByRole('table', { name: 'Fare details' })).toBeVisible();
    await expect(trip.getByRole('table', { name: 'Fare after changes' })).toBeVisible();
    await expect(page.getByText(/^Status CONFIRMED · paid \$[\d,.]+ AUD · owed \$/)).toBeVisible();
    const tables = fareTablesOf(await trip.innerHTML());
    expect(tables).toHaveLength(2);
    expect(faresNotAddingUp(tables)).toEqual([]);
    expect(tables[1]!.total).toBeGreaterThan(tables[0]!.total);
    await expect(
      page
        .getByRole('table')
        .filter({ has: page.getByRole('columnheader', { name: 'Adjustment note' }) }),
    ).toContainText(`${booking.reference}-A1`);

    // A pickup inside the online notice needs "Arranged by phone".
    const soon = new Date(Date.now() + 40 * 60_000);
    await change.getByLabel('Booking date').fill(todayInBrisbane(soon));
    await change.getByLabel('Pickup time').fill(timeInBrisbane(soon));
    await change.getByLabel('Reason for the change').fill('Customer landed early');
    await change.getByRole('button', { name: 'Show the new price' }).click();
    await expect(change.getByLabel('Pickup time')).toHaveAccessibleDescription(
      /The pickup is less than an hour away/,
    );
    await change.getByRole('checkbox', { name: /Arranged by phone/ }).check();
    await change.getByRole('button', { name: 'Show the new price' }).click();
    await expect(change.getByRole('status', { name: 'New price' })).toContainText(
      'Override: Pickup less than an hour ahead, arranged by phone.',
    );

    // Days ahead, a sedan: the policy suggests the full refund.
    await page.reload();
    const cancel = page.getByRole('form', { name: 'Cancel booking' });
    await expect(page.getByText(/a full refund\.$/)).toBeVisible();
    const suggested = await cancel.getByLabel('Refund with the cancellation').inputValue();
    await cancel.getByRole('button', { name: 'Cancel booking' }).click();
    const asked = page.getByRole('dialog', { name: `Cancel booking ${booking.reference}?` });
    const amount = `$${Number(suggested).toLocaleString('en-AU', { minimumFractionDigits: 2 })} AUD`;
    await expect(asked).toContainText(`and refund ${amount} to the card`);
    await asked.getByRole('button', { name: `Yes, cancel and refund ${amount}` }).click();
    await expect(page.getByRole('status').filter({ hasText: 'is cancelled' })).toContainText(
      `Booking ${booking.reference} is cancelled and $`,
    );
    await expect(page.getByText(/^Status CANCELLED/)).toBeVisible();
    await expect(page.getByRole('form', { name: 'Cancel booking' })).toHaveCount(0);
    const [cancelled] = await waitForMail(
      (message) =>
        sentTo(email)(message) && (message.headers.subject ?? '').endsWith('is cancelled'),
    );
    const raw = readFileSync(path.join(OUTBOX_DIR, cancelled!.file), 'utf8');
    const calendar = decodeParts(raw).replace(/\r\n /g, '');
    expect(calendar).toContain('METHOD:CANCEL');
    expect(calendar).toContain(`UID:${booking.reference}@`);
    expect(calendar).toContain('STATUS:CANCELLED');
  });

  test('visitors and customers get the plain 404 on every staff page and post', async ({
    page,
    request,
    baseURL,
  }) => {
    const siteUrl = new URL(baseURL!).origin;
    const { reference } = await seedBooking(request, customerEmail());
    expect(await staffAnswers(request, siteUrl, reference)).toEqual([404, 404, 404, 404, 404]);
    await signUp(page, newPerson('customer'));
    expect(await staffAnswers(page.request, siteUrl, reference)).toEqual([404, 404, 404, 404, 404]);
    // The page a customer sees is the site's own 404, word for word as for an unknown address.
    await page.mainFrame().goto('/staff/bookings/' + reference);
    const shown = await page.getByRole('main').innerText();
    await page.mainFrame().goto('/no-such-page');
    expect(shown).toBe(await page.getByRole('main').innerText());
    expect(shown).not.toMatch(/staff|operations|refund/i);
  });
});
