// /manage-booking in a browser: the specification's lookup messages, a booking found (seeded
// through the booking API: quote, booking, sandbox payment), the cancellation message, keyboard
// focus, a 360 px screen and a visit without JavaScript. Also /completion after a payment.
import type { Page } from '@playwright/test';
import { expect, seriousA11yViolations, test } from './fixtures';
import { seedBooking, type Seeded } from './seed-booking';

// One address per worker: lookups are limited per email, and workers run side by side.
const EMAIL = `Aroha.Ngata+${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
let seeded: Seeded;
let clientCount = 0;

/**
 * Each test looks up from its own client address (the server trusts the local proxy header), so
 * the per-address limit of one test, or of another worker, never meets another's.
 */
async function asNewClient(page: Page) {
  clientCount += 1;
  const worker = test.info().parallelIndex % 250;
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': `10.${worker}.0.${clientCount}` });
}

test.beforeAll(async ({ request }) => {
  seeded = await seedBooking(request, EMAIL);
});

test.describe('manage booking', () => {
  // A lookup that finds nothing answers 400 or 404: the browser logs the status of that request.
  test.use({ allowedConsoleErrors: [/status of (400|404|429)/] });

  test('shows the specification messages for empty and wrong details', async ({ page }) => {
    await asNewClient(page);
    await page.goto('/manage-booking');
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Booking' })).toBeVisible();
    await page.getByRole('button', { name: 'Get Booking' }).click();
    await expect(page.getByText('Please provide a valid Booking Number.')).toBeVisible();
    await expect(page.getByText('Please provide a valid Email Id.')).toBeVisible();
    // Focus moves to the first field to correct, which names its error.
    const email = page.getByLabel('Email');
    await expect(email).toBeFocused();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('Please provide a valid Email Id.');

    await email.fill(EMAIL);
    await page.getByLabel('Booking number').fill('ABC');
    await page.getByRole('button', { name: 'Get Booking' }).click();
    await expect(page.getByText('Please provide a valid Booking Number.')).toBeVisible();
    await expect(page.getByText('Please provide a valid Email Id.')).toBeHidden();

    // A wrong number and a wrong email give the same answer.
    await page.getByLabel('Booking number').fill('ZZZZZZZZ');
    await page.getByRole('button', { name: 'Get Booking' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please provide a valid Booking Information.');
    await email.fill('someone.else@example.com');
    await page.getByLabel('Booking number').fill(seeded.reference);
    await page.getByRole('button', { name: 'Get Booking' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please provide a valid Booking Information.');
    await expect(page.getByRole('heading', { name: `Booking ${seeded.reference}` })).toBeHidden();
  });

  test('finds the booking and asks to phone to cancel', async ({ page }) => {
    await asNewClient(page);
    // The link in the confirmation email fills the booking number in.
    await page.goto(`/manage-booking?bookingNumber=${seeded.reference}`);
    await expect(page.getByLabel('Booking number')).toHaveValue(seeded.reference);
    await page.getByLabel('Email').fill(EMAIL.toLowerCase());
    await page.getByLabel('Email').press('Enter');

    const result = page.getByRole('region', { name: `Booking ${seeded.reference}` });
    await expect(result).toBeVisible();
    await expect(result).toBeFocused();
    await expect(result.getByText('Status: Confirmed', { exact: true })).toBeVisible();
    await expect(result.getByText(/Brisbane Airport/)).toBeVisible();
    await expect(result.getByText(/^5 The Esplanade, Mooloolaba/)).toBeVisible();
    await expect(result.getByText('VA1234 (pickup at its scheduled arrival)')).toBeVisible();
    await expect(result.getByText(/at 9:15 AM \(Queensland time\)/)).toBeVisible();
    await expect(result.getByText(/\$[\d,]+\.\d\d AUD/)).toBeVisible();
    await expect(result.getByText('Refund amount')).toBeHidden();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await result.getByRole('button', { name: 'Request for cancellation' }).click();
    const notice = page.getByRole('status').filter({ hasText: 'support number' });
    await expect(notice).toHaveText(
      'Please call on this support number 1300 975 707 to cancel this booking.',
    );
    await expect(notice.getByRole('link', { name: '1300 975 707' })).toHaveAttribute(
      'href',
      'tel:1300975707',
    );
    await expect(page.getByText(/Cancellation requested on/)).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test('fits a 360 px phone screen', async ({ page }) => {
    await asNewClient(page);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`/manage-booking?bookingNumber=${seeded.reference}`);
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByRole('button', { name: 'Get Booking' }).click();
    await expect(page.getByRole('region', { name: `Booking ${seeded.reference}` })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const button = await page
      .getByRole('button', { name: 'Request for cancellation' })
      .boundingBox();
    expect(button?.height).toBeGreaterThanOrEqual(44);
  });
});

test.describe('manage booking without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('looks the booking up and records the cancellation request', async ({ page }) => {
    await asNewClient(page);
    // page.goto waits for hydration, which never comes without JavaScript: use the frame's goto.
    await page.mainFrame().goto('/manage-booking');
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Booking number').fill(seeded.reference.toLowerCase());
    await page.getByRole('button', { name: 'Get Booking' }).click();
    await expect(page.getByRole('heading', { name: `Booking ${seeded.reference}` })).toBeVisible();
    await page.getByRole('button', { name: 'Request for cancellation' }).click();
    await expect(
      page.getByText('Please call on this support number 1300 975 707 to cancel this booking.'),
    ).toBeVisible();
  });
});

test.describe('completion', () => {
  test('says "Thank you!" with the booking reference after a verified payment', async ({
    page,
  }) => {
    await page.goto(
      `/completion?booking=${seeded.bookingId}&payment_intent_client_secret=${encodeURIComponent(seeded.clientSecret)}&redirect_status=succeeded`,
    );
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeVisible();
    await expect(
      page.getByText(
        `Congratulations! Your Booking is successful. Booking RefId for your reference: ${seeded.reference}`,
      ),
    ).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});

test('the development outbox does not exist in production', async ({ request }) => {
  expect((await request.get('/dev/outbox')).status()).toBe(404);
});
