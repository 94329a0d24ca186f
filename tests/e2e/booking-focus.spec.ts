// WCAG 2.2 "Focus Not Obscured" on a phone: every control of every step, reached with Tab as a
// keyboard user reaches it, is wholly in view, below the site's sticky header and above the
// wizard's sticky footer (Next and the total), measured from their rectangles.
import type { Page } from '@playwright/test';
import {
  dateAhead,
  expectStep,
  fillContact,
  fillSimpleTrip,
  mere,
  next,
  widget,
} from './booking-helpers';
import { expect, test } from './fixtures';

interface Seen {
  name: string;
  field: { top: number; bottom: number };
  footerTop: number | null;
  headerBottom: number;
  inFooter: boolean;
  inWidget: boolean;
}

/** The focused control inside the widget, its rectangle and those of the bars that stay. */
function focused(page: Page): Promise<Seen> {
  return page.evaluate(() => {
    const host = document.querySelector('chauffeur-booking')!;
    const root = host.shadowRoot!;
    const active = root.activeElement as HTMLElement | null;
    const footer = root.querySelector<HTMLElement>('.cb-footer');
    const sticky = footer && getComputedStyle(footer).position === 'sticky';
    const header = document.querySelector<HTMLElement>('.site-header, header');
    const headerBox = header?.getBoundingClientRect();
    const headerStays =
      header && ['sticky', 'fixed'].includes(getComputedStyle(header).position) && headerBox;
    const box = active?.getBoundingClientRect();
    return {
      name: `${active?.tagName ?? 'none'} ${active?.getAttribute('aria-label') ?? ''} ${active?.id ?? ''} ${active?.textContent?.trim().slice(0, 30) ?? ''}`.trim(),
      field: { top: box?.top ?? 0, bottom: box?.bottom ?? 0 },
      footerTop: sticky ? footer.getBoundingClientRect().top : null,
      headerBottom: headerStays ? Math.max(0, headerBox.bottom) : 0,
      inFooter: Boolean(active && footer?.contains(active)),
      inWidget: Boolean(active),
    };
  });
}

/** Tabs from the step's heading through every control of the step, up to the footer. */
async function tabThroughStep(page: Page, step: string) {
  await widget(page)
    .getByRole('heading', { level: 2 })
    .evaluate((heading) => (heading as HTMLElement).focus());
  const checked: string[] = [];
  for (let presses = 0; presses < 80; presses += 1) {
    await page.keyboard.press('Tab');
    const seen = await focused(page);
    if (!seen.inWidget || seen.inFooter) break;
    checked.push(seen.name);
    expect(seen.field.top, `${step}: ${seen.name} under the site header`).toBeGreaterThanOrEqual(
      seen.headerBottom - 0.5,
    );
    if (seen.footerTop !== null) {
      expect(seen.field.bottom, `${step}: ${seen.name} under the footer`).toBeLessThanOrEqual(
        seen.footerTop + 0.5,
      );
    }
  }
  expect(checked.length, `${step}: controls reached`).toBeGreaterThan(0);
  return checked;
}

for (const size of [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
]) {
  test(`at ${size.width} × ${size.height} no focused control of any step is under the bars that stay`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(size);
    await page.goto('/booking');
    await fillSimpleTrip(page);
    await page.getByLabel('Booking date').fill(dateAhead(10));
    const general = await tabThroughStep(page, 'Trip');
    expect(general.length).toBeGreaterThan(8);

    await next(page, 'Next: Vehicle Selection');
    await expectStep(page, 'Vehicle Selection', 2);
    await tabThroughStep(page, 'Vehicle Selection');
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Executive Sedan' }) });
    await card.getByRole('button', { name: 'Select Vehicle' }).click();

    await next(page, 'Next: Passenger Details');
    await expectStep(page, 'Passenger Details', 3);
    await widget(page).getByRole('switch').first().click();
    await tabThroughStep(page, 'Passenger Details');
    const [passenger, booker] = await widget(page).getByRole('group').all();
    await fillContact(passenger!, mere);
    await fillContact(booker!, { ...mere, firstName: 'Aroha', email: 'aroha@example.com' });

    await next(page, 'Next: Summary');
    await expectStep(page, 'Summary', 4);
    await tabThroughStep(page, 'Summary');

    await next(page, 'Next: Payment');
    await expect(page.getByRole('button', { name: 'Pay now' })).toBeVisible();
    await tabThroughStep(page, 'Payment');
  });
}
