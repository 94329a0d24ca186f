// The in-process page cache (page-cache.mjs) in front of a stand-in for Remix, on a real Express
// server with compression, as server.mjs mounts it: what it keeps, for whom, for how long, and the
// content webhook that empties it.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import compression from 'compression';
import express from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pageCache } from '../../page-cache.mjs';

const PUBLIC = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';
let clock = 0;
let renders = 0;
let server: Server;
let base: string;
const cache = pageCache({ now: () => clock, maxEntries: 3 });

beforeAll(async () => {
  const app = express();
  // A fresh nonce per response, as security-headers.mjs sets it.
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
    response.end(`<p>${page} render ${renders}</p>${'x'.repeat(2000)}</html>`);
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  cache.clear();
  clock = 0;
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

  it('keeps at most its limit of pages, dropping the least recent', async () => {
    for (const path of ['/a', '/b', '/c', '/d']) await (await get(path)).text();
    expect(cache.size()).toBe(3);
    expect((await get('/a')).headers.get('x-cache')).toBe('MISS');
  });
});
