// Every content page (tests/e2e/content-pages.ts) through axe-core (no serious or critical
// violation) with its collapsible sections open, and on a 360 px phone (no sideways scrolling).
import { expect, seriousA11yViolations, test } from './fixtures';
import { CONTENT_ROUTES } from './content-pages';

for (const route of CONTENT_ROUTES) {
  test(`axe-core finds no serious or critical violation on ${route}`, async ({ page }) => {
    await page.goto(route);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Collapsed text is checked too: open every <details> before the audit.
    await page
      .locator('main details')
      .evaluateAll((elements) =>
        elements.forEach((element) => ((element as HTMLDetailsElement).open = true)),
      );
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
}

test('no content page scrolls sideways on a 360 px phone', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const overflowing: string[] = [];
  for (const route of CONTENT_ROUTES) {
    await page.goto(route);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width > 360) overflowing.push(`${route}: ${width}px`);
  }
  expect(overflowing).toEqual([]);
});
