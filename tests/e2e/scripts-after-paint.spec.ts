// A page that loads the app paints before the app's JavaScript loads
// (docs/decisions/016-app-scripts-after-first-paint.md): the server holds Remix's module preloads
// and app script back, and an inline script lets them go after the load event and the first
// contentful paint, or at most LONGEST_HOLD_MS after the document is parsed. (Content pages load
// no app at all: content-pages-without-the-app.spec.ts.)
import { LONGEST_HOLD_MS } from '../../app/utils/start-app-after-paint';
import { expect, test } from './fixtures';

/** When the page first painted content and when each of its app modules was requested. */
function paintAndScriptTimes() {
  const paint = performance.getEntriesByName('first-contentful-paint')[0];
  const scripts = performance
    .getEntriesByType('resource')
    .filter((entry) => new URL(entry.name).pathname.startsWith('/assets/'))
    .filter((entry) => entry.name.endsWith('.js'))
    // The site's own small module of elements, which every page loads at once, is not the app.
    .filter((entry) => !new URL(entry.name).pathname.startsWith('/assets/site-elements-'));
  return {
    firstContentfulPaint: paint?.startTime ?? null,
    loadEventEnd: performance.getEntriesByType('navigation')[0]?.toJSON().loadEventEnd as number,
    scriptStarts: scripts.map((entry) => entry.startTime),
  };
}

test.describe('app scripts after the first paint', () => {
  for (const path of ['/contact', '/chauffeur', '/signin']) {
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

  test('a slow font does not keep the page from working for long', async ({ page }) => {
    let releaseFonts = () => {};
    const fontsHeld = new Promise<void>((resolve) => (releaseFonts = resolve));
    await page.route('**/*.woff2', async (route) => {
      await fontsHeld;
      await route.continue().catch(() => {});
    });
    const started = Date.now();
    // The fixture's goto waits for hydration after the document is parsed; load never comes.
    await page.goto('/contact', { waitUntil: 'domcontentloaded' });
    expect(Date.now() - started).toBeLessThan(LONGEST_HOLD_MS + 5_000);
    expect(await page.evaluate(() => document.readyState)).not.toBe('complete');
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBe('true');
    releaseFonts();
  });

  test('links move between pages in the browser once the app has started, also to a content page', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/contact');
    await page.evaluate(() => Object.assign(window, { stayedOnThisDocument: true }));
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Services' })
      .click();
    await expect(page).toHaveURL(/\/service$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => 'stayedOnThisDocument' in window)).toBe(true);
    // The content page, shown by the running app, keeps it: its links stay in the app too.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Contact Us' })
      .click();
    await expect(page).toHaveURL(/\/contact$/);
    expect(await page.evaluate(() => 'stayedOnThisDocument' in window)).toBe(true);
  });
});
