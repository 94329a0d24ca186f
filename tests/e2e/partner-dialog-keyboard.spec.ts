// The popup and floating dialogs with the keyboard alone, on the built bundle under the strict
// partner CSP (tests/fixtures/partner, /popup and /floating), at a phone's size and a desktop's:
// Tab reaches the opener (the hotel's link, or the floating button) and Enter opens the dialog;
// every field of every step is reached with Tab (or Shift+Tab) and typed into, every choice made
// with Enter, Space or the arrow keys, and the booking is paid on the sandbox and confirmed. No
// mouse, no element.click(), no fill(). axe-core sweeps each step and the completion screen, and
// the dialog itself is checked: its name, aria-modal, Tab and Shift+Tab wrapping inside it, the
// page behind neither focusable nor scrollable, Escape closing it with focus back on the opener.
// What the first opening fetched is within what the widget's size check counts against its
// budget (booking-widget/scripts/size.mjs). Every console error and CSP violation fails.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { dateAhead, partner, partnerTest } from './booking-helpers';
import { seriousA11yViolations } from './fixtures';

const test = partnerTest((page) =>
  page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
    // The widget's files the page had fetched when step 1 became usable.
    document.addEventListener('booking:ready', () => {
      (window as unknown as { firstOpen: string[] }).firstOpen = performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => name.includes('/widget/'));
    });
  }),
);

const dialogOf = (page: Page) => page.getByRole('dialog', { name: 'Book a chauffeur' });

/** Whether focus is on `target` (inside the widget's shadow root or in the page). */
const isFocused = (target: Locator) =>
  target.evaluate((element) => {
    let active: Element | null = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    return active === element;
  });

/** Presses Tab (or Shift+Tab) until `target` has focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}) {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < max; presses += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  expect(await isFocused(target), `Tab reaches ${target.toString()}`).toBe(true);
}

/** Tabs to a field and types into it, as a customer would (`shown`: the field's own format). */
async function typeInto(page: Page, target: Locator, text: string, shown = text) {
  await tabTo(page, target);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
  await expect(target).toHaveValue(shown);
}

/** Types into a place field, then picks the suggestion with the arrow keys and Enter. */
async function choosePlaceByKeyboard(page: Page, name: RegExp, query: string, option: RegExp) {
  const box = page.getByRole('combobox', { name });
  await tabTo(page, box);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(query);
  const wanted = page.getByRole('option', { name: option }).first();
  await expect(wanted).toBeVisible();
  for (let presses = 0; presses < 10; presses += 1) {
    await page.keyboard.press('ArrowDown');
    if ((await wanted.getAttribute('aria-selected')) === 'true') break;
  }
  await expect(wanted).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await expect(box).toHaveValue(option);
}

/** Types a date into the date field, its parts in the order the browser's locale shows them. */
async function typeDate(page: Page, field: Locator, iso: string) {
  await tabTo(page, field);
  const [year, month, day] = iso.split('-') as [string, string, string];
  const order = await page.evaluate(() =>
    new Intl.DateTimeFormat(navigator.language)
      .formatToParts(new Date(2031, 11, 25))
      .map((part) => part.type)
      .filter((type) => type === 'year' || type === 'month' || type === 'day'),
  );
  for (const part of order) {
    await page.keyboard.type(part === 'year' ? year : part === 'month' ? month : day);
  }
  await expect(field).toHaveValue(iso);
}

async function expectNoViolations(page: Page, where: string) {
  expect(await seriousA11yViolations(page), `axe-core on ${where}`).toEqual([]);
}

