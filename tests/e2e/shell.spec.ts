import { expect, seriousA11yViolations, test } from './fixtures';

test.describe('header', () => {
  test('links go where the specification says', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/signin?resetFlag=false',
    );
    await expect(header.getByRole('link', { name: '1300 975 707' })).toHaveAttribute(
      'href',
      'tel:1300975707',
    );
    await expect(header.getByRole('link', { name: 'Services' })).toHaveAttribute(
      'href',
      '/service',
    );
    await expect(header.getByRole('link', { name: 'Contact Us' })).toHaveAttribute(
      'href',
      '/contact',
    );
    await expect(header.getByRole('link', { name: 'Book Now' })).toHaveAttribute(
      'href',
      '/booking',
    );
    await expect(header.getByRole('link', { name: /Business Chauffeur, home/ })).toHaveAttribute(
      'href',
      '/',
    );
  });

  test('the About Us menu works with the keyboard', async ({ page }) => {
    await page.goto('/');
    const button = page.getByRole('banner').getByRole('button', { name: 'About Us' });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    const about = page.getByRole('banner').getByRole('link', { name: 'About Us' });
    const faqs = page.getByRole('banner').getByRole('link', { name: 'FAQs' });
    await expect(about).toHaveAttribute('href', '/about');
    await expect(faqs).toHaveAttribute('href', '/faqs');
    await page.keyboard.press('Escape');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toBeFocused();
    await expect(about).toBeHidden();

    await page.keyboard.press('ArrowDown');
    await expect(about).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(faqs).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  test('a menu group added while the page runs (a live draft in the Studio) works at once', async ({
    page,
  }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('button', { name: 'About Us' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    // What the preview's live update does: a second group of links, after the elements started.
    await header.evaluate((banner) => {
      const item = banner.querySelector('.dropdown')!.closest('li')!;
      const added = item.cloneNode(true) as HTMLElement;
      const button = added.querySelector('button')!;
      const list = added.querySelector('ul')!;
      button.firstChild!.textContent = 'Occasions';
      button.removeAttribute('aria-expanded');
      button.setAttribute('popovertarget', 'occasions-list');
      button.setAttribute('aria-controls', 'occasions-list');
      list.id = 'occasions-list';
      list.replaceChildren(
        ...['Weddings', 'Formals'].map((label) => {
          const li = document.createElement('li');
          const a = document.createElement('a');
          a.href = `#${label.toLowerCase()}`;
          a.textContent = label;
          li.append(a);
          return li;
        }),
      );
      item.after(added);
    });
    const button = header.getByRole('button', { name: 'Occasions' });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    const weddings = header.getByRole('link', { name: 'Weddings' });
    const formals = header.getByRole('link', { name: 'Formals' });
    await button.focus();
    await page.keyboard.press('ArrowDown');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(weddings).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(formals).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(weddings).toBeFocused();
    // The list opens under its own button.
    const under = await page.evaluate(() => {
      const box = document
        .querySelector('[popovertarget="occasions-list"]')!
        .getBoundingClientRect();
      const list = document.getElementById('occasions-list')!.getBoundingClientRect();
      return Math.abs(list.top - box.bottom) < 2 && Math.abs(list.left - box.left) < 2;
    });
    expect(under).toBe(true);
    // A followed link closes it.
    await formals.click();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(formals).toBeHidden();
    // Focus leaving it closes it.
    await button.focus();
    await page.keyboard.press('ArrowDown');
    await expect(weddings).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('footer', () => {
  test('links, contacts, social links, payment and store badges', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/about');
    await expect(footer.getByRole('link', { name: 'Terms of Use' })).toHaveAttribute(
      'href',
      '/termsAndConditions',
    );
    await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/bccPolicies',
    );
    await expect(footer.getByRole('link', { name: 'Sitemap' })).toHaveAttribute('href', '/sitemap');
    await expect(footer.getByRole('link', { name: '1300 975 707' })).toHaveAttribute(
      'href',
      'tel:1300975707',
    );
    await expect(
      footer.getByRole('link', { name: 'bookings@businesschauffeur.example' }),
    ).toHaveAttribute('href', 'mailto:bookings@businesschauffeur.example');
    await expect(footer.getByRole('link', { name: /on Facebook/ })).toHaveAttribute(
      'href',
      /facebook\.com/,
    );
    await expect(footer.getByRole('link', { name: /on Instagram/ })).toBeVisible();
    await expect(footer.getByRole('link', { name: /on LinkedIn/ })).toBeVisible();
    for (const scheme of ['Visa', 'Mastercard', 'American Express']) {
      await expect(footer.getByRole('img', { name: scheme })).toBeVisible();
    }
    // The embedded payments (the sandbox's card form) take cards only: no wallet badge.
    await expect(footer.getByRole('img', { name: /Apple Pay|Google Pay/ })).toHaveCount(0);
    await expect(footer.getByRole('button', { name: /App Store/ })).toBeVisible();
    await expect(footer.getByRole('button', { name: /Google Play/ })).toBeVisible();
  });

  test('the email address never breaks inside a word, from phone to 1366 px wide', async ({
    page,
  }) => {
    await page.goto('/');
    const email = page
      .getByRole('contentinfo')
      .getByRole('link', { name: 'bookings@businesschauffeur.example' });
    /** Each line of the address as laid out: the text of each line box. */
    const lines = () =>
      email.evaluate((link) => {
        const text = link.textContent ?? '';
        const node = document.createTreeWalker(link, NodeFilter.SHOW_TEXT);
        const range = document.createRange();
        const tops: number[] = [];
        const out: string[] = [];
        let offset = 0;
        for (let current = node.nextNode(); current; current = node.nextNode()) {
          for (let index = 0; index < (current.textContent ?? '').length; index += 1) {
            range.setStart(current, index);
            range.setEnd(current, index + 1);
            const top = Math.round(range.getBoundingClientRect().top);
            if (tops.length === 0 || top > (tops.at(-1) ?? 0) + 2) {
              tops.push(top);
              out.push('');
            }
            out[out.length - 1] += text[offset] ?? '';
            offset += 1;
          }
        }
        return out;
      });
    for (const width of [1366, 1280, 1024, 768, 390, 320]) {
      await page.setViewportSize({ width, height: 800 });
      const shown = await lines();
      // One line, or two split at the @ only.
      expect(
        [['bookings@businesschauffeur.example'], ['bookings', '@businesschauffeur.example']],
        `${width} px: ${JSON.stringify(shown)}`,
      ).toContainEqual(shown);
      // And it stays inside its column.
      const overflow = await email.evaluate((link) => {
        const column = link.closest('section')?.getBoundingClientRect();
        return column ? link.getBoundingClientRect().right - column.right : 0;
      });
      expect(overflow, `${width} px: past its column`).toBeLessThanOrEqual(0.5);
    }
  });

  test('the link groups of the Navigation document lead to their pages', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    const links: [name: string, href: string][] = [
      ['Our fleet', '/fleet'],
      ['Reviews', '/reviews'],
      ['Join our fleet', '/joinFleet'],
      ['Service areas', '/service-areas'],
      ['About Us', '/about'],
      ['Terms of Use', '/termsAndConditions'],
      ['Privacy Policy', '/bccPolicies'],
      ['Sitemap', '/sitemap'],
    ];
    for (const [name, href] of links) {
      await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await footer.getByRole('link', { name: 'Join our fleet', exact: true }).click();
    await expect(page).toHaveURL(/\/joinFleet$/);
  });
});

test.describe('store badges', () => {
  const stores = [
    {
      badge: /App Store/,
      text: 'The App Store is currently under development and will be available soon!',
    },
    {
      badge: /Google Play/,
      text: 'The Google Play Store is currently under development and will be available soon!',
    },
  ];

  test('the notice is hidden until a badge is pressed', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('dialog')).toBeHidden();
  });

  for (const place of ['main', 'contentinfo'] as const) {
    for (const store of stores) {
      test(`${store.badge.source} badge in ${place} opens the notice and it closes four ways`, async ({
        page,
      }) => {
        await page.goto('/');
        // In main, the hero's badges (the app download block further down has its own pair).
        const badge = page.getByRole(place).getByRole('button', { name: store.badge }).first();
        const dialog = page.getByRole('dialog', { name: 'Work in Progress' });

        const closers: [string, () => Promise<void>][] = [
          ['Close button', () => dialog.getByRole('button', { name: 'Close' }).last().click()],
          ['close icon', () => dialog.getByRole('button', { name: 'Close' }).first().click()],
          ['Escape', () => page.keyboard.press('Escape')],
          [
            'backdrop',
            async () => {
              // A point outside the dialog's box lands on its backdrop.
              await page.mouse.click(5, 5);
            },
          ],
        ];
        for (const [how, close] of closers) {
          await badge.click();
          await expect(dialog, `opened before closing by ${how}`).toBeVisible();
          await expect(dialog).toContainText(store.text);
          await expect(dialog.getByRole('button', { name: 'Close' }).last()).toBeFocused();
          await close();
          await expect(dialog, `closed by ${how}`).toBeHidden();
          await expect(badge, `focus back on the badge after ${how}`).toBeFocused();
        }
      });
    }
  }
});

test('the home hero has the heading, tagline, actions and picture', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/Business Chauffeur/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-AU');
  await expect(page.getByRole('heading', { level: 1, name: 'Business Chauffeur' })).toBeVisible();
  await expect(
    page.getByText(
      'Discover Chauffeurs: Premium transfers, tours, events. Luxury, reliability, excellence guaranteed.',
    ),
  ).toBeVisible();
  const main = page.getByRole('main');
  // The hero's Book Now comes first; the services carousel further down has its own.
  await expect(main.getByRole('link', { name: 'Book Now' }).first()).toHaveAttribute(
    'href',
    '/booking',
  );
  await expect(main.getByRole('link', { name: 'Manage Booking' })).toHaveAttribute(
    'href',
    '/manage-booking',
  );
  const image = main.getByRole('img').first();
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});

test('a skip link jumps to the content', async ({ page }) => {
  await page.goto('/');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);
});

