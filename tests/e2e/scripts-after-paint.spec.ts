// The page paints before its JavaScript loads (docs/decisions/016-app-scripts-after-first-paint.md):
// the server holds Remix's module preloads and app script back, and an inline script lets them go
// after the load event and the first contentful paint, or at most LONGEST_HOLD_MS after the
// document is parsed.
import { LONGEST_HOLD_MS } from '../../app/utils/start-app-after-paint';
import { expect, test } from './fixtures';

/** When the page first painted content and when each of its app modules was requested. */
function paintAndScriptTimes() {
  const paint = performance.getEntriesByName('first-contentful-paint')[0];
  const scripts = performance
    .getEntriesByType('resource')
    .filter((entry) => new URL(entry.name).pathname.startsWith('/assets/'))
    .filter((entry) => entry.name.endsWith('.js'));
  return {
    firstContentfulPaint: paint?.startTime ?? null,
    loadEventEnd: performance.getEntriesByType('navigation')[0]?.toJSON().loadEventEnd as number,
    scriptStarts: scripts.map((entry) => entry.startTime),
  };
}

test.describe('app scripts after the first paint', () => {
  for (const path of ['/', '/fleet', '/service-area-brisbane']) {
    test(`${path} paints before its JavaScript is requested, then becomes interactive`, async ({
      page,
    }) => {
      await page.goto(path);
      const times = await page.evaluate(paintAndScriptTimes);
      expect(times.firstContentfulPaint).not.toBeNull();
      expect(times.scriptStarts.length).toBeGreaterThan(3);
      for (const start of times.scriptStarts) {
        expect(start).toBeGreaterThan(times.firstContentfulPaint!);
        expect(start).toBeGreaterThanOrEqual(times.loadEventEnd);
      }
    });
  }

  test('a slow image does not keep the page from working for long', async ({ page }) => {
    let releaseImage = () => {};
    const imageHeld = new Promise<void>((resolve) => (releaseImage = resolve));
    await page.route('**/content/images/hero-cars.svg*', async (route) => {
      await imageHeld;
      await route.continue().catch(() => {});
    });
    const started = Date.now();
    // The fixture's goto waits for hydration after the document is parsed; load never comes.
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    expect(Date.now() - started).toBeLessThan(LONGEST_HOLD_MS + 5_000);
    expect(await page.evaluate(() => document.readyState)).not.toBe('complete');

    // Interactive: the services carousel answers its Next button.
    const carousel = page.getByRole('region', { name: 'Our services' });
    const visibleTitle = () =>
      carousel.getByRole('group').filter({ visible: true }).getByRole('heading').innerText();
    const before = await visibleTitle();
    await carousel.getByRole('button', { name: 'Next service' }).click();
    await expect.poll(visibleTitle).not.toBe(before);
    releaseImage();
  });

  test('links move between pages in the browser once the app has started', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => Object.assign(window, { stayedOnThisDocument: true }));
    await page.getByRole('link', { name: 'Explore our service areas' }).click();
    await expect(page).toHaveURL(/\/service-areas$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => 'stayedOnThisDocument' in window)).toBe(true);
  });
});
