import { expect, test } from './fixtures';

const SECTIONS = [
  'Booking',
  'Travelling with luggage',
  'Travelling with children',
  'Changes, Cancellations & Surcharges',
  'Lost Property',
];

test.describe('/faqs', () => {
  test('has its heading, the "On this page" sidebar and the five sections', async ({ page }) => {
    await page.goto('/faqs');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' }),
    ).toBeVisible();
    const sidebar = page.getByRole('navigation', { name: 'On this page' });
    await expect(sidebar.getByRole('heading', { name: 'On this page' })).toBeVisible();
    const links = sidebar.getByRole('link');
    await expect(links).toHaveText(SECTIONS);
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toContainText(SECTIONS);
    for (const [index, title] of SECTIONS.entries()) {
      const href = (await links.nth(index).getAttribute('href')) ?? '';
      expect(href).toMatch(/^#[a-z][a-z0-9-]*$/);
      // The anchor is the section itself, labelled by its heading.
      await expect(page.getByRole('region', { name: title })).toHaveAttribute('id', href.slice(1));
    }
  });

  test('a sidebar link jumps to its section', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 700 });
    await page.goto('/faqs');
    const section = page.getByRole('region', { name: 'Lost Property' });
    await expect(section).not.toBeInViewport();
    await page.getByRole('navigation', { name: 'On this page' }).getByText('Lost Property').click();
    await expect(page).toHaveURL(/\/faqs#lost-property$/);
    await expect(section.getByRole('heading', { name: 'Lost Property' })).toBeInViewport();
  });

  test('an answer opens and closes with the mouse', async ({ page }) => {
    await page.goto('/faqs');
    const question = page.locator('summary', { hasText: 'How much luggage fits in a sedan?' });
    const item = page.locator('details', { has: question });
    const answer = item.getByText('two normal suitcases plus two pieces of hand luggage', {
      exact: false,
    });
    await expect(item).not.toHaveAttribute('open');
    await expect(answer).toBeHidden();
    await question.click();
    await expect(item).toHaveAttribute('open', '');
    await expect(answer).toBeVisible();
    await question.click();
    await expect(item).not.toHaveAttribute('open');
    await expect(answer).toBeHidden();
  });

  test('an answer opens and closes with the keyboard', async ({ page }) => {
    await page.goto('/faqs');
    const question = page.locator('summary', { hasText: 'Can I add a luggage trailer?' });
    const item = page.locator('details', { has: question });
    // Reached with Tab like any control: focus the question before it, then move on.
    await page.locator('summary', { hasText: 'What if I have more luggage than that?' }).focus();
    await page.keyboard.press('Tab');
    await expect(question).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(item).toHaveAttribute('open', '');
    await expect(
      item.getByText('Yes, for $30, on people movers, minibuses and coaches.'),
    ).toBeVisible();
    await page.keyboard.press('Space');
    await expect(item).not.toHaveAttribute('open');
  });

  test('answers are rich text with working links', async ({ page }) => {
    await page.goto('/faqs');
    await page.locator('summary', { hasText: 'How do I book a chauffeur?' }).click();
    const link = page.getByRole('link', { name: 'booking page' });
    await expect(link).toHaveAttribute('href', '/booking');
    await page.locator('summary', { hasText: 'When is the full fare charged?' }).click();
    await expect(
      page.getByRole('listitem').filter({ hasText: 'any cancellation of a stretch limousine' }),
    ).toBeVisible();
  });

  test('works on a 360 px phone without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/faqs');
    await page.locator('summary', { hasText: 'How do I book a chauffeur?' }).click();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
  });
});

test('the answers are in the server HTML and open without JavaScript', async ({
  browser,
}, testInfo) => {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    javaScriptEnabled: false,
  });
  try {
    const page = await context.newPage();
    await page.goto('/faqs');
    const question = page.locator('summary', { hasText: 'Do children need a car seat?' });
    const item = page.locator('details', { has: question });
    await question.click();
    await expect(item).toHaveAttribute('open', '');
    await expect(
      item.getByText('All children under 8 must travel in a child restraint'),
    ).toBeVisible();
  } finally {
    await context.close();
  }
});
