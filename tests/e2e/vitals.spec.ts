// Real-user Web Vitals end to end, on the production build (scripts after first paint): a visitor
// opens the home page and the fleet page; when each page is hidden (the visitor moves on) the
// browser sends its LCP, CLS and TTFB, with the route's id, to /api/vitals, and they land in the
// SQLite store of the e2e server's DATA_DIR; `node scripts/vitals.mjs` (what `npm run vitals`
// runs) then prints the p75 table of that store.
import { spawn } from 'node:child_process';
import { DatabaseSync } from 'node:sqlite';
import path from 'node:path';
import { E2E_DATA_DIR, STORE_FILE, useOwnClientAddress } from './account-helpers';
import { expect, test } from './fixtures';

const ROUTES = { home: 'routes/_index', fleet: 'routes/$' } as const;
const METRICS = ['LCP', 'CLS', 'TTFB'] as const;

/** Samples received per "route metric" in the e2e store (all days). */
function receivedCounts(): Record<string, number> {
  let db: DatabaseSync;
  try {
    db = new DatabaseSync(STORE_FILE, { readOnly: true });
  } catch {
    return {};
  }
  try {
    const rows = db
      .prepare('SELECT route, metric, SUM(seen) AS seen FROM vitals_days GROUP BY route, metric')
      .all();
    return Object.fromEntries(rows.map((row) => [`${row.route} ${row.metric}`, Number(row.seen)]));
  } catch {
    // The table is made on the server's first open of the file.
    return {};
  } finally {
    db.close();
  }
}

/** Runs scripts/vitals.mjs against the e2e server's data folder. */
async function vitalsCommand(args: string[] = []) {
  const child = spawn(process.execPath, ['scripts/vitals.mjs', ...args], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: E2E_DATA_DIR,
      REMIX_BUILD_DIR: path.resolve(process.env.REMIX_BUILD_DIR ?? 'build'),
      LOG_REQUESTS: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, stdout, stderr };
}

test('pages report their vitals when hidden, and npm run vitals shows their p75', async ({
  page,
}) => {
  await useOwnClientAddress(page);
  const before = receivedCounts();
  const reports: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/vitals') reports.push(request.postData() ?? '');
  });

  for (const path of ['/', '/fleet']) {
    await page.goto(path);
    // A key press ends LCP (web-vitals finalises it on the visitor's first input) without
    // changing anything on the page.
    await page.keyboard.press('Shift');
    // Hiding the page: web-vitals reports CLS, the page sends its batch.
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', {
        configurable: true,
        get: () => 'hidden',
      });
      document.dispatchEvent(new Event('visibilitychange'));
    });
  }
  // Leaving the last page hides it for real.
  await page.goto('/contact');

  await expect
    .poll(
      () => {
        const after = receivedCounts();
        return Object.values(ROUTES).flatMap((route) =>
          METRICS.filter(
            (metric) => (after[`${route} ${metric}`] ?? 0) > (before[`${route} ${metric}`] ?? 0),
          ).map((metric) => `${route} ${metric}`),
        );
      },
      { timeout: 15_000 },
    )
    .toEqual(
      Object.values(ROUTES).flatMap((route) => METRICS.map((metric) => `${route} ${metric}`)),
    );

  // What the page sent: route ids and numbers, never the address or anything about the visitor.
  const sent = reports.join('\n');
  expect(sent).toContain('"route":"routes/_index"');
  expect(sent).not.toContain('"route":"/');
  expect(sent).not.toContain('127.0.0.1');
  expect(sent).not.toMatch(/Mozilla|HeadlessChrome/);

  const { code, stdout, stderr } = await vitalsCommand(['--days', '7']);
  expect(stderr).toBe('');
  expect(code).toBe(0);
  expect(stdout).toMatch(/Web Vitals of real visits, 75th percentile, \d{4}-\d{2}-\d{2} to/);
  expect(stdout).toMatch(/^Route\s+Metric\s+Samples\s+p75\s+Good at\s+Good$/m);
  expect(stdout).toMatch(/^routes\/\$\s+LCP\s+\d+\s+\d+ ms\s+≤ 2500 ms\s+(yes|no)$/m);
  expect(stdout).toMatch(/^routes\/_index\s+CLS\s+\d+\s+\d\.\d{3}\s+≤ 0\.100\s+(yes|no)$/m);
  test.info().annotations.push({ type: 'vitals table', description: stdout });
  console.log(stdout);

  const wrong = await vitalsCommand(['--days', 'many']);
  expect(wrong.code).toBe(1);
  expect(wrong.stderr).toContain('Usage: npm run vitals');
});
