// The home page (docs/product.md, "Routes"): hero, "Why choose us", the four benefit tiles, the
// services carousel and the app download block, all from the CMS.
import type { Page } from '@playwright/test';
import { expect, seriousA11yViolations, test } from './fixtures';

const SERVICES = [
  'Corporate Transfer',
  'Airport Transfer',
  'Luxury Tours',
  'Cruise Ship Transfers',
];

function carousel(page: Page) {
  return page.getByRole('region', { name: 'Our services' });
}

/** The title of the slide a visitor sees now. */
async function visibleSlide(page: Page) {
  const slides = carousel(page).getByRole('group');
  await expect(slides.filter({ visible: true })).toHaveCount(1);
  return slides.filter({ visible: true }).getByRole('heading').innerText();
}

test.describe('home page', () => {
  test('hero, "Why choose us" and the four benefit tiles', async ({ page }) => {
    await page.goto('/');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Business Chauffeur' })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Book Now' }).first()).toHaveAttribute(
      'href',
      '/booking',
    );
    await expect(main.getByRole('link', { name: 'Manage Booking' })).toHaveAttribute(
      'href',
      '/manage-booking',
    );

    const why = main.getByRole('region', { name: 'Why choose us' });
    await expect(why.getByRole('link', { name: 'Explore our service areas' })).toHaveAttribute(
      'href',
      '/service-areas',
    );

    const tiles = main.getByRole('region', { name: 'Travel with complete peace of mind' });
    await expect(tiles.getByRole('heading', { level: 3 })).toHaveText([
      'Full GPS Tracking',
      '24-Hour Help',
      'Large Events & Conferences',
      'Courteous Chauffeurs',
    ]);
  });

  test('the carousel holds the four services, each linking to /booking', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    const region = carousel(page);
    await expect(region).toHaveAttribute('aria-roledescription', 'carousel');
    const slides = region.getByRole('group', { includeHidden: true });
    await expect(slides).toHaveCount(4);
    for (const [index, title] of SERVICES.entries()) {
      const slide = region.getByRole('group', { name: `${index + 1} of 4`, includeHidden: true });
      await expect(slide).toHaveAttribute('aria-roledescription', 'slide');
      await expect(slide.getByRole('heading', { includeHidden: true })).toHaveText(title);
      await expect(
        slide.getByRole('link', { name: 'Book Now', includeHidden: true }),
      ).toHaveAttribute('href', '/booking');
    }
  });

  test('the carousel works with the keyboard and announces slides politely', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    const region = carousel(page);
    expect(await visibleSlide(page)).toBe('Corporate Transfer');
    await expect(region.locator('[aria-live]')).toHaveAttribute('aria-live', 'polite');

    const next = region.getByRole('button', { name: 'Next service' });
    await next.focus();
    await page.keyboard.press('Enter');
    expect(await visibleSlide(page)).toBe('Airport Transfer');
    await page.keyboard.press('ArrowRight');
    expect(await visibleSlide(page)).toBe('Luxury Tours');
    await page.keyboard.press('ArrowLeft');
    expect(await visibleSlide(page)).toBe('Airport Transfer');
    await page.keyboard.press('End');
    expect(await visibleSlide(page)).toBe('Cruise Ship Transfers');
    await page.keyboard.press('ArrowRight');
    expect(await visibleSlide(page)).toBe('Corporate Transfer');

    // Tab reaches the previous button and the per-slide buttons, which say which one is shown.
    await region.getByRole('button', { name: 'Previous service' }).focus();
    await page.keyboard.press('Space');
    expect(await visibleSlide(page)).toBe('Cruise Ship Transfers');
    const airport = region.getByRole('button', { name: 'Show Airport Transfer' });
    await airport.focus();
    await page.keyboard.press('Enter');
    await expect(airport).toHaveAttribute('aria-current', 'true');
    expect(await visibleSlide(page)).toBe('Airport Transfer');
  });

  test('a slide added while the page runs (a live draft in the Studio) works with its button', async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    const region = carousel(page);
    expect(await visibleSlide(page)).toBe('Corporate Transfer');
    // What the preview's live update does: a fifth slide and its button, after the elements started.
    await region.evaluate((section) => {
      const slides = section.querySelectorAll<HTMLElement>('.carousel__slide');
      const slide = slides[slides.length - 1]!.cloneNode(true) as HTMLElement;
      slide.querySelector('h3')!.textContent = 'Wedding Cars';
      slide.setAttribute('aria-label', '5 of 5');
      slides[0]!.parentElement!.append(slide);
      const dots = section.querySelectorAll<HTMLElement>('.carousel__dot');
      const dot = dots[dots.length - 1]!.cloneNode(true) as HTMLElement;
      dot.setAttribute('aria-label', 'Show Wedding Cars');
      dots[0]!.parentElement!.append(dot);
    });
    await region.getByRole('button', { name: 'Show Wedding Cars' }).click();
    expect(await visibleSlide(page)).toBe('Wedding Cars');
    await expect(region.getByRole('button', { name: 'Show Wedding Cars' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await region.getByRole('button', { name: 'Next service' }).click();
    expect(await visibleSlide(page)).toBe('Corporate Transfer');
  });

  test('the carousel plays on its own and pauses on hover, focus and the pause button', async ({
    page,
  }) => {
    await page.clock.install();
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.goto('/');
    const region = carousel(page);
    await expect(region).toHaveAttribute('data-rotating', 'true');
    // While it moves on its own, slide changes are not announced.
    await expect(region.locator('[aria-live]')).toHaveAttribute('aria-live', 'off');
    expect(await visibleSlide(page)).toBe('Corporate Transfer');
    await page.clock.runFor(6500);
    expect(await visibleSlide(page)).toBe('Airport Transfer');

    // Hover stops it.
    await region.getByRole('heading', { name: 'Our services' }).hover();
    await expect(region).toHaveAttribute('data-rotating', 'false');
    await page.clock.runFor(20_000);
    expect(await visibleSlide(page)).toBe('Airport Transfer');
    await page.mouse.move(0, 0);
    await expect(region).toHaveAttribute('data-rotating', 'true');
    await page.clock.runFor(6500);
    expect(await visibleSlide(page)).toBe('Luxury Tours');

    // Focus inside stops it.
    await region.getByRole('button', { name: 'Next service' }).focus();
    await expect(region).toHaveAttribute('data-rotating', 'false');
    await page.clock.runFor(20_000);
    expect(await visibleSlide(page)).toBe('Luxury Tours');
    await region.getByRole('button', { name: 'Next service' }).blur();
    await expect(region).toHaveAttribute('data-rotating', 'true');

    // The pause button stops it until the visitor plays it again.
    const pause = region.getByRole('button', { name: 'Pause slide show' });
    await pause.click();
    const play = region.getByRole('button', { name: 'Play slide show' });
    await expect(play).toBeVisible();
    await page.mouse.move(0, 0);
    await play.blur();
    await page.clock.runFor(20_000);
    expect(await visibleSlide(page)).toBe('Luxury Tours');
    await expect(region.locator('[aria-live]')).toHaveAttribute('aria-live', 'polite');
  });

  test('the carousel never moves on its own under reduced motion', async ({ page }) => {
    await page.clock.install();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    const region = carousel(page);
    await expect(region.getByRole('button', { name: 'Pause slide show' })).toHaveCount(0);
    await page.clock.runFor(30_000);
    expect(await visibleSlide(page)).toBe('Corporate Transfer');
    await expect(region).toHaveAttribute('data-rotating', 'false');
  });

  test('the app download block opens the store notice', async ({ page }) => {
    await page.goto('/');
    const block = page.getByRole('region', { name: 'Business Chauffeur in your pocket' });
    await expect(block).toBeVisible();
    await block.getByRole('button', { name: /Google Play/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Work in Progress' });
    await expect(dialog).toContainText(
      'The Google Play Store is currently under development and will be available soon!',
    );
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect(dialog).toBeHidden();
  });

  test('has a canonical link and no serious accessibility violation', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(
      'Chauffeur Cars in Brisbane, Gold Coast & Sunshine Coast | Business Chauffeur',
    );
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(canonical).toBe(new URL('/', page.url()).toString());
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test('fits a 360 px wide screen', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    await expect(carousel(page)).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
  });
});
