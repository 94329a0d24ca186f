// The first date field on a page makes the browser load its date formatting data, in one long task
// on the main thread. On the site's own pages the widget's loader has a small worker load that data
// first, off the main thread (booking-widget/src/warm-locale.ts). On a partner's page the worker
// would be of another origin, which browsers refuse, so the loader does not start it there.
import { expect, test } from './fixtures';
import { expectStep, partner, partnerTest } from './booking-helpers';

const WORKER = /\/widget\/chunks\/warm-locale-[\w-]+\.js$/;

test('on the site, the widget loads date formatting in a worker, under the site CSP', async ({
  page,
}) => {
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  const script = page.waitForResponse((response) => WORKER.test(response.url()));
  await page.goto('/booking');
  await expectStep(page, 'General Details', 1);
  // Hashed by its content, so cached for good, like the widget's other chunks.
  expect((await script).headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(workers.filter((url) => WORKER.test(url))).toHaveLength(1);
});

partnerTest()(
  'on a partner page, the widget starts no worker and reaches step 1 as before',
  async ({ page }) => {
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    await page.goto(`${partner}/strict`);
    await expect(
      page.locator('#host-events li').filter({ hasText: /^booking:ready / }),
    ).toHaveCount(1);
    await expectStep(page, 'General Details', 1);
    expect(workers).toEqual([]);
  },
);
