// Draft mode end to end through the site's real request handler, on the Sanity adapter against a
// local stub of Sanity's API serving a copy of the seed (tests/support/sanity-stub.ts): the
// Studio's Presentation tool writes a secret to the dataset and opens /api/preview with it
// (@sanity/preview-url-secret); the site checks it with its read token and sets a signed cookie;
// pages then show drafts with stega edit links in their text, but never in the head, JSON-LD or
// an attribute, and are neither cached, indexed nor framed by anyone but the Studio. The exit
// link clears the cookie (docs/decisions/052-visual-editing-in-draft-mode.md).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { containsStega, cleanStega, findStegaLeaks } from '~/utils/stega';
import { CONTENT_ROUTES } from '../e2e/content-pages';
import { weddingsLandingPage } from '../support/landing-pages';
import { allowFetchPriorityWarning } from '../support/react-dev-warnings';
import { startRemixApp, type RemixApp } from '../support/remix-app';
import { startSanityStub, type SanityStub } from '../support/sanity-stub';
import { useSeedDatasetCopy, type SeedDatasetCopy } from '../support/seed-dataset-copy';
import { useTestEnvironment, type TestEnvironment } from '../support/test-environment';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

const STUDIO = 'https://bcchauffeur.sanity.studio';
const TOKEN = 'sk-read-token-for-tests';

let seed: SeedDatasetCopy;
let stub: SanityStub;
let env: TestEnvironment;
let app: RemixApp;
let checkConsole: () => void;

beforeAll(async () => {
  seed = useSeedDatasetCopy();
  // Drafts editors have not published: the FAQ page's new heading, and the Brisbane area's name.
  seed.addDocuments([
    draftOf('page.faqs', (page) => {
      (page.hero as Record<string, unknown>).heading = 'Questions and answers (draft)';
    }),
    draftOf('serviceArea.brisbane', (area) => {
      area.name = 'Brisbane and Ipswich';
    }),
    // A landing page whose booking form starts at the airport (the widget's attributes).
    {
      ...weddingsLandingPage(),
      sections: (weddingsLandingPage().sections as Record<string, unknown>[]).map((section) =>
        section._type === 'bookingSection'
          ? { ...section, pickup: 'Brisbane Airport (BNE) Domestic' }
          : section,
      ),
    },
  ]);
  stub = await startSanityStub(seed.datasetPath);
  env = useTestEnvironment({
    SANITY_PROJECT_ID: 'stubproject',
    SANITY_DATASET: 'production',
    SANITY_API_HOST: stub.url,
    SANITY_API_READ_TOKEN: TOKEN,
    SANITY_STUDIO_URL: STUDIO,
    SANITY_TIMEOUT_MS: '5000',
  });
  app = await startRemixApp();
});

afterAll(async () => {
  await app?.close();
  await stub?.close();
  seed?.remove();
  env?.restore();
});

beforeEach(() => {
  checkConsole = allowFetchPriorityWarning();
  return () => checkConsole();
});

/** A draft of a published document of the seed, as the Studio writes one on the first edit. */
function draftOf(id: string, edit: (draft: Record<string, unknown>) => void) {
  const published = readFileSync(seed.datasetPath, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { _id: string })
    .find((document) => document._id === id);
  if (!published) throw new Error(`${id} is not in the seed`);
  const draft = { ...structuredClone(published), _id: `drafts.${id}` };
  edit(draft);
  return draft;
}

/** What the Presentation tool writes before it opens the site: a secret, as a draft. */
function presentationSecret(fields: Record<string, unknown> = {}): string {
  const secret = randomUUID().replaceAll('-', '');
  seed.addDocuments([
    {
      _id: `drafts.${randomUUID()}`,
      _type: 'sanity.previewUrlSecret',
      _updatedAt: new Date().toISOString(),
      secret,
      studioUrl: STUDIO,
      source: 'presentation',
      ...fields,
    },
  ]);
  return secret;
}

const previewLink = (secret: string, pathname = '/faqs') =>
  `/api/preview?sanity-preview-secret=${secret}&sanity-preview-pathname=${encodeURIComponent(pathname)}&sanity-preview-perspective=drafts`;

/** The cookie a browser would send back, from a Set-Cookie header. */
const cookieFrom = (response: Response) =>
  (response.headers.get('Set-Cookie') ?? '').split(';')[0] ?? '';

async function enterDraftMode(pathname = '/faqs'): Promise<string> {
  const response = await app.request(previewLink(presentationSecret(), pathname), {
    redirect: 'manual',
  });
  expect(response.status).toBe(302);
  return cookieFrom(response);
}

async function page(path: string, cookie?: string) {
  const response = await app.request(path, { headers: cookie ? { Cookie: cookie } : {} });
  const html = await response.text();
  return { response, html, document: new JSDOM(html).window.document };
}

const h1 = (document: Document) => document.querySelector('h1')?.textContent ?? '';