test.describe('pages that answer 404', () => {
  // The browser itself logs "Failed to load resource: … 404" for a 404 document or data request.
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test('on a phone the navigation folds into a menu button', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    const header = page.getByRole('banner');
    const menu = header.getByRole('button', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect(header.getByRole('link', { name: 'Services' })).toBeHidden();
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await header.getByRole('link', { name: 'Services' }).click();
    await expect(page).toHaveURL(/\/service$/);
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
  });

  test('navigating to another page scrolls back to the top', async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 500 });
    await page.goto('/');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Sitemap' }).click();
    await expect(page).toHaveURL(/\/sitemap$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('an unknown path shows the 404 page with status 404', async ({ page }) => {
    const response = await page.goto('/no-such-page-here');
    expect(response?.status()).toBe(404);
    await expect(
      page.getByRole('heading', { level: 1, name: '404 - Page Not Found' }),
    ).toBeVisible();
    await expect(page.getByText("Oops! The page you're looking for doesn't exist.")).toBeVisible();
    await expect(page).toHaveTitle('404 - Page Not Found');
    // The ways on: book, look up a booking, call (the phone from site settings), or go home.
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Book Now' })).toHaveAttribute('href', '/booking');
    await expect(main.getByRole('link', { name: 'Manage Booking' })).toHaveAttribute(
      'href',
      '/manage-booking',
    );
    await expect(main.getByRole('link', { name: 'Call 1300 975 707' })).toHaveAttribute(
      'href',
      'tel:1300975707',
    );
    await main.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Business Chauffeur' })).toBeVisible();
  });

  test('axe-core finds no serious or critical violation on the 404 page', async ({ page }) => {
    await page.goto('/no-such-page-here');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});

test('axe-core finds no serious or critical violation on the home page', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
});
