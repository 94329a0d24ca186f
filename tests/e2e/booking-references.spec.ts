// Booking references are shown where zero and the letter O differ ("MWYL80OY"): tabular figures
// with a slashed zero in a face that has one, in the widget's confirmation, on /manage-booking, in
// the confirmation email's HTML; on a phone and on a laptop. The reference format is unchanged.
import path from 'node:path';
import type { Locator } from '@playwright/test';
import { decodeParts, outboxMessagesWith } from '../support/mime';
import { useOwnClientAddress } from './account-helpers';
import { passengerToPayment, payWithCard, toPassengerStep, widget } from './booking-helpers';
import { expect, test } from './fixtures';

const outbox = path.join(process.env.E2E_DATA_DIR ?? '.data/e2e', 'outbox');

const numericStyle = (element: Locator) =>
  element.evaluate((node) => {
    const style = getComputedStyle(node);
    return { numeric: style.fontVariantNumeric, family: style.fontFamily };
  });

for (const size of [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
]) {
  test(`at ${size.width} × ${size.height} references tell zero from O in the widget, on the site and in the email`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(size);
    await page.goto('/booking');
    await toPassengerStep(page);
    const email = `refs.${Date.now().toString(36)}@example.com`;
    await passengerToPayment(page, {
      firstName: 'Mere',
      lastName: 'Tane',
      mobile: '412345678',
      email,
    });
    await payWithCard(page, '4242 4242 4242 4242');
    const ref = widget(page).locator('.cb-ref');
    await expect(ref).toHaveText(/^[A-Z0-9]{8,12}$/);
    const reference = (await ref.textContent()) ?? '';
    const inWidget = await numericStyle(ref);
    expect(inWidget.numeric).toContain('slashed-zero');
    expect(inWidget.numeric).toContain('tabular-nums');
    expect(inWidget.family).toMatch(/mono/i);

    await useOwnClientAddress(page);
    await page.goto(`/manage-booking?bookingNumber=${reference}`);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Get Booking' }).click();
    const heading = page.getByRole('heading', { name: `Booking ${reference}` });
    await expect(heading).toBeVisible();
    const onSite = await numericStyle(heading.locator('.booking-ref'));
    expect(onSite.numeric).toContain('slashed-zero');
    // The text face, which has the slashed zero, even inside a heading in the display face.
    expect(onSite.family).toMatch(/^Inter/);

    await expect.poll(() => outboxMessagesWith(outbox, reference, email).length).toBeGreaterThan(0);
    const message = decodeParts(outboxMessagesWith(outbox, reference, email)[0] ?? '');
    expect(message).toMatch(new RegExp(`<td style="[^"]*slashed-zero[^"]*">${reference}</td>`));
  });
}