describe('/api/preview', () => {
  it('enters draft mode with a live secret of the Studio: a signed cookie its frame sends back', async () => {
    const response = await app.request(previewLink(presentationSecret(), '/faqs?tab=1'), {
      redirect: 'manual',
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/faqs?tab=1&sanity-preview-perspective=drafts');
    const setCookie = response.headers.get('Set-Cookie') ?? '';
    expect(setCookie).toMatch(/^__preview=/);
    // The Studio is another site: only a SameSite=None, Secure cookie reaches its frame.
    for (const attribute of [/HttpOnly/i, /SameSite=None/i, /Secure/i, /Partitioned/i, /Path=\//]) {
      expect(setCookie).toMatch(attribute);
    }
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    expect(response.headers.get('Referrer-Policy')).toBe('no-referrer');
  });

  it('refuses a wrong, missing or expired secret, and one made by another Studio', async () => {
    const expired = presentationSecret({
      _updatedAt: new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString(),
    });
    const otherStudio = presentationSecret({ studioUrl: 'https://someone-else.sanity.studio' });
    for (const [link, message] of [
      [previewLink('not-the-secret'), /has expired or is not valid/],
      ['/api/preview?sanity-preview-pathname=/faqs', /has expired or is not valid/],
      [previewLink(expired), /has expired or is not valid/],
      [previewLink(otherStudio), /made by another Studio/],
    ] as const) {
      const response = await app.request(link, { redirect: 'manual' });
      expect(response.status, link).toBe(401);
      expect(response.headers.get('Set-Cookie'), link).toBeNull();
      expect(await response.text(), link).toMatch(message);
    }
  });

  it('sends the frame only to a page of this site', async () => {
    for (const target of ['https://evil.example/', '//evil.example/x', '/\\evil.example']) {
      const response = await app.request(previewLink(presentationSecret(), target), {
        redirect: 'manual',
      });
      const location = response.headers.get('Location') ?? '';
      expect(location, target).toMatch(/^\/(?![/\\])/);
    }
  });
});

describe('a page in draft mode', () => {
  it('shows drafts, with stega edit links in its text', async () => {
    const cookie = await enterDraftMode();
    const draft = await page('/faqs', cookie);
    expect(draft.response.status).toBe(200);
    expect(cleanStega(h1(draft.document))).toBe('Questions and answers (draft)');
    expect(containsStega(h1(draft.document))).toBe(true);
    // The shell's data names draft mode, which loads the overlays in the browser.
    expect(draft.html).toContain('Draft mode: you are seeing unpublished drafts.');

    const visitor = await page('/faqs');
    expect(h1(visitor.document)).toBe('Frequently Asked Questions');
    expect(containsStega(visitor.html)).toBe(false);
  });

  it('keeps the head, JSON-LD and every attribute clean', async () => {
    const cookie = await enterDraftMode();
    const leaks = [];
    for (const path of [...CONTENT_ROUTES, '/weddings']) {
      const { response, document, html } = await page(path, cookie);
      expect(response.status, path).toBe(200);
      expect(containsStega(html), path).toBe(true);
      leaks.push(...findStegaLeaks(document).map((leak) => ({ path, ...leak })));
    }
    expect(leaks).toEqual([]);
    // Keys the site looks up by stay plain: the social icons and their names, the widget's places.
    const { document } = await page('/weddings', cookie);
    const social = [...document.querySelectorAll('.social-links a')].map((link) =>
      link.getAttribute('aria-label'),
    );
    expect(social).toEqual([
      'Business Chauffeur on Facebook (opens in a new tab)',
      'Business Chauffeur on Instagram (opens in a new tab)',
      'Business Chauffeur on LinkedIn (opens in a new tab)',
    ]);
    const widget = document.querySelector('chauffeur-booking');
    expect(widget?.getAttribute('pickup')).toBe('Brisbane Airport (BNE) Domestic');
    expect(widget?.getAttribute('vehicle')).toBe('stretch-limousine');

    const area = await page('/service-area-brisbane', cookie);
    expect(cleanStega(h1(area.document))).toContain('Brisbane');
    const title = area.document.querySelector('title')?.textContent ?? '';
    expect(title).not.toBe('');
    // An image keeps clean alternative text and takes its edit link as data-sanity.
    const image = area.document.querySelector('img[data-sanity]');
    expect(image?.getAttribute('alt')).toBeTruthy();
    expect(JSON.parse(image?.getAttribute('data-sanity') ?? '{}')).toMatchObject({
      origin: 'sanity.io',
      href: expect.stringContaining(`${STUDIO}/intent/edit/`),
    });
  });

  it('is kept by no cache and no search engine, and may be framed by the Studio only', async () => {
    const cookie = await enterDraftMode();
    const draft = await page('/faqs', cookie);
    expect(draft.response.headers.get('Cache-Control')).toBe('private, no-store');
    expect(draft.response.headers.get('X-Robots-Tag')).toBe('noindex');
    expect(draft.document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe(
      'noindex',
    );
    // The server puts this origin in frame-ancestors (server/remix-handler.ts).
    expect(draft.response.headers.get('x-bc-frame-ancestors')).toBe(STUDIO);

    const visitor = await page('/faqs');
    expect(visitor.response.headers.get('Cache-Control')).toMatch(/^public/);
    expect(visitor.response.headers.get('X-Robots-Tag')).toBeNull();
    expect(visitor.response.headers.get('x-bc-frame-ancestors')).toBeNull();
  });

  it('ignores a forged or tampered cookie', async () => {
    const cookie = await enterDraftMode();
    const [name, value = ''] = cookie.split('=');
    for (const forged of [`${name}=${value.slice(0, -3)}abc`, '__preview=dHJ1ZQ%3D%3D']) {
      const { document, html } = await page('/faqs', forged);
      expect(h1(document)).toBe('Frequently Asked Questions');
      expect(containsStega(html)).toBe(false);
    }
  });
});

describe('/api/preview/exit', () => {
  it('clears the cookie and goes back to the page', async () => {
    const cookie = await enterDraftMode();
    const response = await app.request('/api/preview/exit?redirect=%2Fservice-areas', {
      headers: { Cookie: cookie },
      redirect: 'manual',
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/service-areas');
    const setCookie = response.headers.get('Set-Cookie') ?? '';
    expect(setCookie).toMatch(/^__preview=;/);
    expect(setCookie).toMatch(/Max-Age=0/i);
  });
});
