// The fleet (/fleet, /transfers; docs/product.md, "Routes"): categories then vehicle cards from the
// CMS, a fallback picture when an image fails, Book Now and Learn More, and each vehicle's page.
import type { Page } from '@playwright/test';
import { expect, seriousA11yViolations, test } from './fixtures';

const CATEGORIES = [
  'Sedans and SUVs',
  'People Movers and Minibuses',
  'Coaches',
  'Stretch Limousines',
];
const VEHICLES = [
  'Executive Sedan',
  'Luxury Sedan',
  'Premium SUV',
  'People Mover',
  'Luxury Minibus',
  'Midi Coach',
  'Coach',
  'Stretch Limousine',
];

function card(page: Page, title: string) {
  return page.getByRole('main').getByRole('article', { name: title, exact: true });
}

test.describe('fleet list', () => {
  test('/fleet lists categories, then the vehicles of each that are not archived', async ({
    page,
  }) => {
    await page.goto('/fleet');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Our Fleet');
    await expect(main.getByRole('heading', { level: 2 })).toHaveText(CATEGORIES);
    await expect(main.getByRole('article').getByRole('heading', { level: 3 })).toHaveText(VEHICLES);
    // The archived vehicle type is never shown.
    await expect(main.getByText('Standard Sedan')).toHaveCount(0);

    const sedans = main.getByRole('region', { name: 'Sedans and SUVs' });
    await expect(sedans.getByRole('article')).toHaveCount(3);
  });

  test('a card shows the picture, description, capacity and its two links', async ({ page }) => {
    await page.goto('/fleet');
    const sedan = card(page, 'Executive Sedan');
    await expect(sedan.getByRole('img')).toHaveAttribute('alt', /black sedan/);
    await expect(sedan).toContainText('Our most booked car');
    await expect(sedan.getByRole('definition')).toHaveText(['3', '2', '2']);
    await expect(sedan.getByRole('term')).toHaveText(['Max passengers', 'Suitcases', 'Small bags']);
    await expect(sedan.getByRole('link', { name: 'Book Now' })).toHaveAttribute(
      'href',
      '/booking?vehicle=executive-sedan',
    );
    await expect(
      sedan.getByRole('link', { name: 'Learn More about the Executive Sedan' }),
    ).toHaveAttribute('href', '/fleet/executive-sedan');
    const coach = card(page, 'Coach');
    await expect(coach.getByRole('definition').first()).toHaveText('61');
  });

  test('/transfers shows the same fleet list under its own heading', async ({ page }) => {
    await page.goto('/transfers');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Our Transfer');
    await expect(main.getByRole('heading', { level: 2 })).toHaveText(CATEGORIES);
    await expect(main.getByRole('article').getByRole('heading', { level: 3 })).toHaveText(VEHICLES);
    await expect(
      card(page, 'People Mover').getByRole('link', { name: 'Book Now' }),
    ).toHaveAttribute('href', '/booking?vehicle=people-mover');
  });

  test('Learn More opens the vehicle page', async ({ page }) => {
    await page.goto('/fleet');
    await card(page, 'Executive Sedan')
      .getByRole('link', { name: /^Learn More/ })
      .click();
    await expect(page).toHaveURL(/\/fleet\/executive-sedan$/);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Executive Sedan');
    await expect(main.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link')).toHaveText(
      ['Home', 'Our Fleet'],
    );
    await expect(main.getByRole('definition')).toHaveText(['3', '2', '2']);
    const fares = main.getByRole('region', { name: 'Fares' });
    await expect(fares.getByRole('listitem')).toHaveText([
      '$95.00 for the first 10 km, then $3.20 per km',
      'By the hour: $85.00 per hour with 20 km included, then $3.20 per km',
    ]);
    await expect(main.getByRole('link', { name: 'Book Now' })).toHaveAttribute(
      'href',
      '/booking?vehicle=executive-sedan',
    );
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(canonical).toBe(new URL('/fleet/executive-sedan', page.url()).toString());
    await expect(page).toHaveTitle('Executive Sedan | Business Chauffeur');
  });

  test.describe('vehicles that are not there', () => {
    test.use({ allowedConsoleErrors: [/status of 404/] });

    test('an archived or unknown vehicle is not found', async ({ page }) => {
      for (const path of ['/fleet/standard-sedan', '/fleet/no-such-car']) {
        const response = await page.goto(path);
        expect(response?.status()).toBe(404);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 - Page Not Found');
      }
    });
  });

  test.describe('broken images', () => {
    test.use({ allowedConsoleErrors: [/Failed to load resource/] });

    test('a vehicle picture that fails to load is replaced by the default car', async ({
      page,
    }) => {
      await page.route('**/content/images/fleet-sedan.svg*', (route) => route.abort());
      await page.goto('/fleet');
      const image = card(page, 'Executive Sedan').getByRole('img');
      await expect(image).toHaveAttribute('src', '/images/fallback-car.svg');
      // The alternative text still names the vehicle, and the fallback really drew.
      await expect(image).toHaveAttribute('alt', /black sedan/);
      await expect
        .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
        .toBeGreaterThan(0);
      // Other pictures are untouched.
      await expect(card(page, 'Premium SUV').getByRole('img')).toHaveAttribute(
        'src',
        /\/content\/images\/fleet-suv\.svg/,
      );
    });
  });

  test('fits a 360 px wide screen', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of ['/fleet', '/fleet/coach']) {
      await page.goto(path);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBe(0);
    }
  });

  for (const path of ['/fleet', '/transfers', '/fleet/stretch-limousine']) {
    test(`${path} has no serious accessibility violation`, async ({ page }) => {
      await page.goto(path);
      expect(await seriousA11yViolations(page)).toEqual([]);
    });
  }
});
