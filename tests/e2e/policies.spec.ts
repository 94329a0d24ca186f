import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { POLICY_PAGES } from './content-pages';

/** The breadcrumb trail: an ordered list in a "Breadcrumb" navigation, the current page last. */
async function expectBreadcrumb(page: Page, trail: [string, string | null][]) {
  const nav = page.getByRole('navigation', { name: 'Breadcrumb' });
  const items = nav.locator('ol > li');
  await expect(items).toHaveText(trail.map(([label]) => label));
  for (const [index, [label, href]] of trail.entries()) {
    const item = items.nth(index);
    if (href) {
      await expect(item.getByRole('link', { name: label })).toHaveAttribute('href', href);
    } else {
      await expect(item.getByText(label, { exact: true })).toHaveAttribute('aria-current', 'page');
      await expect(item.getByRole('link')).toHaveCount(0);
    }
  }
}

/** Opens and closes a collapsible section by mouse, then by keyboard. */
async function expectToggles(page: Page, summary: Locator) {
  const section = summary.locator('xpath=..');
  const panel = section.locator('.disclosure__panel');
  await expect(section).not.toHaveAttribute('open');
  await expect(panel).toBeHidden();
  await summary.click();
  await expect(section).toHaveAttribute('open', '');
  await expect(panel).toBeVisible();
  await summary.click();
  await expect(section).not.toHaveAttribute('open');

  await summary.focus();
  await page.keyboard.press('Enter');
  await expect(section).toHaveAttribute('open', '');
  await expect(panel).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(section).not.toHaveAttribute('open');
  await page.keyboard.press('Space');
  await expect(section).toHaveAttribute('open', '');
  await page.keyboard.press('Space');
  await expect(panel).toBeHidden();
}

test('/bccPolicies links to the five policy pages', async ({ page }) => {
  await page.goto('/bccPolicies');
  await expect(page.getByRole('heading', { level: 1, name: 'Our Policies' })).toBeVisible();
  const main = page.getByRole('main');
  for (const policy of POLICY_PAGES) {
    await expect(main.getByRole('link', { name: policy.title, exact: true })).toHaveAttribute(
      'href',
      policy.path,
    );
  }
  await main.getByRole('link', { name: 'Fatigue Management Policy' }).click();
  await expect(page).toHaveURL(/\/fatigueManagementPolicy$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Fatigue Management Policy' }),
  ).toBeVisible();
});

for (const policy of POLICY_PAGES) {
  test(`${policy.path}: heading, breadcrumb and sections that open and close`, async ({ page }) => {
    await page.goto(policy.path);
    await expect(page.getByRole('heading', { level: 1, name: policy.title })).toBeVisible();
    await expectBreadcrumb(page, [
      ['Home', '/'],
      ['Policies', '/bccPolicies'],
      [policy.title, null],
    ]);
    const summaries = page.getByRole('main').locator('summary');
    expect(await summaries.count()).toBeGreaterThan(2);
    await expectToggles(page, summaries.first());
  });
}

test('the privacy page has its nine sections, and the breadcrumb leads back to Policies', async ({
  page,
}) => {
  await page.goto('/dataRetentionAndPrivacyPolicy');
  await expect(page.getByRole('main').locator('summary')).toHaveText([
    'What is Personal Information',
    'Types of Personal Information We Collect and Hold',
    'How We Collect Personal Information',
    'Why We Collect, Use, and Hold',
    'Disclosure',
    'Marketing',
    'Management and Security',
    'Overseas transfer',
    'How We Handle Complaints',
  ]);
  const complaints = page.locator('summary', { hasText: 'How We Handle Complaints' });
  await expectToggles(page, complaints);
  await complaints.click();
  await expect(
    page.getByText('We review every complaint and respond within 7 days.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'www.oaic.gov.au' })).toHaveAttribute(
    'href',
    'https://www.oaic.gov.au',
  );

  await page
    .getByRole('navigation', { name: 'Breadcrumb' })
    .getByRole('link', { name: 'Policies' })
    .click();
  await expect(page).toHaveURL(/\/bccPolicies$/);
});

test('/termsAndConditions: general terms and an accordion', async ({ page }) => {
  await page.goto('/termsAndConditions');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeVisible();
  await expectBreadcrumb(page, [
    ['Home', '/'],
    ['Terms and Conditions', null],
  ]);
  // The general terms are always visible, before the sections.
  await expect(page.getByText('These terms apply when you use this website')).toBeVisible();
  const summaries = page.getByRole('main').locator('summary');
  await expect(summaries.first()).toHaveText('Bookings');
  expect(await summaries.count()).toBeGreaterThan(5);
  const lostProperty = page.locator('summary', { hasText: 'Lost property' });
  await expectToggles(page, lostProperty);
});

test('a policy page works on a 360 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/dataRetentionAndPrivacyPolicy');
  await page.locator('summary', { hasText: 'Types of Personal Information' }).click();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
});
