// The `headers` export of every page route. Remix builds a page's response headers (the HTML
// document and its client-side navigation data alike) only from the routes' `headers` exports: a
// header a loader or an action sets with `data(…, { headers })` (Cache-Control, Retry-After on a
// 429, Referrer-Policy) is dropped unless its route passes it on. Each page route re-exports one
// of these two; tests/integration/route-headers.test.ts checks that none is missing.
// app/utils/cache-control.server.ts then makes the final caching decision.
import type { HeadersFunction } from '@remix-run/node';

/** Never kept by a browser or shared cache: for a page with one person's data or a token. */
export const PRIVATE_PAGE_CACHE = 'private, no-store';

function merged({
  parentHeaders,
  loaderHeaders,
  actionHeaders,
  errorHeaders,
}: Parameters<HeadersFunction>[0]) {
  const headers = new Headers();
  // The most specific source wins: a thrown or returned error over the action, over the loader,
  // over the parent route. Set-Cookie is left to Remix, which keeps every route's cookies.
  for (const source of [parentHeaders, loaderHeaders, actionHeaders, errorHeaders]) {
    if (!source) continue;
    for (const [name, value] of source) {
      if (name.toLowerCase() !== 'set-cookie') headers.set(name, value);
    }
  }
  return headers;
}

/** Passes on what the route's loader, action or error response set. */
export const routeHeaders: HeadersFunction = (args) => merged(args);

/**
 * As routeHeaders, and the page is never stored: it shows one person's data (a booking, a
 * payment's result, who is signing in) or carries a token in its address (a reset code, a
 * payment's client secret).
 */
export const privatePageHeaders: HeadersFunction = (args) => {
  const headers = merged(args);
  headers.set('Cache-Control', PRIVATE_PAGE_CACHE);
  return headers;
};
