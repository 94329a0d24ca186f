// The site in the browser while the CMS is down: the production server (server/index.ts on the
// build) reads its content from a local stub of Sanity's query API that fails for real. With no
// content read yet, the home page is the outage page, titled, with the phone and email to reach
// the business and a way to book, accessible; once the fare rules were read, the widget on
// /booking quotes from their last good copy while Sanity still fails.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from '@sanity/webhook';
import { startSanityStub, type SanityStub } from '../support/sanity-stub';
import { expectStep, fillSimpleTrip, next } from './booking-helpers';
import { expect, seriousA11yViolations, test } from './fixtures';
import { startServerProcess, type ServerProcess } from './server-process';

test.describe.configure({ mode: 'serial' });
// The browser's own line for the page's 503 answer.
test.use({ allowedConsoleErrors: [/status of 503/] });

const WEBHOOK_SECRET = 'content-outage-e2e-webhook-secret';
let stub: SanityStub;
let dataDir: string;
let server: ServerProcess;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  stub = await startSanityStub();
  stub.mode = 'failing';
  dataDir = mkdtempSync(path.join(tmpdir(), 'bc-content-outage-'));
  server = await startServerProcess(dataDir, {
    SANITY_PROJECT_ID: 'stubproject',
    SANITY_DATASET: 'production',
    SANITY_API_HOST: stub.url,
    SANITY_WEBHOOK_SECRET: WEBHOOK_SECRET,
    RECONCILE_ON_START: 'false',
  });
});

/** Sanity's webhook after a publish: the server marks its copies stale. */
async function publishWebhook() {
  const body = JSON.stringify({ _id: 'pricing', _type: 'pricing', operation: 'update' });
  const signature = await encodeSignatureHeader(body, Date.now(), WEBHOOK_SECRET);
  const response = await fetch(`${server.site}/api/revalidate`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [SIGNATURE_HEADER_NAME]: signature },
    body,
  });
  expect(response.status).toBe(200);
}

test.afterAll(async () => {
  await server?.stop();
  await stub?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

test('the outage page names itself, gives the phone and email, and leads to booking', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const response = await page.goto(`${server.site}/`);
  expect(response?.status()).toBe(503);
  await expect(page).toHaveTitle('We will be right back | Business Chauffeur');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('We will be right back');
  await expect(main.getByRole('link', { name: 'Call 1300 975 707' })).toHaveAttribute(
    'href',
    'tel:1300975707',
  );
  await expect(
    main.getByRole('link', { name: 'Email bookings@businesschauffeur.example' }),
  ).toHaveAttribute('href', 'mailto:bookings@businesschauffeur.example');
  expect(await seriousA11yViolations(page)).toEqual([]);

  await main.getByRole('link', { name: 'Book Now' }).click();
  await expect(page).toHaveURL(/\/booking$/);
  await expectStep(page, 'General Details', 1);
});

test('the widget quotes from the last good fare rules while Sanity fails', async ({ page }) => {
  test.setTimeout(120_000);
  // The server reads the fare rules once while Sanity answers (a quote), then Sanity fails.
  stub.mode = 'ok';
  await page.goto(`${server.site}/booking`);
  await fillSimpleTrip(page);
  await next(page, 'Next: Vehicle Selection');
  await expectStep(page, 'Vehicle Selection', 2);
  // A publish marks every copy stale: from now on each read asks Sanity, which fails.
  await publishWebhook();
  stub.mode = 'failing';

  const before = stub.received;
  // A new visit, not the draft the widget keeps for a reload.
  await page.evaluate(() => sessionStorage.clear());
  await page.goto(`${server.site}/booking`);
  await fillSimpleTrip(page);
  await next(page, 'Next: Vehicle Selection');
  await expectStep(page, 'Vehicle Selection', 2);
  await expect(
    page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Executive Sedan' }) }),
  ).toBeVisible();
  // Sanity was asked (the copies were stale) and failed: the fares are the last good ones.
  expect(stub.received).toBeGreaterThan(before);
});
