// How long shared caches (a CDN, a proxy) may keep the site's HTML and its client-side navigation
// data, decided in one place for every route (app/entry.server.tsx calls it). Anonymous GETs of
// content pages are cached briefly and refreshed in the background; anything personal or
// transient is never stored.
export const PUBLIC_PAGE_CACHE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';
export const PRIVATE_NO_STORE = 'private, no-store';

export interface CacheDecisionInput {
  request: Request;
  status: number;
  /** The response headers so far, including any Cache-Control a route's `headers` export set. */
  headers: Headers;
}

/**
 * The Cache-Control value for an HTML document or a navigation data response.
 *
 * - private, no-store: anything but GET/HEAD (form results), any status other than 200 (errors,
 *   404s, "we will be right back"), a request with cookies (a signed-in visitor, staff in
 *   preview: the page shows who they are or drafts) and a response that sets a cookie.
 * - a route's own Cache-Control (its `headers` export), for routes that know better, such as a
 *   page that shows one customer's booking from its query string.
 * - otherwise the public policy: browsers revalidate every time (max-age=0), shared caches serve
 *   a copy for 60 s, then a stale one for up to 10 minutes while they fetch the new one, so a
 *   published change shows within about a minute and a burst of visitors costs one render.
 */
export function cacheControlFor({ request, status, headers }: CacheDecisionInput): string {
  if (request.method !== 'GET' && request.method !== 'HEAD') return PRIVATE_NO_STORE;
  if (status !== 200) return PRIVATE_NO_STORE;
  if ((request.headers.get('Cookie') ?? '').trim() !== '') return PRIVATE_NO_STORE;
  if (headers.has('Set-Cookie')) return PRIVATE_NO_STORE;
  return headers.get('Cache-Control') ?? PUBLIC_PAGE_CACHE;
}

/** Sets Cache-Control on `headers` and, for shared copies, says they differ by cookie. */
export function applyCacheControl(input: CacheDecisionInput): void {
  const value = cacheControlFor(input);
  input.headers.set('Cache-Control', value);
  if (/\b(public|s-maxage)\b/.test(value)) {
    // A shared copy was made for a visitor without cookies; one with cookies must not get it.
    const vary = input.headers.get('Vary');
    if (!vary || !/\bcookie\b/i.test(vary)) {
      input.headers.set('Vary', vary ? `${vary}, Cookie` : 'Cookie');
    }
  }
}
