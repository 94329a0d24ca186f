// The in-process page cache (server/page-cache.ts) in front of a stand-in for Remix, on a real
// Express server with compression, as server/index.ts mounts it: what it keeps, for whom, for how long, and the
// content webhook that empties it.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import compression from 'compression';
import express from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { registryRoutedPages } from '~/content/content-routes';
import { PAGE_QUERY_PARAMETERS, pageCache } from '../../server/page-cache';

const PUBLIC = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';
let clock = 0;
let renders = 0;
let server: Server;
let base: string;
/** The content revision the app would render from (its dataset's hash, a webhook's count). */
let revision: string | Error = 'r1';
const cache = pageCache({
  now: () => clock,
  maxEntries: 3,
  revision: () => {
    if (revision instanceof Error) throw revision;
    return revision;
  },
});

beforeAll(async () => {
  const app = express();
  // A fresh nonce per response, as server/security-headers.ts sets it.
  app.use((_request, response, next) => {
    response.locals.nonce = Math.random().toString(36).slice(2);
    response.set('Content-Security-Policy', `script-src 'nonce-${response.locals.nonce}'`);
    response.set('X-Request-Id', Math.random().toString(36).slice(2));
    next();
  });
  app.use(compression());
  app.use(cache);
  app.post('/api/revalidate', (request, response) => {
    response.status(request.query.valid === 'yes' ? 200 : 401).json({});
  });
  // A CMS redirect (routes/$.tsx): to a path, to a path with its own query, to another site.
  app.get('/moved', (_request, response) => response.redirect(301, '/new-address'));
  app.get('/moved-with-query', (_request, response) => response.redirect(301, '/new?ref=old'));
  app.get('/moved-away', (_request, response) => response.redirect(301, 'https://other.example/'));
  app.get('*', (request, response) => {
    renders += 1;
    const page = request.path;
    if (page === '/private') response.set('Cache-Control', 'private, no-store');
    else if (page === '/missing') response.status(404).set('Cache-Control', 'private, no-store');
    else response.set('Cache-Control', PUBLIC);
    if (page === '/cookie') response.set('Set-Cookie', 'a=b');
    response.type('html');
    // Streamed in two writes, as React streams a page.
    response.write(`<html><script nonce="${String(response.locals.nonce)}"></script>`);
    response.end(
      `<p>${page} render ${renders} of ${request.originalUrl}</p>${'x'.repeat(2000)}</html>`,
    );
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  cache.clear();
  clock = 0;
  revision = 'r1';
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { headers });
const nonceIn = (html: string) => /nonce="([^"]+)"/.exec(html)?.[1];
const nonceOf = (response: Response) =>
  /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];

