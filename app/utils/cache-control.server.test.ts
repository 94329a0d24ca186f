import { describe, expect, it } from 'vitest';
import {
  applyCacheControl,
  cacheControlFor,
  PRIVATE_NO_STORE,
  PUBLIC_PAGE_CACHE,
} from './cache-control.server';

function decide({
  method = 'GET',
  status = 200,
  cookie,
  responseHeaders = {},
}: {
  method?: string;
  status?: number;
  cookie?: string;
  responseHeaders?: Record<string, string>;
} = {}) {
  const request = new Request('https://www.businesschauffeur.example/faqs', {
    method,
    headers: cookie === undefined ? {} : { Cookie: cookie },
  });
  const headers = new Headers(responseHeaders);
  applyCacheControl({ request, status, headers });
  return headers;
}

describe('cacheControlFor', () => {
  it('lets shared caches keep an anonymous GET of a content page briefly', () => {
    const headers = decide();
    expect(headers.get('Cache-Control')).toBe(PUBLIC_PAGE_CACHE);
    expect(PUBLIC_PAGE_CACHE).toMatch(/s-maxage=\d+/);
    expect(PUBLIC_PAGE_CACHE).toMatch(/stale-while-revalidate=\d+/);
    expect(headers.get('Vary')).toBe('Cookie');
  });

  it('treats HEAD like GET', () => {
    expect(decide({ method: 'HEAD' }).get('Cache-Control')).toBe(PUBLIC_PAGE_CACHE);
  });

  it.each([
    ['a signed-in visitor (session cookie)', { cookie: '__session=abc' }],
    ['staff in preview (preview cookie)', { cookie: '__preview=xyz' }],
    ['a form result (POST)', { method: 'POST' }],
    ['a 404 page', { status: 404 }],
    ['an error page', { status: 500 }],
    ['the "we will be right back" page', { status: 503 }],
    ['a response that sets a cookie', { responseHeaders: { 'Set-Cookie': 'a=b; Path=/' } }],
  ])('never stores %s', (_case, input) => {
    const headers = decide(input);
    expect(headers.get('Cache-Control')).toBe(PRIVATE_NO_STORE);
    expect(headers.get('Vary')).toBeNull();
  });

  it('overrides a public Cache-Control from a route when the request is personal', () => {
    const headers = decide({
      cookie: '__session=abc',
      responseHeaders: { 'Cache-Control': 'public, s-maxage=3600' },
    });
    expect(headers.get('Cache-Control')).toBe(PRIVATE_NO_STORE);
  });

  it("keeps a route's own Cache-Control for anonymous requests", () => {
    const request = new Request('https://www.businesschauffeur.example/completion?ref=X');
    const headers = new Headers({ 'Cache-Control': 'private, no-store' });
    expect(cacheControlFor({ request, status: 200, headers })).toBe('private, no-store');
  });

  it('adds Cookie to an existing Vary once', () => {
    expect(decide({ responseHeaders: { Vary: 'Accept-Encoding' } }).get('Vary')).toBe(
      'Accept-Encoding, Cookie',
    );
    expect(decide({ responseHeaders: { Vary: 'cookie' } }).get('Vary')).toBe('cookie');
  });

  it('ignores an empty Cookie header', () => {
    expect(decide({ cookie: ' ' }).get('Cache-Control')).toBe(PUBLIC_PAGE_CACHE);
  });
});
