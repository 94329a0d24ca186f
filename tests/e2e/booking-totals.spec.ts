// One total per screen, on a phone and on a laptop: the summary shows the fare's total, the payment
// step the amount about to be paid, the confirmation the amount paid, each once, with no running
// total left in the wizard's bar; a child seat asked for is said once ("1 child seat").
import type { Page } from '@playwright/test';
import {
  expectStep,
  fillContact,
  fillSimpleTrip,
  mere,
  next,
  payWithCard,
  widget,
} from './booking-helpers';
import { expect, test } from './fixtures';

/** The totals the widget shows now: every visible term or text that starts with "Total". */
function visibleTotals(page: Page) {
  return widget(page)
    .locator('.cb-total, dt')
    .filter({ hasText: /^Total\b(?! travel time| distance)/ })
    .filter({ visible: true })
    .count();
}

for (const size of [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
]) {
  test(`at ${size.width} × ${size.height} each screen from the summary on shows one total`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(size);
    await page.goto('/booking');
    await fillSimpleTrip(page);
    await page
      .getByRole('group', { name: 'Child seats' })
      .getByRole('spinbutton', { name: 'Child seats', exact: true })
      .fill('1');
    await next(page, 'Next: Vehicle Selection');
    await page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Premium SUV' }) })
      .getByRole('button', { name: 'Select Vehicle' })
      .click();
    await next(page, 'Next: Passenger Details');
    await fillContact(page, mere);
    await next(page, 'Next: Summary');
    await expectStep(page, 'Summary', 4);
    const seats = widget(page)
      .locator('dl > div')
      .filter({ has: page.getByRole('term').filter({ hasText: /^Child seats$/ }) })
      .getByRole('definition');
    await expect(seats).toHaveText('1 child seat');
    expect(await visibleTotals(page)).toBe(1);

    await next(page, 'Next: Payment');
    await expect(page.getByRole('button', { name: 'Pay now' })).toBeVisible();
    expect(await visibleTotals(page)).toBe(1);
    await expect(widget(page).locator('.cb-amount')).toHaveText(/^Total \(AUD\)\$\d/);

    await payWithCard(page, '4242 4242 4242 4242');
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    expect(await visibleTotals(page)).toBe(1);
    await expect(widget(page).locator('.cb-total')).toHaveCount(0);
  });
}
