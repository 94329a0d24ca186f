// The editor's guide (docs/editing.md), walked in a browser: the built Studio (studio/dist, from
// `npm run build:studio`) against a local stub of Sanity's APIs (tests/support/studio-api-stub.ts,
// no account, no network), and the site on a production server of its own reading the same stub
// (the Sanity adapter, with draft mode on), on one copy of the seed dataset with a weddings landing
// page. The Studio's Presentation tool frames the site at its default address, the local server
// (http://localhost:3000), which the Studio's browser is pointed at. Each step checks what the
// guide says the editor sees; with EDITING_SCREENSHOTS=1 it also writes the guide's pictures to
// docs/editing/.
// Skipped, with the reason, when studio/dist is missing or openssl is not installed.
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Locator, type Page } from '@playwright/test';
import { toowoombaArea, weddingsLandingPage } from '../support/landing-pages';
import {
  startStudioApiStub,
  studioUnavailableReason,
  type StudioApiStub,
} from '../support/studio-api-stub';
import { expect as baseExpect, test } from './fixtures';
import { startServerProcess, type ServerProcess } from './server-process';

type Doc = Record<string, unknown> & { _id: string };

// The Studio is a large application: on a busy machine it takes a minute or more to draw a form,
// and seconds to answer a click.
const expect = baseExpect.configure({ timeout: 60_000 });

const SCREENSHOTS = process.env.EDITING_SCREENSHOTS === '1';
/** The site's address as the Studio's Presentation tool knows it (studio/sanity.config.ts). */
const PRESENTATION_SITE = 'http://localhost:3000';
const PICTURES = path.resolve('docs/editing');

/** The weddings page of the guide: text, the booking form, then reviews. */
function guidePage(): Doc {
  const page = weddingsLandingPage();
  return {
    ...page,
    sections: [
      ...(page.sections as Doc[]),
      {
        _key: 'reviews',
        _type: 'reviewList',
        heading: 'What our passengers say',
        count: 3,
      },
    ],
  };
}

/** A redirect as the Studio makes it when a page is published under a new address. */
const OLD_WEDDINGS_ADDRESS: Doc = {
  _id: 'redirect.wedding-cars',
  _type: 'redirect',
  from: '/wedding-cars',
  to: { _type: 'reference', _ref: 'page.weddings', _weak: true },
};

test.describe.configure({ mode: 'serial', timeout: 300_000 });
test.skip(Boolean(studioUnavailableReason()), studioUnavailableReason() ?? '');

let dir: string;
let studio: StudioApiStub;
let server: ServerProcess;
let studioBrowser: Browser;
let studioPage: Page;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dir = mkdtempSync(path.join(tmpdir(), 'bc-editing-'));
  const datasetPath = path.join(dir, 'dataset.ndjson');
  symlinkSync(path.resolve('content/images'), path.join(dir, 'images'));
  // Edited just now, so the Studio's lists (newest first) show them at the top.
  const editedAt = new Date().toISOString();
  const added = [guidePage(), toowoombaArea(), OLD_WEDDINGS_ADDRESS].map((doc) => ({
    ...doc,
    _updatedAt: editedAt,
  }));
  writeFileSync(
    datasetPath,
    readFileSync('content/dataset.ndjson', 'utf8') +
      added.map((doc) => JSON.stringify(doc)).join('\n') +
      '\n',
  );
  studio = await startStudioApiStub(datasetPath);
  server = await startServerProcess(path.join(dir, 'data'), {
    SANITY_PROJECT_ID: 'bcchauffeur',
    SANITY_DATASET: 'production',
    SANITY_API_HOST: studio.apiUrl,
    SANITY_API_READ_TOKEN: 'sk-viewer-token-for-tests',
    SANITY_STUDIO_URL: studio.studioUrl,
    // Where the Studio's Presentation tool looks for the site (its default, SANITY_STUDIO_PREVIEW_URL).
    SITE_URL: PRESENTATION_SITE,
    RECONCILE_ON_START: 'false',
  });
  studioBrowser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      ...studio.browserArgs([`MAP localhost 127.0.0.1:${new URL(server.site).port}`]),
    ],
  });
  const context = await studioBrowser.newContext({
    viewport: { width: 1200, height: 760 },
    ignoreHTTPSErrors: true,
  });
  studioPage = await context.newPage();
});

