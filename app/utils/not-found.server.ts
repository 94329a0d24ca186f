// The one way a loader or action answers 404 (the site's not-found page, or a plain "Not Found"
// for a resource route): every route and server module throws through here, so the status, the
// body and a page's caching are said once. A lint rule (eslint.config.js) refuses an inline
// `new Response(…, { status: 404 })` anywhere else in app/ and server/.

/**
 * Ends a loader or action with the 404 page: what the route needs does not exist, or the visitor
 * may not know that it does. `headers` for answers that must not be cached or shared (staff
 * pages, the development outbox, draft mode).
 */
export function notFound(headers?: HeadersInit): never {
  throw new Response('Not Found', { status: 404, headers });
}

/** The value, or the 404 page when it is null or undefined. */
export function found<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) notFound();
  return value;
}