describe('page cache', () => {
  it('answers a repeat anonymous visit from memory, with the CSP its nonce belongs to', async () => {
    const first = await get('/faqs');
    const firstHtml = await first.text();
    expect(first.headers.get('x-cache')).toBe('MISS');
    const rendersBefore = renders;
    const second = await get('/faqs');
    const secondHtml = await second.text();
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(renders).toBe(rendersBefore);
    expect(secondHtml).toBe(firstHtml);
    expect(nonceOf(second)).toBe(nonceIn(secondHtml));
    expect(second.headers.get('cache-control')).toBe(PUBLIC);
    // The request id is this response's own.
    expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
  });

  it('compresses a cached page again for each client that asks, and sends it plain to others', async () => {
    await (await get('/fleet', { 'Accept-Encoding': 'gzip' })).text();
    const gzip = await get('/fleet', { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers.get('x-cache')).toBe('HIT');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(await gzip.text()).toContain('/fleet render');
    const plain = await get('/fleet', { 'Accept-Encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toContain('/fleet render');
  });

  it('never answers a visitor with cookies from it', async () => {
    await (await get('/about')).text();
    const signedIn = await get('/about', { Cookie: '__session=abc' });
    expect(signedIn.headers.get('x-cache')).toBeNull();
    expect(await signedIn.text()).toContain('render');
  });

  it('keeps nothing private, failed or setting a cookie', async () => {
    for (const path of ['/private', '/missing', '/cookie']) {
      await (await get(path)).text();
      expect((await get(path)).headers.get('x-cache'), path).toBe('MISS');
    }
  });

  it('keeps a page for its s-maxage only', async () => {
    await (await get('/reviews')).text();
    clock += 59_000;
    expect((await get('/reviews')).headers.get('x-cache')).toBe('HIT');
    clock += 2_000;
    expect((await get('/reviews')).headers.get('x-cache')).toBe('MISS');
  });

  it('empties on a verified content webhook, not on a refused one', async () => {
    await (await get('/')).text();
    await fetch(`${base}/api/revalidate?valid=no`, { method: 'POST' });
    expect((await get('/')).headers.get('x-cache')).toBe('HIT');
    await fetch(`${base}/api/revalidate?valid=yes`, { method: 'POST' });
    expect((await get('/')).headers.get('x-cache')).toBe('MISS');
  });

  it('answers a copy only while the content is at the revision it was rendered from', async () => {
    await (await get('/weddings')).text();
    expect((await get('/weddings')).headers.get('x-cache')).toBe('HIT');
    // The dataset file changed (a page renamed, published, removed): the next request renders.
    revision = 'r2';
    const after = await get('/weddings');
    expect(after.headers.get('x-cache')).toBe('MISS');
    const rendersBefore = renders;
    await after.text();
    expect((await get('/weddings')).headers.get('x-cache')).toBe('HIT');
    expect(renders).toBe(rendersBefore);
  });

  it('answers nothing from memory, and keeps nothing, when the revision cannot be read', async () => {
    await (await get('/about')).text();
    revision = new Error('the dataset cannot be read');
    expect((await get('/about')).headers.get('x-cache')).toBe('MISS');
    expect((await get('/about')).headers.get('x-cache')).toBe('MISS');
    revision = 'r1';
    await (await get('/about')).text();
    expect((await get('/about')).headers.get('x-cache')).toBe('HIT');
  });

  it('keeps at most its limit of pages, dropping the least recent', async () => {
    for (const path of ['/a', '/b', '/c', '/d']) await (await get(path)).text();
    expect(cache.size()).toBe(3);
    expect((await get('/a')).headers.get('x-cache')).toBe('MISS');
  });

  it('renders and keeps a page once whatever query string it is asked with', async () => {
    const rendersBefore = renders;
    const bodies = new Set<string>();
    for (let index = 0; index < 50; index += 1) {
      const response = await get(`/faqs?x=${Math.random().toString(36).slice(2)}&utm_source=ad`);
      bodies.add(await response.text());
    }
    expect(renders - rendersBefore).toBe(1);
    expect(cache.size()).toBe(1);
    // Every visitor got the one page, rendered without the parameters it does not read.
    expect(bodies.size).toBe(1);
    expect([...bodies][0]).toContain('of /faqs</p>');
  });

  it('puts the query the render did not see back on a redirect to a path of the site', async () => {
    const location = async (path: string) =>
      (await fetch(`${base}${path}`, { redirect: 'manual' })).headers.get('location');
    expect(await location('/moved?utm_source=newsletter&utm_medium=email')).toBe(
      '/new-address?utm_source=newsletter&utm_medium=email',
    );
    expect(await location('/moved')).toBe('/new-address');
    expect(await location('/moved-with-query?utm_source=x')).toBe('/new?ref=old');
    expect(await location('/moved-away?utm_source=x')).toBe('https://other.example/');
  });

  it("leaves Remix's route discovery and its query alone", async () => {
    const response = await get('/__manifest?p=%2Fchauffeur&version=abc123');
    expect(response.headers.get('x-cache')).toBeNull();
    expect(await response.text()).toContain('of /__manifest?p=%2Fchauffeur&version=abc123');
  });

  it('keys a page by the parameters it reads, in a fixed order, and only those', async () => {
    const html = async (path: string) => (await get(path)).text();
    const first = await html('/booking?x=1&date=2030-01-02&vehicle=executive-sedan');
    expect(first).toContain('of /booking?date=2030-01-02&vehicle=executive-sedan</p>');
    const same = await get('/booking?vehicle=executive-sedan&date=2030-01-02&ref=partner');
    expect(same.headers.get('x-cache')).toBe('HIT');
    expect(await same.text()).toBe(first);
    const other = await get('/booking?vehicle=coach');
    expect(other.headers.get('x-cache')).toBe('MISS');
    expect(await other.text()).toContain('of /booking?vehicle=coach</p>');
    expect(cache.size()).toBe(2);
  });
});

describe('the query parameters each page reads', () => {
  // Route modules read their query through `searchParams.get('name')`; /booking reads the names
  // in its PREFILL list through useSearchParams. The content pages of the route registry are
  // checked by their path, since one module may serve several. The staff pages are private: the
  // page cache never answers them (a visitor gets the 404, staff have a session cookie).
  const routes = readdirSync('app/routes')
    .filter(
      (name) =>
        /\.tsx?$/.test(name) &&
        !name.startsWith('api.') &&
        !name.startsWith('staff.') &&
        !/\.test\./.test(name),
    )
    .map((file) => ({
      path: `/${file.replace(/\.tsx?$/, '').replace(/^_index$/, '')}`,
      file: `routes/${file}`,
    }));
  const contentPages = registryRoutedPages().map(({ path, module }) => ({ path, file: module }));

  it.each([...routes, ...contentPages])(
    '$path ($file) reads no parameter the page cache would drop',
    ({ path, file }) => {
      const source = readFileSync(`app/${file}`, 'utf8');
      const read = new Set(
        [...source.matchAll(/searchParams\.get\(\s*'([^']+)'/g)].map((match) => match[1]),
      );
      const prefill = /const PREFILL = \[([^\]]*)\]/.exec(source)?.[1];
      for (const match of prefill?.matchAll(/'([^']+)'/g) ?? []) read.add(match[1]);
      if (/useSearchParams|useLocation\(\)\.search/.test(source)) {
        expect(prefill, `${file} reads its query in a way this test does not know`).toBeDefined();
      }
      const registered: readonly string[] = PAGE_QUERY_PARAMETERS[path] ?? [];
      expect([...read].sort(), path).toEqual([...registered].sort());
    },
  );
});
