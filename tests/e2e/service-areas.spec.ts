import { expect, test } from './fixtures';
import { SERVICE_AREAS } from './content-pages';

const WHY_CHOOSE = [
  'Luxury Fleet',
  'Professional Chauffeurs',
  'Timely Service',
  'Customized Packages',
];

test('/service-areas lists 1. Brisbane, 2. Gold Coast, 3. Sunshine Coast and why to choose us', async ({
  page,
}) => {
  await page.goto('/service-areas');
  await expect(page.getByRole('heading', { level: 1, name: 'Our Service Areas' })).toBeVisible();
  const areas = page.locator('main ol > li');
  await expect(areas).toHaveCount(3);
  for (const [index, area] of SERVICE_AREAS.entries()) {
    await expect(areas.nth(index).getByRole('link', { name: area.name })).toHaveAttribute(
      'href',
      area.path,
    );
  }
  // An ordered list, numbered on screen: 1., 2., 3.
  expect(await areas.first().evaluate((item) => item.parentElement?.tagName)).toBe('OL');
  await expect(areas.locator('h2')).toHaveText([
    '1. Brisbane',
    '2. Gold Coast',
    '3. Sunshine Coast',
  ]);

  const why = page.getByRole('region', { name: 'Why Choose Business Chauffeur' });
  await expect(why.getByRole('heading', { level: 3 })).toHaveText(WHY_CHOOSE);
  await expect(page.getByRole('main').getByRole('link', { name: 'Book Now' })).toHaveAttribute(
    'href',
    '/booking',
  );

  await areas.nth(1).getByRole('link', { name: 'Gold Coast' }).click();
  await expect(page).toHaveURL(/\/service-area-goldcoast$/);
});

for (const area of SERVICE_AREAS) {
  test(`${area.path}: breadcrumb, booking call to action, copy, why choose us and phone`, async ({
    page,
  }) => {
    await page.goto(area.path);
    const main = page.getByRole('main');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(area.name);

    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' }).locator('ol > li');
    await expect(breadcrumb).toHaveText(['Home', 'Service Areas', area.name]);
    await expect(breadcrumb.nth(0).getByRole('link')).toHaveAttribute('href', '/');
    await expect(breadcrumb.nth(1).getByRole('link')).toHaveAttribute('href', '/service-areas');
    await expect(breadcrumb.nth(2).getByText(area.name)).toHaveAttribute('aria-current', 'page');

    const cta = page.getByRole('region', { name: 'Ready when you are' });
    await expect(cta.getByRole('link', { name: 'Book Now' })).toHaveAttribute('href', '/booking');

    for (const service of [
      'Airport Transfers',
      'Luxury Car Hire',
      'Corporate Chauffeur Service',
      'Wedding Cars',
      'Chauffeur Service',
      'Event Transport',
    ]) {
      await expect(
        main.getByRole('heading', { level: 2, name: service, exact: true }),
      ).toBeVisible();
    }

    const why = page.getByRole('region', { name: /^Why Choose Us/ });
    await expect(why.getByRole('heading', { level: 3 })).toHaveText(WHY_CHOOSE);

    const enquiries = page.getByRole('region', { name: 'Wedding and booking enquiries' });
    await expect(enquiries.getByRole('link', { name: 'Call 1300 975 707' })).toHaveAttribute(
      'href',
      'tel:1300975707',
    );

    const image = main.getByRole('img').first();
    await expect(image).toBeVisible();
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(await image.getAttribute('alt')).toBeTruthy();
  });
}

test('each area page has its own title, description, keywords and canonical link', async ({
  page,
  baseURL,
}) => {
  const seen = new Set<string>();
  for (const area of SERVICE_AREAS) {
    await page.goto(area.path);
    const title = await page.title();
    expect(title).toContain(area.name);
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    const keywords = await page.locator('meta[name="keywords"]').getAttribute('content');
    expect(description).toContain(area.name);
    expect(keywords).toContain(area.name);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      new URL(area.path, baseURL).href,
    );
    for (const value of [title, description, keywords]) {
      expect(seen.has(value ?? ''), `${value} is used twice`).toBe(false);
      seen.add(value ?? '');
    }
  }
});

test('the breadcrumb leads back to the service areas', async ({ page }) => {
  await page.goto('/service-area-sunshinestate');
  await page
    .getByRole('navigation', { name: 'Breadcrumb' })
    .getByRole('link', { name: 'Service Areas' })
    .click();
  await expect(page).toHaveURL(/\/service-areas$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Our Service Areas' })).toBeVisible();
});

test('an area page works on a 360 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/service-area-goldcoast');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
});
