// The marketing pages (docs/product.md, "Routes"): /service, /about, /joinFleet, /chauffeur,
// /contact and /reviews, every word from the CMS, laid out with the headings, links and labelled
// fields the client's site has.
import type { Page } from '@playwright/test';
import { expect, seriousA11yViolations, test } from './fixtures';

const BENEFITS = [
  'Full GPS Tracking',
  '24-Hour Help',
  'Large Events & Conferences',
  'Courteous Chauffeurs',
];

async function expectServiceSections(page: Page) {
  const main = page.getByRole('main');
  await expect(
    main.getByRole('region', { name: 'Travel with complete peace of mind' }).getByRole('heading', {
      level: 3,
    }),
  ).toHaveText(BENEFITS);
  const why = main.getByRole('region', { name: 'Why choose us' });
  await expect(why.getByRole('listitem')).toHaveCount(6);
  await expect(why.getByRole('heading', { level: 3 }).first()).toHaveText('Luxury fleet');
  const cta = main.locator('.cta-block');
  await expect(cta.getByRole('link', { name: 'Book Now' })).toHaveAttribute('href', '/booking');
  await expect(cta.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
}

async function horizontalOverflow(page: Page) {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

test.describe('services and about', () => {
  test('/service: hero, benefit tiles, six reasons and a call to action', async ({ page }) => {
    await page.goto('/service');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(
      'Our Services',
    );
    await expectServiceSections(page);
    await expect(page).toHaveTitle(
      'Chauffeur Services: Airport, Corporate, Tours & Events | Business Chauffeur',
    );
  });

  test('/about: the same content with an About Us hero', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('About Us');
    await expect(
      page.getByRole('main').getByRole('link', { name: 'get in touch' }),
    ).toHaveAttribute('href', '/contact');
    await expectServiceSections(page);
  });
});

test.describe('join the fleet', () => {
  test('/joinFleet: the two buttons and the figures', async ({ page }) => {
    await page.goto('/joinFleet');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Join Our Fleet');
    await expect(main.getByRole('link', { name: 'JOIN AS A CHAUFFEUR' })).toHaveAttribute(
      'href',
      '/chauffeur',
    );
    const figures = main.getByRole('region', { name: 'Business Chauffeur in numbers' });
    await expect(figures.getByRole('term')).toHaveText(['Happy Clients', 'Time Saved']);
    await expect(figures.getByRole('definition')).toHaveText(['25000+', '80%']);

    await main.getByRole('link', { name: 'JOIN AS A CONTRACTOR' }).click();
    await expect(page).toHaveURL(/\/chauffeur\?type=contractor$/);
    await expect(page.getByRole('radio', { name: /Contractor/ })).toBeChecked();
  });

  test('/chauffeur: the application form in labelled groups', async ({ page }) => {
    await page.goto('/chauffeur');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Chauffeur Application');
    await expect(page.getByRole('radio', { name: 'Chauffeur' })).toBeChecked();
    const form = main.getByRole('form', { name: 'Application form' });
    for (const legend of [
      'I am applying as',
      'Experience',
      'Personal details',
      'Driver licence details',
      'Driver authority',
      'Address',
      'Contact details',
    ]) {
      await expect(form.getByRole('group', { name: legend })).toBeVisible();
    }
    const city = form.getByLabel('City');
    await expect(city.locator('option:not([disabled])')).toHaveText([
      'Brisbane',
      'Gold Coast',
      'Sunshine Coast',
    ]);
    await city.selectOption('Gold Coast');
    await expect(city).toHaveValue('Gold Coast');
    const licence = form.getByRole('group', { name: 'Driver licence details' });
    await expect(licence.getByLabel('Licence number')).toBeEditable();
    await expect(licence.getByLabel('Expiry date')).toHaveAttribute('type', 'date');
    await expect(
      form.getByRole('group', { name: 'Driver authority' }).getByLabel('Driver authority number'),
    ).toBeEditable();
    const contact = form.getByRole('group', { name: 'Contact details' });
    await expect(contact.getByLabel('Email')).toHaveAttribute('type', 'email');
    await expect(contact.getByLabel('Mobile number')).toHaveAttribute('type', 'tel');
    await expect(form.getByRole('button', { name: 'Submit Application' })).toBeVisible();
  });
});

test.describe('contact', () => {
  test('/contact: phone and email links, no empty address, the feedback form', async ({ page }) => {
    await page.goto('/contact');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Contact Us');
    const details = main.getByRole('region', { name: 'Get in touch' });
    await expect(details.getByRole('link', { name: '1300 975 707' })).toHaveAttribute(
      'href',
      'tel:1300975707',
    );
    await expect(
      details.getByRole('link', { name: 'bookings@businesschauffeur.example' }),
    ).toHaveAttribute('href', 'mailto:bookings@businesschauffeur.example');
    // The business address is empty in the seed, so there is no Address entry.
    await expect(details.getByRole('term')).toHaveText(['Phone', 'Email']);

    const form = main.getByRole('form', { name: 'Feedback & Complaints' });
    for (const [label, type] of [
      ['First name', 'text'],
      ['Last name', 'text'],
      ['Email', 'email'],
      ['Phone number', 'tel'],
      ['Subject', 'text'],
    ] as const) {
      await expect(form.getByLabel(label, { exact: true })).toHaveAttribute('type', type);
    }
    await form.getByLabel('Message').fill('The chauffeur was early and very helpful.');
    await expect(form.getByLabel('Message')).toHaveValue(
      'The chauffeur was early and very helpful.',
    );
    const names = await form
      .locator('input, textarea')
      .evaluateAll((fields) => fields.map((field) => field.getAttribute('name')));
    // "website" is the hidden field only robots fill in.
    expect(names).toEqual([
      'firstName',
      'lastName',
      'email',
      'phone',
      'subject',
      'message',
      'website',
    ]);
  });
});

test.describe('reviews', () => {
  test('the rating summary, three reviews a page and real pagination', async ({ page }) => {
    await page.goto('/reviews');
    const main = page.getByRole('main');
    await expect(main.getByText('5.0 rating out of 3652 reviews')).toBeVisible();
    const cards = main.getByRole('article');
    await expect(cards).toHaveCount(3);
    await expect(cards.first().getByRole('img')).toHaveAttribute('aria-label', 'Rated 5 out of 5');
    const firstPage = await cards.getByRole('heading').allInnerTexts();

    const pages = main.getByRole('navigation', { name: 'Review pages' });
    await expect(pages.getByRole('link', { name: 'Page 1' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.locator('head link[rel="next"]')).toHaveAttribute(
      'href',
      new URL('/reviews?page=2', page.url()).toString(),
    );
    await expect(page.locator('head link[rel="prev"]')).toHaveCount(0);

    await pages.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/reviews\?page=2$/);
    await expect(pages.getByRole('link', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(cards).toHaveCount(3);
    const secondPage = await cards.getByRole('heading').allInnerTexts();
    expect(secondPage.filter((name) => firstPage.includes(name))).toEqual([]);
    await expect(page.locator('head link[rel="prev"]')).toHaveAttribute(
      'href',
      new URL('/reviews', page.url()).toString(),
    );
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      new URL('/reviews?page=2', page.url()).toString(),
    );

    await pages.getByRole('link', { name: 'Page 3' }).click();
    await expect(page).toHaveURL(/\/reviews\?page=3$/);
    await expect(cards).toHaveCount(2);
    await expect(pages.getByRole('link', { name: 'Next' })).toHaveCount(0);
    await expect(page.locator('head link[rel="next"]')).toHaveCount(0);
    await pages.getByRole('link', { name: 'Previous' }).click();
    await expect(page).toHaveURL(/\/reviews\?page=2$/);
  });

  test.describe('pages that do not exist', () => {
    test.use({ allowedConsoleErrors: [/status of 404/] });

    test('a page past the last one, or not a page number, is not found', async ({ page }) => {
      for (const query of ['?page=4', '?page=0', '?page=two']) {
        const response = await page.goto(`/reviews${query}`);
        expect(response?.status(), query).toBe(404);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 - Page Not Found');
      }
    });
  });
});

for (const path of ['/service', '/about', '/joinFleet', '/chauffeur', '/contact', '/reviews']) {
  test(`${path} has no serious accessibility violation and fits 360 px`, async ({ page }) => {
    await page.goto(path);
    expect(await seriousA11yViolations(page)).toEqual([]);
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(canonical).toBe(new URL(path, page.url()).toString());
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await horizontalOverflow(page)).toBe(0);
  });
}
