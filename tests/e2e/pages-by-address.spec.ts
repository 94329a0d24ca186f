// Pages an editor makes without a developer, on a production server of its own (server/index.ts
// with its page cache), once on the embedded dataset (a copy of the seed, edited as the Studio
// would publish) and once through the Sanity adapter against a local stub of Sanity's API reading
// that copy, each edit made live by the signed webhook: a weddings landing page published while
// the site runs, with a booking section that opens the booking form with the stretch limousine, a
// new service area listed on /service-areas, both on /sitemap and in /sitemap.xml, and a renamed
// address that answers 301 to the new one on the very next request, cached copy or not. Neither
// needs a restart.
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from '@sanity/webhook';
import { planRedirects } from '../../studio/src/redirect-plan';
import { toowoombaArea, weddingsLandingPage } from '../support/landing-pages';
import { startSanityStub, type SanityStub } from '../support/sanity-stub';
import { choosePlace, dateAhead, expectStep, next } from './booking-helpers';
import { expect, seriousA11yViolations, test } from './fixtures';
import { startServerProcess, type ServerProcess } from './server-process';

type Doc = Record<string, unknown> & { _id: string };

const WEBHOOK_SECRET = 'pages-by-address-e2e-webhook-secret';

for (const adapter of ['embedded', 'sanity'] as const) {
  test.describe(adapter === 'embedded' ? 'on the embedded dataset' : 'on Sanity', () => {
    // One server and one dataset per adapter: its tests run in order, the rename last.
    test.describe.configure({ mode: 'serial', timeout: 90_000 });

    let site: string;
    let server: ServerProcess;
    let stub: SanityStub | undefined;
    let dir: string;
    let datasetPath: string;

    const readDataset = () =>
      readFileSync(datasetPath, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Doc);
    const writeDataset = (documents: Doc[]) =>
      writeFileSync(datasetPath, documents.map((doc) => JSON.stringify(doc)).join('\n') + '\n');

    /**
     * What makes an edit live, as publishing in the Studio does: nothing on the embedded dataset
     * (the file is the content), Sanity's signed webhook on Sanity.
     */
    async function publish() {
      if (adapter === 'embedded') return;
      const body = JSON.stringify({ _id: 'page.weddings', _type: 'page', operation: 'update' });
      const signature = await encodeSignatureHeader(body, Date.now(), WEBHOOK_SECRET);
      const response = await fetch(`${site}/api/revalidate`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [SIGNATURE_HEADER_NAME]: signature },
        body,
      });
      expect(response.status).toBe(200);
    }

    test.beforeAll(async () => {
      test.setTimeout(90_000);
      dir = mkdtempSync(path.join(tmpdir(), 'bc-pages-'));
      datasetPath = path.join(dir, 'dataset.ndjson');
      const content = path.resolve('content');
      symlinkSync(path.join(content, 'images'), path.join(dir, 'images'));
      writeFileSync(datasetPath, readFileSync(path.join(content, 'dataset.ndjson')));
      const sanity: Record<string, string> = {};
      if (adapter === 'sanity') {
        stub = await startSanityStub(datasetPath);
        Object.assign(sanity, {
          SANITY_PROJECT_ID: 'stubproject',
          SANITY_DATASET: 'production',
          SANITY_API_HOST: stub.url,
          SANITY_WEBHOOK_SECRET: WEBHOOK_SECRET,
        });
      }
      server = await startServerProcess(path.join(dir, 'data'), {
        CONTENT_DATASET_PATH: datasetPath,
        RECONCILE_ON_START: 'false',
        ...sanity,
      });
      site = server.site;
    });

    test.afterAll(async () => {
      await server?.stop();
      await stub?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    test('pages published while the site runs are served at their addresses at once', async ({
      request,
    }) => {
      // The site has read its content (the address index is in memory) before the editor publishes.
      for (const address of ['/weddings', '/service-area-toowoomba']) {
        expect((await request.get(`${site}${address}`)).status(), address).toBe(404);
      }
      writeDataset([...readDataset(), weddingsLandingPage(), toowoombaArea()]);
      await publish();
      for (const address of ['/weddings', '/service-area-toowoomba']) {
        expect((await request.get(`${site}${address}`)).status(), address).toBe(200);
      }
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
        page
          .getByRole('region', { name: 'Main Pages' })
          .getByRole('link', { name: 'Wedding Cars' }),
      ).toHaveAttribute('href', '/weddings');
      await expect(
        page
          .getByRole('region', { name: 'Service Areas' })
          .getByRole('link', { name: 'Toowoomba' }),
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
      await publish();

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
  });
}
