// Every browser test fails on a console error, a CSP violation or an uncaught page error, and can
// run axe-core.
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export const test = base.extend<{ consoleErrors: string[]; allowedConsoleErrors: RegExp[] }>({
  // page.goto waits until the page is at work, as a person waits for it to respond: the site's
  // elements defined and, on a page that loads the app (it has Remix's context), React hydrated.
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await page.waitForFunction(() => {
        const { dataset } = document.documentElement;
        const loadsApp = '__remixContext' in window;
        return dataset.elements === 'ready' && (!loadsApp || dataset.hydrated === 'true');
      });
      return response;
    };
    await use(page);
  },
  /** Console errors a test expects, such as the browser's own line for a 404 response. */
  allowedConsoleErrors: [[], { option: true }],
  consoleErrors: [
    async ({ page, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      // A CSP violation is not always a console error (zod's eval probe, for one, is only an
      // event and a DevTools issue): every one is reported to the console here, so it fails too.
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(
            `CSP violation: ${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`,
          );
        });
      });
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      const unexpected = errors.filter(
        (text) => !allowedConsoleErrors.some((pattern) => pattern.test(text)),
      );
      expect(unexpected, 'console errors on the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Serious and critical accessibility violations found by axe-core on the current page. */
export async function seriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}