/** A step is on screen: its heading, and the wizard's step status. */
async function expectStepShown(page: Page, heading: string, position: number) {
  const dialog = dialogOf(page);
  await expect(dialog.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  await expect(dialog.getByRole('status').filter({ hasText: /^Step \d of 5/ })).toHaveText(
    new RegExp(`^Step ${position} of 5: `),
  );
}

/** Tab and Shift+Tab only ever land inside the dialog, and go round it. */
async function expectFocusTrapped(page: Page) {
  const close = dialogOf(page).getByRole('button', { name: 'Close the booking form' });
  await tabTo(page, close);
  const inDialog = () =>
    page.evaluate(() => {
      const host = document.activeElement;
      const inner = host?.shadowRoot?.activeElement ?? null;
      return host?.localName === 'chauffeur-booking' && inner?.closest('dialog') !== null;
    });
  for (const key of ['Tab', 'Shift+Tab']) {
    let back = false;
    for (let presses = 0; presses < 80 && !back; presses += 1) {
      await page.keyboard.press(key);
      expect(await inDialog(), `${key} press ${presses + 1} stays in the dialog`).toBe(true);
      back = await isFocused(close);
    }
    expect(back, `${key} goes round the dialog to its close button`).toBe(true);
  }
}

/** The page behind does not scroll: not with the keys that scroll a page, not by its own. */
async function expectPageLocked(page: Page) {
  await page.keyboard.press('PageDown');
  await page.keyboard.press('End');
  expect(
    await page.evaluate(() => ({
      y: window.scrollY,
      overflow: getComputedStyle(document.documentElement).overflow,
    })),
  ).toEqual({ y: 0, overflow: 'hidden' });
  // The page's own link cannot be reached (the page behind is inert).
  await expectFocusTrapped(page);
}

/** The files the size check counts as the loader and step 1 (its --json report). */
function budgetedFiles(): { files: Set<string>; bytes: number; budget: number } {
  const output = execFileSync(
    process.execPath,
    [path.resolve('booking-widget/scripts/size.mjs'), '--json'],
    { encoding: 'utf8' },
  );
  const report = JSON.parse(output) as {
    budgetBytes: number;
    loaderAndStepOneGzipBytes: number;
    files: Record<string, { stepOne: boolean }>;
  };
  return {
    files: new Set(
      Object.entries(report.files)
        .filter(([, file]) => file.stepOne)
        .map(([name]) => name),
    ),
    bytes: report.loaderAndStepOneGzipBytes,
    budget: report.budgetBytes,
  };
}

const modes = [
  {
    mode: 'popup',
    opener: (page: Page) => page.getByRole('link', { name: 'Book your wedding car' }),
    // The hotel's link carries data-pickup: the airport's domestic terminal is chosen already.
    pickupChosen: true,
  },
  {
    mode: 'floating',
    opener: (page: Page) => page.getByRole('button', { name: 'Book a chauffeur' }),
    pickupChosen: false,
  },
] as const;

for (const size of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
]) {
  for (const { mode, opener: openerOf, pickupChosen } of modes) {
    test.describe(`${mode} on a ${size.name}`, () => {
      test.use({ viewport: { width: size.width, height: size.height } });

      test('books and pays with the keyboard alone, every step accessible', async ({ page }) => {
        test.setTimeout(240_000);
        await page.goto(`${partner}/${mode}`);
        const dialog = dialogOf(page);
        const opener = openerOf(page);
        await expect(dialog).toBeHidden();
        // Before the first opening the page carries the loader alone.
        expect(
          await page.evaluate(() =>
            performance
              .getEntriesByType('resource')
              .map((entry) => entry.name)
              .filter((name) => name.includes('/widget/chunks/')),
          ),
        ).toEqual([]);

        await tabTo(page, opener);
        await page.keyboard.press('Enter');
        await expect(dialog).toBeVisible();
        await expect(dialog).toHaveAttribute('aria-modal', 'true');
        await expect(dialog.getByRole('button', { name: 'Close the booking form' })).toBeFocused();
        await expectStepShown(page, 'General Details', 1);
        await expect(page.locator('#host-events li', { hasText: /^booking:ready / })).toHaveCount(
          1,
        );

        // What the first opening needed is what the size check weighs, within the budget.
        const budgeted = budgetedFiles();
        const fetched = await page.evaluate(
          () => (window as unknown as { firstOpen: string[] }).firstOpen,
        );
        const files = fetched.map((url) => new URL(url).pathname.replace(/^\/widget\//, ''));
        expect(files).toContain('chauffeur-booking.js');
        expect(files.filter((file) => !budgeted.files.has(file))).toEqual([]);
        expect(budgeted.bytes).toBeLessThanOrEqual(budgeted.budget);

        await expectNoViolations(page, 'step 1');
        await expectPageLocked(page);

        // Escape closes, focus goes back to the opener; Enter opens it again on the draft.
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
        await expect(opener).toBeFocused();
        // The page scrolls again once the dialog's close event has run (a task after Escape).
        await expect
          .poll(() => page.evaluate(() => document.documentElement.style.overflow))
          .toBe('');
        await page.keyboard.press('Enter');
        await expect(dialog).toBeVisible();

        // Step 1.
        if (pickupChosen) {
          await expect(dialog.getByRole('combobox', { name: /^FROM/ })).toHaveValue(
            /Brisbane Airport \(BNE\) Domestic/,
          );
        } else {
          await choosePlaceByKeyboard(
            page,
            /^FROM/,
            'Brisbane Airport',
            /Brisbane Airport \(BNE\) Domestic/,
          );
        }
        await typeInto(page, dialog.getByRole('textbox', { name: /^Flight number/ }), 'QF 512');
        await choosePlaceByKeyboard(page, /^TO/, 'South Bank', /South Bank Parklands/);
        await typeDate(page, dialog.getByLabel('Booking date'), dateAhead(12));
        await expectNoViolations(page, 'step 1 filled in');
        await tabTo(page, dialog.getByRole('button', { name: 'Next: Vehicle Selection' }));
        await page.keyboard.press('Enter');

        // Step 2.
        await expectStepShown(page, 'Vehicle Selection', 2);
        await expectNoViolations(page, 'step 2');
        const sedan = dialog
          .getByRole('listitem')
          .filter({ has: page.getByRole('heading', { name: 'Executive Sedan' }) })
          .getByRole('button', { name: 'Select Vehicle' });
        await tabTo(page, sedan);
        await page.keyboard.press('Enter');
        await tabTo(page, dialog.getByRole('button', { name: 'Next: Passenger Details' }));
        await page.keyboard.press('Enter');

        // Step 3.
        await expectStepShown(page, 'Passenger Details', 3);
        await expectNoViolations(page, 'step 3');
        const passenger = dialog.getByRole('group', { name: 'Passenger details' });
        await typeInto(page, passenger.getByLabel('First name'), 'Aroha');
        await typeInto(page, passenger.getByLabel('Last name'), 'Ngata');
        await typeInto(page, passenger.getByLabel('Mobile number'), '412345670');
        await typeInto(page, passenger.getByLabel('Email'), 'aroha.ngata@example.com');
        await tabTo(page, dialog.getByRole('button', { name: 'Next: Summary' }));
        await page.keyboard.press('Enter');

        // Step 4.
        await expectStepShown(page, 'Summary', 4);
        await expectNoViolations(page, 'step 4');
        await tabTo(page, dialog.getByRole('button', { name: 'Next: Payment' }));
        await page.keyboard.press('Enter');

        // Step 5: the sandbox's card form.
        await expectStepShown(page, 'Payment', 5);
        await expect(dialog.getByLabel('Card number')).toBeVisible();
        await expectNoViolations(page, 'step 5');
        await typeInto(page, dialog.getByLabel('Card number'), '4242 4242 4242 4242');
        await typeInto(page, dialog.getByLabel('Expiry (MM/YY)'), '1234', '12 / 34');
        await typeInto(page, dialog.getByLabel('CVC'), '123');
        const terms = dialog.getByRole('checkbox', {
          name: /^I agree to the Terms and conditions/,
        });
        await tabTo(page, terms);
        await page.keyboard.press('Space');
        await expect(terms).toBeChecked();
        await tabTo(page, dialog.getByRole('button', { name: 'Pay now' }));
        await page.keyboard.press('Enter');

        // Paid: the completion screen.
        await expect(dialog.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible({
          timeout: 30_000,
        });
        await expect(
          page.locator('#host-events li', { hasText: /^booking:completed / }),
        ).toHaveCount(1);
        await expectNoViolations(page, 'the completion screen');
        await expectFocusTrapped(page);

        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
        await expect(opener).toBeFocused();
      });
    });
  }
}
