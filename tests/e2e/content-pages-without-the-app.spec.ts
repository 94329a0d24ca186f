// Content pages load no app (docs/decisions/071-content-pages-without-the-app.md): the home page,
// every CMS page, service area and policy, and the vehicle pages get the server's HTML and the
// site's small module of elements, and nothing of Remix or React; their menus, carousel and
// booking widget work all the same. The pages with forms of the app (booking, contact, sign-in)
// load the app as before, and so does every page in draft mode (draft-mode.spec.ts). Content
// pages report their vitals without it: vitals.spec.ts.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { CONTENT_ROUTES as REGISTRY } from '../../app/content/content-routes';
import { CONTENT_ROUTES } from './content-pages';

/** The app's own pages with forms of the app, which show a CMS document too. */
const APP_FORM_PAGES = new Set(
  REGISTRY.filter(
    (entry) => entry.module.startsWith('routes/') && entry.module !== 'routes/_index.tsx',
  ).map((entry) => entry.path),
);
/** The home page, every CMS page, service area and policy, the lists and a vehicle page. */
const PAGES_WITHOUT_APP = CONTENT_ROUTES.filter((path) => !APP_FORM_PAGES.has(path));

/** The JavaScript files of ours the page requested, by path. */
function ourScripts(page: Page) {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name))
      .filter((url) => url.origin === location.origin && url.pathname.endsWith('.js'))
      .map((url) => url.pathname),
  );
}

test('every content page works without the app: only the site elements and the widget load', async ({
  page,
}) => {
  expect(PAGES_WITHOUT_APP).toEqual(
    expect.arrayContaining(['/', '/fleet', '/service-area-brisbane', '/fleet/executive-sedan']),
  );
  test.setTimeout(PAGES_WITHOUT_APP.length * 8_000);
  for (const path of PAGES_WITHOUT_APP) {
    await page.goto(path);
    const scripts = await ourScripts(page);
    const app = scripts.filter(
      (script) =>
        !/^\/assets\/site-elements-[\w-]+\.js$/.test(script) && !script.startsWith('/widget/'),
    );
    expect(app, `${path} loads no app script`).toEqual([]);
    expect(scripts.some((script) => script.startsWith('/assets/site-elements-'))).toBe(true);
    expect(await page.evaluate(() => '__remixContext' in window), path).toBe(false);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
});

for (const path of ['/booking', '/contact', '/chauffeur', '/signin']) {
  test(`${path} loads the app`, async ({ page }) => {
    await page.goto(path);
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBe('true');
    const scripts = await ourScripts(page);
    expect(scripts.some((script) => /\/assets\/entry\.client-/.test(script))).toBe(true);
  });
}

for (const path of ['/', '/contact']) {
  test(`on ${path} a phone menu link closes the menu it was followed from`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(path);
    const toggle = page.getByRole('button', { name: 'Menu' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await nav.getByRole('link', { name: 'Services' }).click();
    await expect(page).toHaveURL(/\/service$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Services' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });
}
