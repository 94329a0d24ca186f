// Draft mode in the browser, as the Studio's Presentation tool uses it: a production server of its
// own on the Sanity adapter against the local stub of Sanity's API, reading a copy of the seed with
// a weddings page and an unpublished draft of it. A page on another site plays the Studio: it
// writes a preview secret to the dataset (as Presentation does) and frames the site's
// /api/preview link. In the frame the site shows the draft, with the Draft mode bar and Sanity's
// visual-editing overlays, answered private, no-store, noindex and framable by the Studio only;
// no stega reaches the head or an attribute (the page reports any on the console, which fails
// the test). Visitors get the published page, never framable, with no overlays.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../support/firestore-emulator';
import { weddingsLandingPage } from '../support/landing-pages';
import { startSanityStub, type SanityStub } from '../support/sanity-stub';
import { expect, seriousA11yViolations, test } from './fixtures';
import { startServerProcess, type ServerProcess } from './server-process';

type Doc = Record<string, unknown> & { _id: string };

test.describe.configure({ mode: 'serial', timeout: 90_000 });

const DRAFT_HEADING = 'Wedding Cars for the whole bridal party';

let dir: string;
let datasetPath: string;
let stub: SanityStub;
let server: ServerProcess;
let studio: Server;
let studioOrigin: string;

/** What the Studio writes before it frames the site: a secret, as a draft, for an hour. */
function presentationSecret(): string {
  const secret = randomUUID();
  const secretDocument = {
    _id: `drafts.${randomUUID()}`,
    _type: 'sanity.previewUrlSecret',
    _updatedAt: new Date().toISOString(),
    secret,
    studioUrl: studioOrigin,
    source: 'presentation',
  };
  writeFileSync(
    datasetPath,
    readFileSync(datasetPath, 'utf8') + JSON.stringify(secretDocument) + '\n',
  );
  return secret;
}

test.beforeAll(async () => {
  test.setTimeout(90_000);
  dir = mkdtempSync(path.join(tmpdir(), 'bc-draft-mode-'));
  datasetPath = path.join(dir, 'dataset.ndjson');
  symlinkSync(path.resolve('content/images'), path.join(dir, 'images'));
  const page = weddingsLandingPage();
  const draft: Doc = {
    ...structuredClone(page),
    _id: 'drafts.page.weddings',
    hero: { ...(page.hero as Record<string, unknown>), heading: DRAFT_HEADING },
  };
  writeFileSync(
    datasetPath,
    readFileSync('content/dataset.ndjson', 'utf8') +
      [page, draft].map((doc) => JSON.stringify(doc)).join('\n') +
      '\n',
  );
  // The "Studio": another site (another loopback address) whose page frames the site.
  const studioHost = process.env.E2E_PARTNER_HOST ?? '127.0.0.2';
  const studioPort = await freePort();
  studioOrigin = `http://${studioHost}:${studioPort}`;
  studio = createServer((request, response) => {
    const frame = new URL(request.url ?? '/', studioOrigin).searchParams.get('frame') ?? '';
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(
      // Marked ready at once: the fixtures' page.goto waits for that; the frame is waited on.
      `<!doctype html><html lang="en" data-elements="ready"><title>Studio</title><body>` +
        `<iframe title="Preview" src="${frame.replace(/"/g, '&quot;')}" style="width:1200px;height:900px"></iframe>` +
        `</body></html>`,
    );
  });
  await new Promise<void>((resolve) => studio.listen(studioPort, studioHost, resolve));

  stub = await startSanityStub(datasetPath);
  server = await startServerProcess(path.join(dir, 'data'), {
    CONTENT_DATASET_PATH: datasetPath,
    SANITY_PROJECT_ID: 'stubproject',
    SANITY_DATASET: 'production',
    SANITY_API_HOST: stub.url,
    SANITY_API_READ_TOKEN: 'sk-read-token-for-tests',
    SANITY_STUDIO_URL: studioOrigin,
    RECONCILE_ON_START: 'false',
  });
});

