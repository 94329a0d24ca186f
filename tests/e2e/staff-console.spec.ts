// The staff console as staff use it: its own plain layout (no Book Now, no site footer or app
// badges) with one navigation whose current page is marked, reached from a link in the site's
// header that only staff get; every page fits a 1024 and a 1366 px window without sideways
// scrolling; a refund and a cancellation ask first, naming the amount, in a dialog with
// JavaScript and on a step of their own without it, and the server does nothing for a post staff
// did not confirm; the audit log reads as sentences with their details folded.
import type { Page } from '@playwright/test';
import { newPerson, signUp } from './account-helpers';
import { expect, seriousA11yViolations, test } from './fixtures';
import { seedBooking } from './seed-booking';
import { customerEmail, grantStaff } from './staff-helpers';

const NAV = [
  'Bookings',
  'New phone booking',
  'Day',
  'Chauffeurs',
  'Cars',
  'Cancellations',
  'Feedback',
  'Applications',
  'Partners',
  'Reports',
  'Vitals',
];

/** A signed-up account granted staff access, signed in on `page`. */
async function signedInStaff(page: Page, siteUrl: string) {
  const staff = newPerson('console');
  await signUp(page, staff);
  await grantStaff(staff.email, siteUrl);
  return staff;
}

test.describe('the staff console', () => {
  // A visitor's /staff answers 404, which the browser logs.
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test('has its own layout and navigation, linked from the site header for staff only', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const siteUrl = new URL(baseURL!).origin;
    const banner = page.getByRole('banner');

    // A visitor and a signed-in customer: no link to the console.
    await page.goto('/');
    await expect(banner.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Operations' })).toHaveCount(0);
    await signUp(page, newPerson('customer'));
    await page.goto('/');
    await expect(banner.getByRole('link', { name: 'My bookings' })).toBeAttached();
    await expect(page.getByRole('link', { name: 'Operations' })).toHaveCount(0);

    // Staff: the header links to the console.
    const staff = await signedInStaff(page, siteUrl);
    await page.goto('/');
    await banner.getByRole('link', { name: 'Operations' }).click();
    await expect(page).toHaveURL(/\/staff$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();

    // The console's own header: its navigation, who is signed in, no marketing.
    const nav = page.getByRole('navigation', { name: 'Operations' });
    await expect(nav.getByRole('link')).toHaveText(NAV);
    await expect(nav.getByRole('link', { name: 'Bookings' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByRole('banner')).toContainText(
      `Signed in as ${staff.email.toLowerCase()}`,
    );
    await expect(page.getByRole('link', { name: 'Book Now' })).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /App Store|Google Play/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'View the website' })).toHaveAttribute('href', '/');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The keyboard moves through the navigation; the page it opens is marked current.
    await nav.getByRole('link', { name: 'Cars' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Cars' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Cars' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.locator('[aria-current]')).toHaveCount(1);

    // The site's own pages keep the site's header and footer.
    await page.getByRole('link', { name: 'View the website' }).click();
    await expect(page.getByRole('navigation', { name: 'Operations' })).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Book Now' })).toBeVisible();
  });

  test('works without JavaScript: links, the current page and signing out', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signedInStaff(page, new URL(baseURL!).origin);
    await page.goto('/staff');
    const nav = page.getByRole('navigation', { name: 'Operations' });
    await nav.getByRole('link', { name: 'Cancellations' }).click();
    await expect(page).toHaveURL(/\/staff\/cancellations$/);
    await expect(nav.getByRole('link', { name: 'Cancellations' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/signin/);
    await expect(page.getByRole('link', { name: 'Operations' })).toHaveCount(0);
    await context.close();
  });

  test('without JavaScript, a refund and a cancellation ask on a step of their own; an unconfirmed post does nothing', async ({
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const siteUrl = new URL(baseURL!).origin;
    const { reference } = await seedBooking(request, customerEmail());
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const staff = await signedInStaff(page, siteUrl);
    const who = staff.email.toLowerCase();
    await page.goto(`/staff/bookings/${reference}`);
    const auditLog = page.getByRole('region', { name: 'Audit log' });

    // A post without staff's yes (a forged or replayed form) refunds nothing: it only asks.
    const unconfirmed = await page.request.post(`/staff/bookings/${reference}`, {
      headers: { Origin: siteUrl },
      form: { intent: 'refund', key: 'unconfirmed-1234', amount: '20', reason: 'Forged' },
    });
    expect(unconfirmed.status()).toBe(200);
    expect(await unconfirmed.text()).toContain(
      'Refund $20.00 AUD to the card the customer paid with?',
    );
    const mismatched = await page.request.post(`/staff/bookings/${reference}`, {
      headers: { Origin: siteUrl },
      form: { intent: 'cancel', key: 'mismatch-1234', amount: '0', confirm: '100', reason: 'x' },
    });
    expect(mismatched.status()).toBe(200);
    await page.reload();
    await expect(auditLog.getByText('No staff action yet.')).toBeVisible();
    await expect(page.getByText(/^Status CONFIRMED/)).toBeVisible();

    // The refund form asks on the next page, naming the amount; Yes refunds it.
    const refund = page.getByRole('form', { name: 'Refund' });
    await refund.getByLabel('Refund amount').fill('35');
    await refund.getByLabel('Reason').fill('Waiting time not used');
    await refund.getByRole('button', { name: 'Refund' }).click();
    const step = refund.getByRole('group', {
      name: 'Refund $35.00 AUD to the card the customer paid with? The customer is emailed, and a refund cannot be taken back.',
    });
    await expect(step).toBeVisible();
    await expect(refund.getByLabel('Refund amount')).toHaveValue('35');
    await expect(auditLog.getByText('No staff action yet.')).toBeVisible();
    await step.getByRole('button', { name: 'Yes, refund $35.00 AUD' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Refunded' })).toHaveText(
      'Refunded $35.00 AUD. The customer has been emailed.',
    );

    // The audit log: a sentence, its details folded until opened.
    const entry = auditLog.getByRole('listitem').first();
    await expect(entry).toContainText(`${who} refunded $35.00 AUD: Waiting time not used`);
    const details = entry.getByText('This refund');
    await expect(details).toBeHidden();
    await entry.getByText('Details').click();
    await expect(details).toBeVisible();
    await expect(entry).toContainText('$35.00 AUD');

    // Cancelling asks too; "Keep the booking" leaves it as it is.
    const cancel = page.getByRole('form', { name: 'Cancel booking' });
    await cancel.getByLabel('Refund with the cancellation').fill('0');
    await cancel.getByLabel('Reason').fill('Customer took a credit');
    await cancel.getByRole('button', { name: 'Cancel booking' }).click();
    const cancelStep = cancel.getByRole('group', { name: /^Cancel booking .* with no refund\?/ });
    await expect(cancelStep).toBeVisible();
    await cancelStep.getByRole('link', { name: 'Keep the booking' }).click();
    await expect(page.getByText(/^Status CONFIRMED/)).toBeVisible();
    await cancel.getByLabel('Refund with the cancellation').fill('0');
    await cancel.getByLabel('Reason').fill('Customer took a credit');
    await cancel.getByRole('button', { name: 'Cancel booking' }).click();
    await cancelStep.getByRole('button', { name: 'Yes, cancel with no refund' }).click();
    await expect(page.getByText(/^Status CANCELLED/)).toBeVisible();
    await expect(auditLog.getByRole('listitem').last()).toContainText(
      `${who} cancelled the booking with no refund: Customer took a credit`,
    );
    await context.close();
  });

  for (const width of [1024, 1366]) {
    test(`every page fits ${width} px without sideways scrolling`, async ({
      page,
      request,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      const { reference } = await seedBooking(request, customerEmail());
      await page.setViewportSize({ width, height: 900 });
      await signedInStaff(page, new URL(baseURL!).origin);
      const paths = [
        ...NAV.map((label) => (label === 'Bookings' ? '/staff' : `/staff/${label.toLowerCase()}`)),
        `/staff/bookings/${reference}`,
      ];
      const overflowing: string[] = [];
      for (const path of paths) {
        await page.goto(path);
        const { scrollWidth, clientWidth } = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          clientWidth: document.documentElement.clientWidth,
        }));
        if (scrollWidth > clientWidth) overflowing.push(`${path}: ${scrollWidth} > ${clientWidth}`);
      }
      expect(overflowing).toEqual([]);
    });
  }
});
