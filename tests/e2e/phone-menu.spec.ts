// The phone menu covers the page: with it open, Tab and Shift+Tab stay in the menu (and on its
// Menu button), and closing it with Escape or the Menu button gives focus back to Menu. The App
// Store badge is named as it reads, "Download on the App Store". On phones and a laptop.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** Where focus is: in the open menu, on the Menu button, or elsewhere on the page. */
function focusPlace(page: Page) {
  return page.evaluate(() => {
    const active = document.activeElement;
    const nav = document.querySelector('nav.site-nav');
    if (active?.classList.contains('menu-toggle')) return 'menu button';
    if (active && nav?.contains(active)) return 'menu';
    return `page: ${active?.tagName} ${active?.textContent?.trim().slice(0, 40)}`;
  });
}

for (const size of [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
]) {
  test(`at ${size.width} × ${size.height} focus stays in the open menu and comes back to Menu`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Menu' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(nav.getByRole('link', { name: 'Book Now' })).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');

    // More Tabs than the menu has items, both ways: never the page under the menu.
    const stops = await nav.evaluate(
      (element) => element.querySelectorAll('a[href], button:not([tabindex="-1"])').length,
    );
    for (let press = 0; press < stops + 3; press += 1) {
      await page.keyboard.press('Tab');
      expect(await focusPlace(page)).toMatch(/^menu/);
    }
    for (let press = 0; press < stops + 3; press += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await focusPlace(page)).toMatch(/^menu/);
    }

    // Escape from a link of the menu: closed, focus on Menu.
    await nav.getByRole('link', { name: 'Book Now' }).focus();
    await page.keyboard.press('Escape');
    await expect(nav.getByRole('link', { name: 'Book Now' })).toBeHidden();
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    // Closed with the Menu button from inside: focus on Menu too.
    await page.keyboard.press('Enter');
    await expect(nav.getByRole('link', { name: 'Book Now' })).toBeVisible();
    await page.keyboard.press('Shift+Tab');
    expect(await focusPlace(page)).toBe('menu');
    await page.keyboard.press('Tab');
    await expect(toggle).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(nav.getByRole('link', { name: 'Book Now' })).toBeHidden();
    await expect(toggle).toBeFocused();
  });
}

for (const size of [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
]) {
  test(`at ${size.width} × ${size.height} the store badges are named as they read`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await page.goto('/');
    await expect(
      page.getByRole('button', { name: 'Download on the App Store', exact: true }).first(),
    ).toBeAttached();
    await expect(
      page.getByRole('button', { name: 'Get it on Google Play', exact: true }).first(),
    ).toBeAttached();
  });
}