test.afterAll(async () => {
  await server?.stop();
  await stub?.close();
  studio?.closeAllConnections();
  await new Promise<void>((resolve) => (studio ? studio.close(() => resolve()) : resolve()));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const studioPage = (frame: string) =>
  `${studioOrigin}/?frame=${encodeURIComponent(frame)}` as const;

test('visitors get the published page: no overlays, and no site may frame it', async ({
  page,
  request,
}) => {
  const answer = await request.get(`${server.site}/weddings`);
  expect(answer.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(answer.headers()['cache-control']).toMatch(/^public/);
  await page.goto(`${server.site}/weddings`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Wedding Cars');
  await expect(page.getByText('Draft mode: you are seeing unpublished drafts.')).toHaveCount(0);
  await expect(page.locator('sanity-visual-editing')).toHaveCount(0);
});

test.describe('framed by another site without draft mode', () => {
  test.use({ allowedConsoleErrors: [/Refused to frame|frame-ancestors/] });

  test('is refused by the browser', async ({ page }) => {
    const refused = page.waitForEvent('console', (message) =>
      /frame-ancestors/.test(message.text()),
    );
    await page.goto(studioPage(`${server.site}/weddings`));
    await refused;
    await expect(
      page.frameLocator('iframe').getByRole('heading', { name: 'Wedding Cars' }),
    ).toHaveCount(0);
  });
});

test.describe('in the Studio', () => {
  // A private browser context blocks storage in a cross-site frame (the draft-mode cookie is
  // partitioned, so it stays): Remix's route discovery reports it cannot use session storage,
  // and the browser that it blocked autofocus in the frame. Neither is the site's error.
  // (One pattern: test.use would read a second array element as the fixture's options.)
  test.use({
    allowedConsoleErrors: [
      /Failed to fetch manifest patches|Blocked autofocusing on a <\w+> element in a cross-origin subframe/,
    ],
  });

  test('the frame enters draft mode: the draft, the bar, the overlays, clean attributes', async ({
    page,
  }) => {
    const documents: { url: string; headers: Record<string, string> }[] = [];
    page.on('response', (response) => {
      if (response.url() === `${server.site}/weddings`) {
        documents.push({ url: response.url(), headers: response.headers() });
      }
    });
    const link =
      `${server.site}/api/preview?sanity-preview-secret=${presentationSecret()}` +
      `&sanity-preview-pathname=${encodeURIComponent('/weddings')}`;
    await page.goto(studioPage(link));
    const frame = page.frameLocator('iframe');
    // The heading carries its stega edit link, invisibly.
    await expect(frame.getByRole('heading', { level: 1 })).toContainText(DRAFT_HEADING, {
      timeout: 30_000,
    });
    await expect(frame.getByText('Draft mode: you are seeing unpublished drafts.')).toBeVisible();
    // The overlays' root, added after the page hydrated.
    await expect(frame.locator('sanity-visual-editing')).toHaveCount(1, { timeout: 30_000 });

    const answer = documents.at(-1);
    expect(answer?.headers['content-security-policy']).toContain(`frame-ancestors ${studioOrigin}`);
    expect(answer?.headers['cache-control']).toBe('private, no-store');
    expect(answer?.headers['x-robots-tag']).toBe('noindex');

    // The booking form of the draft still opens with its vehicle: its attributes are clean.
    const framed = page.frames().find((candidate) => candidate.url() === `${server.site}/weddings`);
    expect(framed).toBeDefined();
    expect(await framed?.locator('chauffeur-booking').getAttribute('vehicle')).toBe(
      'stretch-limousine',
    );
  });
});

test('a draft-mode page opened on its own is accessible and leaves draft mode from its bar', async ({
  page,
}) => {
  const link =
    `${server.site}/api/preview?sanity-preview-secret=${presentationSecret()}` +
    `&sanity-preview-pathname=${encodeURIComponent('/weddings')}`;
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(DRAFT_HEADING);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Leave draft mode' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Wedding Cars');
  await expect(page.getByText('Draft mode: you are seeing unpublished drafts.')).toHaveCount(0);
});