test.afterAll(async () => {
  await studioBrowser?.close();
  await server?.stop();
  await studio?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function picture(
  target: Page | Locator,
  name: string,
  clip?: { x: number; y: number; width: number; height: number },
) {
  if (!SCREENSHOTS) return;
  const file = path.join(PICTURES, `${name}.png`);
  await ('goto' in target
    ? target.screenshot({ path: file, clip })
    : target.screenshot({ path: file }));
}

/** The Studio at a path of its desk, once it has drawn the document or list it opens. */
async function openStudio(deskPath: string, ready: (page: Page) => Locator) {
  await studioPage.goto(`${studio.studioUrl}/structure/${deskPath}`);
  await expect(ready(studioPage)).toBeVisible({ timeout: 180_000 });
}

test('the Studio lists pages, service areas, policies, redirects and the menus', async () => {
  await openStudio('page', (page) => page.getByRole('link', { name: /Wedding Cars/ }));
  for (const item of ['Navigation', 'Page', 'Service area', 'Policy', 'Redirect']) {
    await expect(studioPage.getByRole('link', { name: item, exact: true }).first()).toBeVisible();
  }
  await picture(studioPage, 'studio-pages');
});

test('Presentation shows the page in draft mode, and a click on its text opens that field', async () => {
  await studioPage.goto(
    `${studio.studioUrl}/presentation/page/page.weddings?preview=${encodeURIComponent('/weddings')}`,
  );
  const frame = studioPage.frameLocator('iframe');
  // Presentation entered draft mode itself, through /api/preview with the secret it wrote.
  await expect(frame.getByText('Draft mode: you are seeing unpublished drafts.')).toBeVisible({
    timeout: 180_000,
  });
  await expect(studioPage.getByText('Used on one page')).toBeVisible();
  // The overlays read the text's edit link: pointing at a heading outlines it under the name of
  // its document, and a click opens its field beside the page.
  // The overlays start once the page has connected to the Studio, which can come after the
  // page shows: until the outline appears, the pointer leaves the heading and points at it again.
  const heading = frame.getByRole('heading', { name: 'Book your wedding car' });
  const outline = frame.locator('sanity-visual-editing').getByText('Wedding Cars');
  await expect(async () => {
    await studioPage.mouse.move(0, 0);
    await heading.hover();
    await expect(outline).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 90_000 });
  await picture(studioPage, 'studio-presentation');
  await heading.click();
  await expect(studioPage).toHaveURL(
    /\/presentation\/page\/page\.weddings\/sections\[_key==%22book%22\]\.heading/,
  );
});

test('a page has a title, an address and its sections, in order', async () => {
  await openStudio('page;page.weddings', (page) => page.getByLabel('Title'));
  await expect(studioPage.getByLabel('Title')).toHaveValue('Wedding Cars');
  await expect(studioPage.getByLabel('Address')).toHaveValue('weddings');
  await picture(studioPage, 'studio-page');

  const sections = studioPage.getByRole('group').filter({ hasText: /^Sections/ });
  await sections.scrollIntoViewIfNeeded();
  await expect(sections.getByText('Book your wedding car', { exact: true })).toBeVisible();
  await expect(sections.getByText('What our passengers say', { exact: true })).toBeVisible();
  await picture(sections, 'studio-sections');

  await sections.getByRole('button', { name: 'Add item...' }).click();
  const kinds = studioPage.getByRole('menu');
  for (const kind of ['Rich text', 'Booking form', 'Fleet list', 'Reviews', 'FAQ group']) {
    await expect(kinds.getByRole('menuitem', { name: kind })).toBeVisible();
  }
  await picture(studioPage, 'studio-add-section');
  await studioPage.keyboard.press('Escape');

  // A tall window, so the section's dialog shows every field at once.
  await studioPage.setViewportSize({ width: 1200, height: 1400 });
  await sections.getByText('Book your wedding car', { exact: true }).click();
  const dialog = studioPage.getByRole('dialog');
  await expect(dialog.getByLabel('Passengers')).toHaveValue('6');
  // The vehicle field's preview shows the title alone; its subtitle ("Stretch Limousines · up to
  // 10 passengers") and the section's text also hold the words, once they have loaded.
  await expect(dialog.getByText('Stretch Limousine', { exact: true })).toBeVisible();
  await picture(dialog, 'studio-booking-section');
  await studioPage.keyboard.press('Escape');
  await studioPage.setViewportSize({ width: 1200, height: 760 });
});

test('an address the site keeps for itself is refused as the editor types it', async () => {
  await openStudio('page;page.weddings', (page) => page.getByLabel('Address'));
  const address = studioPage.getByLabel('Address');
  await address.fill('booking');
  // The document's Validation panel names the field and says why.
  await studioPage.getByRole('button', { name: 'Validation' }).click();
  await expect(
    studioPage.getByRole('button', {
      name: "Address /booking is one of the site's own pages. Choose another address.",
    }),
  ).toBeVisible();
  await picture(studioPage, 'studio-address-refused');
});

test('the menus and the redirects are documents too', async () => {
  await openStudio('navigation', (page) => page.getByText('Contact Us', { exact: true }).first());
  await expect(studioPage.getByText('About Us').first()).toBeVisible();
  await picture(studioPage, 'studio-navigation');

  await openStudio('redirect;redirect.wedding-cars', (page) => page.getByLabel('Old address'));
  await expect(studioPage.getByLabel('Old address')).toHaveValue('/wedding-cars');
  await picture(studioPage, 'studio-redirect');
});

test('on the site: the page at its address, its booking form, the menu and the old address', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1200, height: 900 });
  await page.goto(`${server.site}/weddings`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('Wedding Cars');
  await expect(main.getByRole('heading', { name: 'Book your wedding car' })).toBeVisible();
  await expect(page.getByRole('spinbutton', { name: 'Passengers' })).toHaveValue('6');
  await picture(page, 'site-weddings');

  await page.getByRole('banner').getByRole('button', { name: 'About Us' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'FAQs' })).toBeVisible();
  await picture(page, 'site-menu', { x: 0, y: 0, width: 1200, height: 200 });

  const moved = await request.get(`${server.site}/wedding-cars`, { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers()['location']).toBe('/weddings');
});
