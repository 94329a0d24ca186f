import { expect, test } from './fixtures';

test('/sitemap shows its three groups with the pages the specification lists', async ({ page }) => {
  await page.goto('/sitemap');
  await expect(page.getByRole('heading', { level: 1, name: 'Sitemap' })).toBeVisible();
  const groups: [string, [string, string][]][] = [
    [
      'Main Pages',
      [
        ['Home', '/'],
        ['Booking', '/booking'],
        ['About Us', '/about'],
        ['Services', '/service'],
        ['Contact', '/contact'],
      ],
    ],
    [
      'Service Areas',
      [
        ['Brisbane', '/service-area-brisbane'],
        ['Gold Coast', '/service-area-goldcoast'],
        ['Sunshine Coast', '/service-area-sunshinestate'],
      ],
    ],
    ['Additional Information', [['Policies', '/bccPolicies']]],
  ];
  for (const [title, links] of groups) {
    const group = page.getByRole('region', { name: title });
    const found = group.getByRole('link');
    await expect(found).toHaveText(links.map(([label]) => label));
    for (const [index, [, href]] of links.entries()) {
      await expect(found.nth(index)).toHaveAttribute('href', href);
    }
  }
  await page
    .getByRole('region', { name: 'Service Areas' })
    .getByRole('link', { name: 'Brisbane' })
    .click();
  await expect(page).toHaveURL(/\/service-area-brisbane$/);
});

test('/signupSuccess confirms the account with a link home', async ({ page }) => {
  await page.goto('/signupSuccess');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Account Created Successfully!' }),
  ).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await page.getByRole('main').getByRole('link', { name: 'Go to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});
