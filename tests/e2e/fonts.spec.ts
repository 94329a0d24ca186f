// Fonts that arrive late move nothing: with the web fonts held back for a second and a half (a
// fresh visit on a slow phone), the page paints in the metric-matched fallback faces and the swap
// to Inter and Playfair Display shifts no layout.
import { expect, test } from './fixtures';

for (const path of ['/', '/fleet', '/about']) {
  test(`${path}: the late font swap shifts nothing`, async ({ page }) => {
    await page.route(/\.woff2(\?.*)?$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.addInitScript(() => {
      (window as unknown as { __shift: number }).__shift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
        })[]) {
          if (!entry.hadRecentInput)
            (window as unknown as { __shift: number }).__shift += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(path);
    await page.evaluate(() => document.fonts.ready);
    await expect
      .poll(() =>
        page.evaluate(() => [...document.fonts].filter((f) => f.status === 'loaded').length),
      )
      .toBeGreaterThan(0);
    // A frame for any shift the swap would cause to be reported.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))),
    );
    const shift = await page.evaluate(() => (window as unknown as { __shift: number }).__shift);
    // Matched fallbacks leave about 0.0001 here (sub-pixel rounding); plain Georgia and the
    // system sans-serif left 0.002 to 0.009 on the same pages.
    expect(shift).toBeLessThan(0.001);
  });
}
