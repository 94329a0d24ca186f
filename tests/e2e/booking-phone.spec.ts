// The booking page on a phone and on a laptop: the bars that stay on screen (the site header, the
// wizard's own bar with Next and the total) take at most a fifth of a 360 × 740 screen, on each
// step; on a 1366 × 900 laptop, step 5's Pay now is in view without scrolling; on a phone the
// card's Expiry and CVC sit side by side on one line.
import type { Page } from '@playwright/test';
import { passengerToPayment, toPassengerStep, widget } from './booking-helpers';
import { expect, test } from './fixtures';

/** The height of everything fixed or sticky that is on screen now, page and widget alike. */
function stuckHeight(page: Page) {
  return page.evaluate(() => {
    let total = 0;
    const walk = (root: Document | ShadowRoot) => {
      for (const element of root.querySelectorAll('*')) {
        const { position, display, visibility } = getComputedStyle(element);
        const box = element.getBoundingClientRect();
        const onScreen = box.bottom > 0 && box.top < innerHeight && box.height > 0;
        if (
          (position === 'fixed' || position === 'sticky') &&
          onScreen &&
          display !== 'none' &&
          visibility !== 'hidden'
        ) {
          total += Math.min(box.bottom, innerHeight) - Math.max(box.top, 0);
        }
        if ((element as HTMLElement).shadowRoot) walk((element as HTMLElement).shadowRoot!);
      }
    };
    walk(document);
    return total;
  });
}

test('on a phone the bars that stay take at most a fifth of the screen', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/booking');
  await expect(widget(page).getByRole('button', { name: /^Next/ })).toBeVisible();
  // Scrolled into the form, as a customer filling it in is.
  await page.mouse.wheel(0, 400);
  await expect.poll(() => stuckHeight(page)).toBeLessThanOrEqual(740 * 0.2);
  await toPassengerStep(page);
  await page.mouse.wheel(0, 400);
  await expect.poll(() => stuckHeight(page)).toBeLessThanOrEqual(740 * 0.2);
});

test('on a laptop Pay now is in view on step 5 without scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/booking');
  await toPassengerStep(page);
  await passengerToPayment(page);
  await page.evaluate(() => scrollTo(0, 0));
  await expect(page.getByRole('button', { name: 'Pay now' })).toBeInViewport();
});

test('on a phone the card expiry and CVC share one line', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/booking');
  await toPassengerStep(page);
  await passengerToPayment(page);
  const expiry = await widget(page).getByLabel('Expiry').boundingBox();
  const cvc = await widget(page).getByLabel('CVC').boundingBox();
  expect(expiry && cvc && Math.abs(expiry.y - cvc.y)).toBeLessThanOrEqual(1);
  expect(expiry && cvc && Math.abs(expiry.height - cvc.height)).toBeLessThanOrEqual(1);
});
