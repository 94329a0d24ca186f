// Pages an editor makes without a developer, on a production server of its own (server/index.ts
// with its page cache) reading a copy of the seed dataset, as the embedded default does: a weddings
// landing page with a booking section that opens the booking form with the stretch limousine, a
// new service area listed on /service-areas, both on /sitemap and in /sitemap.xml, and a renamed
// address that answers 301 to the new one on the very next request, cached copy or not.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { planRedirects } from '../../studio/src/redirect-plan';
import { freePort } from '../support/firestore-emulator';
import { toowoombaArea, weddingsLandingPage } from '../support/landing-pages';
import { TEST_SESSION_SECRET } from '../support/test-environment';
import { choosePlace, dateAhead, expectStep, next } from './booking-helpers';
import { expect, seriousA11yViolations, test } from './fixtures';

type Doc = Record<string, unknown> & { _id: string };

// One server and one dataset for the file: its tests run in order, the rename last.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

let site: string;
let server: ChildProcess;
let dir: string;
let datasetPath: string;

const readDataset = () =>
  readFileSync(datasetPath, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Doc);
const writeDataset = (documents: Doc[]) =>
  writeFileSync(datasetPath, documents.map((doc) => JSON.stringify(doc)).join('\n') + '\n');

test.beforeAll(async () => {
  test.setTimeout(90_000);
  dir = mkdtempSync(path.join(tmpdir(), 'bc-pages-'));
  datasetPath = path.join(dir, 'dataset.ndjson');
  const content = path.resolve('content');
  symlinkSync(path.join(content, 'images'), path.join(dir, 'images'));
  writeFileSync(datasetPath, readFileSync(path.join(content, 'dataset.ndjson')));
  writeDataset([...readDataset(), weddingsLandingPage(), toowoombaArea()]);

  const port = await freePort();
  site = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['server/index.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      SITE_URL: site,
      DATA_DIR: path.join(dir, 'data'),
      CONTENT_DATASET_PATH: datasetPath,
      SESSION_SECRET: TEST_SESSION_SECRET,
      LOG_REQUESTS: 'false',
      LIMIT_PLACES_PER_MINUTE: '100000',
      LIMIT_QUOTES_PER_MINUTE: '100000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await expect.poll(() => output, { timeout: 60_000 }).toContain('is serving on');
});

test.afterAll(() => {
  server?.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
});

test('a weddings page with a booking section opens the booking form with the stretch limousine', async ({
  page,
}) => {
  await page.goto(`${site}/weddings`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('Wedding Cars');
  await expect(
    main.getByRole('heading', { level: 2, name: 'Book your wedding car' }),
  ).toBeVisible();
  await expect(page).toHaveTitle('Wedding Cars and Limousines | Business Chauffeur');
  expect(await seriousA11yViolations(page)).toEqual([]);

  await expect(page.getByLabel('Passengers')).toHaveValue('6');
  await choosePlace(page, /^FROM/, 'Brisbane Airport', /Domestic Terminal/);
  await choosePlace(page, /^TO/, 'South Bank', /South Bank Parklands/);
  await page.getByLabel('Booking date').fill(dateAhead(30));
  await next(page, 'Next: Vehicle Selection');
  await expectStep(page, 'Vehicle Selection', 2);
  const limousine = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Stretch Limousine' }) });
  await expect(limousine.getByRole('button', { name: 'Select Vehicle' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

test('the new pages are on /sitemap, in /sitemap.xml, and the new area on /service-areas', async ({
  page,
  request,
}) => {
  const xml = await (await request.get(`${site}/sitemap.xml`)).text();
  expect(xml).toContain(`<loc>${site}/weddings</loc>`);
  expect(xml).toContain(`<loc>${site}/service-area-toowoomba</loc>`);

  await page.goto(`${site}/sitemap`);
  await expect(
    page.getByRole('region', { name: 'Main Pages' }).getByRole('link', { name: 'Wedding Cars' }),
  ).toHaveAttribute('href', '/weddings');
  await expect(
    page.getByRole('region', { name: 'Service Areas' }).getByRole('link', { name: 'Toowoomba' }),
  ).toHaveAttribute('href', '/service-area-toowoomba');

  await page.goto(`${site}/service-areas`);
  const areas = page.locator('main ol > li');
  await expect(areas.locator('h2')).toHaveText([
    '1. Brisbane',
    '2. Gold Coast',
    '3. Sunshine Coast',
    '4. Toowoomba',
  ]);
  await areas.nth(3).getByRole('link', { name: 'Toowoomba' }).click();
  await expect(page).toHaveURL(`${site}/service-area-toowoomba`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Chauffeur Service in Toowoomba',
  );
  await expect(
    page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'Service Areas' }),
  ).toHaveAttribute('href', '/service-areas');
});

test('a renamed address answers 301 to the new one on the next request, even after a cached visit', async ({
  page,
  request,
}) => {
  // Two visits: the second is the page cache's copy.
  await request.get(`${site}/joinFleet`);
  const cached = await request.get(`${site}/joinFleet`);
  expect(cached.headers()['x-cache']).toBe('HIT');

  // What publishing the page under a new address in the Studio writes.
  const plan = planRedirects({
    id: 'page.joinFleet',
    type: 'page',
    before: 'joinFleet',
    after: 'join-our-fleet',
    redirectsToIt: [],
  });
  writeDataset([
    ...readDataset().map((doc) =>
      doc._id === 'page.joinFleet'
        ? { ...doc, route: { _type: 'slug', current: 'join-our-fleet' } }
        : doc,
    ),
    plan.create as unknown as Doc,
  ]);

  const moved = await request.get(`${site}/joinFleet?utm_source=flyer`, { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers()['location']).toBe('/join-our-fleet?utm_source=flyer');

  await page.goto(`${site}/joinFleet`);
  await expect(page).toHaveURL(`${site}/join-our-fleet`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Join Our Fleet');
  // The footer's link follows the page to its new address.
  await expect(
    page.getByRole('contentinfo').getByRole('link', { name: 'Join our fleet' }),
  ).toHaveAttribute('href', '/join-our-fleet');
});

test.describe('an address nobody published', () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test('is the 404 page', async ({ page }) => {
    const response = await page.goto(`${site}/weddings-in-byron-bay`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 - Page Not Found');
  });
});
