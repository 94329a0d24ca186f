// The first click works (docs/decisions/033-shell-without-javascript.md): on a slow phone (the CPU
// throttled 4× through the DevTools protocol), the App Store badge pressed as soon as the home
// page has painted, before the app has loaded, opens the store notice, on every one of ten fresh
// loads. The notice is an HTML dialog the browser opens itself, so nothing waits for JavaScript.
import { expect, test } from './fixtures';

const LOADS = 10;

test('the App Store badge opens its notice on the first click after the first paint, every time', async ({
  context,
}) => {
  test.setTimeout(LOADS * 15_000);
  let beforeApp = 0;
  for (let load = 1; load <= LOADS; load += 1) {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // Not page.goto, which the fixtures make wait for the app.
    await page.mainFrame().goto('/', { waitUntil: 'commit' });
    await page.waitForFunction(
      () => performance.getEntriesByName('first-contentful-paint').length > 0,
    );
    const hydrated = await page.evaluate(
      () => document.documentElement.dataset.hydrated === 'true',
    );
    if (!hydrated) beforeApp += 1;
    await page
      .getByRole('main')
      .getByRole('button', { name: /App Store/ })
      .first()
      .click();
    await expect(
      page.getByRole('dialog', { name: 'Work in Progress' }),
      `load ${load}: the notice opened (the app ${hydrated ? 'had' : 'had not'} loaded)`,
    ).toBeVisible({ timeout: 2_000 });
    await expect(page.getByRole('dialog')).toContainText(
      'The App Store is currently under development and will be available soon!',
    );
    expect(errors, `load ${load}: page errors`).toEqual([]);
    await cdp.detach();
    await page.close();
  }
  test.info().annotations.push({
    type: 'clicks before the app had loaded',
    description: `${beforeApp} of ${LOADS}`,
  });
  // Otherwise the test would prove nothing about the time before the app loads.
  expect(beforeApp, 'clicks made before the app had loaded').toBeGreaterThan(0);
});
