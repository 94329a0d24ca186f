import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { LIFTED_API_LIMITS } from './tests/support/test-environment';

// Browser tests run against the production build (`npm run build` first; `npm test` does it),
// served by server/index.ts on a free loopback port, chosen once here and inherited by the workers
// through the environment, so they never collide with `npm start` or another run.
function freePort(): number {
  const script =
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})";
  return Number(execFileSync(process.execPath, ['-e', script]).toString().trim());
}
process.env.E2E_PORT ??= String(freePort());
const port = Number(process.env.E2E_PORT);
// A partner's page on a second origin (tests/fixtures/partner), for the embedded booking widget:
// another loopback address, so another site too (E2E_PARTNER_HOST=127.0.0.1 where only that exists).
process.env.E2E_PARTNER_HOST ??= '127.0.0.2';
process.env.E2E_PARTNER_PORT ??= String(freePort());
const partnerOrigin = `http://${process.env.E2E_PARTNER_HOST}:${process.env.E2E_PARTNER_PORT}`;

/** Debian's Chromium here; CHROMIUM_PATH elsewhere; or Playwright's own browser when installed. */
function chromiumExecutable(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  return undefined;
}

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // Generous: the whole suite shares two cores with the server, and a test's steps are what it
  // checks, not how fast a loaded machine runs them (speed is measured by npm run bench).
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: chromiumExecutable(),
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
            '--disable-quic',
          ],
        },
      },
    },
  ],
  webServer: [
    {
      command: 'node server/index.ts',
      url: `http://127.0.0.1:${port}/`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        SITE_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: process.env.E2E_DATA_DIR ?? '.data/e2e',
        PARTNER_ORIGINS: partnerOrigin,
        // Every browser test books from 127.0.0.1; the per-client limits of the booking API have
        // their own integration tests (tests/integration/rate-limits.test.ts).
        ...LIFTED_API_LIMITS,
      },
    },
    {
      command: 'node tests/fixtures/partner/server.mjs',
      url: `${partnerOrigin}/`,
      reuseExistingServer: false,
      timeout: 10_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PARTNER_HOST: process.env.E2E_PARTNER_HOST,
        PARTNER_PORT: String(process.env.E2E_PARTNER_PORT),
        SITE_ORIGIN: `http://127.0.0.1:${port}`,
      },
    },
  ],
});
