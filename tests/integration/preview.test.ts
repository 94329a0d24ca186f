// Draft preview end to end on the server, against a local stub of Sanity's query API: the preview
// link checks the secret and sets a signed cookie, pages then read drafts with the read token, and
// the exit link clears the cookie. Routes are called as Remix calls them.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

const SECRET = 'preview-secret-for-tests';
const TOKEN = 'sk-read-token-for-tests';

// The configuration is read once, on first use; the stub's address is added in beforeAll.
const previous = vi.hoisted(() => {
  const names = [
    'SANITY_PROJECT_ID',
    'SANITY_DATASET',
    'SANITY_API_HOST',
    'SANITY_API_READ_TOKEN',
    'SANITY_PREVIEW_SECRET',
  ];
  const saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));
  Object.assign(process.env, {
    SANITY_PROJECT_ID: 'stubproject',
    SANITY_DATASET: 'production',
    SANITY_API_READ_TOKEN: 'sk-read-token-for-tests',
    SANITY_PREVIEW_SECRET: 'preview-secret-for-tests',
  });
  return saved;
});

import { loader as previewLoader } from '~/routes/api.preview';
import { loader as exitLoader } from '~/routes/api.preview_.exit';
import { loader as faqsLoader } from '~/routes-content/faqs';
import { loadShell } from '~/utils/shell.server';

interface Hit {
  query: string;
  perspective: string | null;
  authorization: string | undefined;
}

let hits: Hit[] = [];
const server = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://stub');
  const headers: IncomingHttpHeaders = request.headers;
  const query = url.searchParams.get('query') ?? '';
  const perspective = url.searchParams.get('perspective');
  hits.push({ query, perspective, authorization: headers.authorization });
  const state = perspective === 'drafts' ? 'Draft' : 'Published';
  const result = query.includes('siteSettings')
    ? { name: 'Business Chauffeur', phone: '1300 975 707', description: `${state} settings` }
    : {
        page: { _id: 'page.faqs', title: `${state} FAQs`, route: 'faqs', hero: null, body: null },
        sections: [],
      };
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ result }));
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.SANITY_API_HOST = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  for (const [name, value] of Object.entries(previous)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

beforeEach(() => {
  hits = [];
});

const SITE = 'http://localhost';

async function openPreview(query: string): Promise<Response> {
  const request = new Request(`${SITE}/api/preview?${query}`);
  try {
    return await previewLoader({ request, params: {}, context: {} });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** The cookie a browser would send back, from a Set-Cookie header. */
function cookieFrom(response: Response): string {
  return (response.headers.get('Set-Cookie') ?? '').split(';')[0] ?? '';
}

async function faqsTitle(cookie?: string) {
  const request = new Request(`${SITE}/faqs`, { headers: cookie ? { Cookie: cookie } : {} });
  const data = await faqsLoader({ request, params: {}, context: {} });
  return data.page.title;
}

describe('/api/preview', () => {
  it('answers 401 to a wrong or missing secret and sets no cookie', async () => {
    for (const query of ['secret=wrong&redirect=/faqs', 'redirect=/faqs', `secret=${SECRET}x`]) {
      const response = await openPreview(query);
      expect(response.status, query).toBe(401);
      expect(response.headers.get('Set-Cookie')).toBeNull();
      expect(response.headers.get('Cache-Control')).toBe('no-store');
    }
  });

  it('sets a signed HttpOnly cookie and redirects to the page', async () => {
    const response = await openPreview(`secret=${SECRET}&redirect=${encodeURIComponent('/faqs')}`);
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/faqs');
    const setCookie = response.headers.get('Set-Cookie') ?? '';
    expect(setCookie).toMatch(/^__preview=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//);
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
  });

  it.each(['https://evil.example/', '//evil.example/x', '/\\evil.example'])(
    'redirects only within the site (not to %s)',
    async (target) => {
      const response = await openPreview(`secret=${SECRET}&redirect=${encodeURIComponent(target)}`);
      expect(response.headers.get('Location')).toBe('/');
    },
  );
});

describe('pages in preview', () => {
  it('read drafts with the token while the cookie is present, published content otherwise', async () => {
    const cookie = cookieFrom(await openPreview(`secret=${SECRET}&redirect=/faqs`));

    expect(await faqsTitle(cookie)).toBe('Draft FAQs');
    expect(hits.at(-1)).toMatchObject({ perspective: 'drafts', authorization: `Bearer ${TOKEN}` });

    expect(await faqsTitle()).toBe('Published FAQs');
    // Published reads carry the token too, so the dataset can be private.
    expect(hits.at(-1)).toMatchObject({
      perspective: 'published',
      authorization: `Bearer ${TOKEN}`,
    });
  });

  it('show the preview bar (shell data) and draft site settings', async () => {
    const cookie = cookieFrom(await openPreview(`secret=${SECRET}&redirect=/`));
    const shell = await loadShell(new Request(`${SITE}/`, { headers: { Cookie: cookie } }));
    expect(shell.preview).toBe(true);
    expect(shell.settings.description).toBe('Draft settings');

    const visitor = await loadShell(new Request(`${SITE}/`));
    expect(visitor.preview).toBe(false);
    expect(visitor.settings.description).toBe('Published settings');
  });

  it('ignore a forged or tampered cookie', async () => {
    const cookie = cookieFrom(await openPreview(`secret=${SECRET}&redirect=/`));
    const [name, value = ''] = cookie.split('=');
    const forged = `${name}=${value.slice(0, -3)}abc`;
    expect(await faqsTitle(forged)).toBe('Published FAQs');
    expect(await faqsTitle('__preview=dHJ1ZQ%3D%3D')).toBe('Published FAQs');
    expect(hits.every((hit) => hit.perspective === 'published')).toBe(true);
  });
});

describe('/api/preview/exit', () => {
  it('clears the cookie and goes back to the page', async () => {
    const request = new Request(`${SITE}/api/preview/exit?redirect=%2Fservice-areas`, {
      headers: { Cookie: cookieFrom(await openPreview(`secret=${SECRET}`)) },
    });
    const response = await exitLoader({ request, params: {}, context: {} });
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/service-areas');
    const setCookie = response.headers.get('Set-Cookie') ?? '';
    expect(setCookie).toMatch(/^__preview=;/);
    expect(setCookie).toMatch(/Max-Age=0/i);
  });
});
