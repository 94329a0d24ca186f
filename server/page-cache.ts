// A small in-process cache of the pages shared caches may keep, in front of Remix: what a CDN
// would do, for a site that runs without one. Only what the app itself marks as shareable is kept
// (status 200, `Cache-Control: public … s-maxage=N`, no Set-Cookie;
// app/utils/cache-control.server.ts decides that), for N seconds, and only requests without
// cookies are answered from it, so no one ever sees another person's page. A cached page keeps the
// CSP header it was rendered with, so its nonce still matches its inline scripts
// (docs/decisions/011-csp-nonces-and-shared-caches.md). A verified content webhook
// (POST /api/revalidate answered 200) empties it, so a publish shows at once on this instance, and
// a copy is only answered while the content is at the revision it was rendered from (the
// embedded dataset's file changing is a new revision), so a page published, renamed or removed
// shows on the next request.
// Made-up query strings neither cost a render nor push pages out: a page is kept and rendered by
// the query parameters it reads (PAGE_QUERY_PARAMETERS) and no others
// (docs/decisions/014-in-process-page-cache.md).
import type { OutgoingHttpHeader } from 'node:http';
import type { RequestHandler, Response } from 'express';

const DEFAULT_MAX_ENTRIES = 200;

/**
 * The query parameters each page reads, in its loader or through useSearchParams; a page not
 * listed reads none. For a request the cache may answer, the others are dropped before Remix sees
 * it, so the page rendered, the copy kept and the key it is kept under are the same whatever
 * else the address carries (?utm_source=…, ?x=<random>): one render and one entry per page. The
 * canonical link of every page is its path, so it is unchanged too. A test checks this list
 * against the route modules (tests/integration/page-cache.test.ts).
 */
export const PAGE_QUERY_PARAMETERS: Readonly<Record<string, readonly string[]>> = {
  '/booking': ['pickup', 'drop', 'date', 'passengers', 'vehicle'],
  '/chauffeur': ['type'],
  '/completion': ['booking', 'payment_intent_client_secret', 'clientSecret'],
  '/manage-booking': ['bookingNumber'],
  '/reset-password': ['oobCode'],
  '/reviews': ['page'],
  '/signin': ['resetFlag', 'returnTo'],
};

/**
 * The address a page is rendered and kept by: its path and the first value of each parameter it
 * reads, in a fixed order.
 */
export function pageCacheKey(
  path: string,
  search: string,
  parameters: Readonly<Record<string, readonly string[]>> = PAGE_QUERY_PARAMETERS,
): string {
  const names = Object.hasOwn(parameters, path) ? (parameters[path] ?? []) : [];
  if (names.length === 0) return path;
  const given = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of names) {
    const value = given.get(name);
    if (value !== null) kept.set(name, value);
  }
  const query = kept.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * Headers that belong to one response, never to a copy. The body is kept as Remix wrote it, before
 * compression, which encodes each answer again for the client that asks.
 */
const PER_RESPONSE = new Set([
  'x-request-id',
  'x-cache',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-encoding',
  'content-length',
]);

/**
 * Built assets, the widget, images and other files: served by the static middleware, not Remix.
 * The JSON API is no page: its answers are never shared, and it reads its own parameters. Nor is
 * Remix's own route discovery (`/__manifest?p=…&version=…`): without its query it answers nothing,
 * and every link then reloads the whole page.
 */
function isNotAPage(pathname: string): boolean {
  return (
    /^\/(assets|widget|content|api)\//.test(pathname) ||
    pathname.startsWith('/__') ||
    /\.[a-z0-9]+$/i.test(pathname)
  );
}

function sharedMaxAge(cacheControl: OutgoingHttpHeader | undefined): number {
  if (typeof cacheControl !== 'string' || !/\bpublic\b/.test(cacheControl)) return 0;
  const match = /\bs-maxage=(\d+)/.exec(cacheControl);
  return match ? Number(match[1]) : 0;
}

interface Entry {
  status: number;
  headers: [string, OutgoingHttpHeader | undefined][];
  body: Buffer;
  expiresAt: number;
  /** The content revision the page was rendered from. */
  revision: string;
}

type Chunk = string | Buffer | Uint8Array | null | undefined;

/**
 * Wraps `response.write` and `response.end` to keep a copy of what Remix writes (before
 * compression, which wraps these same methods); `onEnd` gets the whole body.
 */
function recordBody(response: Response, onEnd: (body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  const collect = (chunk: unknown, encoding: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
    chunks.push(
      Buffer.isBuffer(chunk)
        ? chunk
        : typeof chunk === 'string'
          ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
          : Buffer.from(chunk as Uint8Array),
    );
  };
  const write = response.write.bind(response) as (...args: unknown[]) => boolean;
  const end = response.end.bind(response) as (...args: unknown[]) => Response;
  response.write = ((chunk: Chunk, ...rest: unknown[]) => {
    collect(chunk, rest[0]);
    return write(chunk, ...rest);
  }) as Response['write'];
  response.end = ((chunk?: Chunk, ...rest: unknown[]) => {
    collect(chunk, rest[0]);
    onEnd(Buffer.concat(chunks));
    return end(chunk, ...rest);
  }) as Response['end'];
}

/**
 * An address that moved (a CMS redirect: app/routes/$.tsx) keeps the query the visitor asked with
 * (?utm_source=…), which the render did not see: it is put back on a redirect to a path of this
 * site that names no query of its own. Redirects are never kept, so this costs nothing.
 */
function keepQueryOnRedirects(response: Response, query: string): void {
  const setHeader = response.setHeader.bind(response);
  response.setHeader = ((name: string, value: OutgoingHttpHeader) =>
    setHeader(
      name,
      name.toLowerCase() === 'location' &&
        typeof value === 'string' &&
        /^\/(?![/\\])[^?#]*$/.test(value)
        ? `${value}${query}`
        : value,
    )) as Response['setHeader'];
}

export type PageCache = RequestHandler & { clear(): void; size(): number };

/**
 * Express middleware. `now` and `parameters` are for tests; `maxEntries` bounds memory (the
 * parameters a page reads are part of its key, and anyone can make up values for them).
 * `revision` names the content a render would read (the app's content source: the server build's
 * `contentRevision`); a copy of another revision is not answered. When it cannot say (the dataset
 * cannot be read), nothing is answered from memory.
 */
export function pageCache({
  now = Date.now,
  maxEntries = DEFAULT_MAX_ENTRIES,
  parameters = PAGE_QUERY_PARAMETERS,
  revision = () => '',
}: {
  now?: () => number;
  maxEntries?: number;
  parameters?: Readonly<Record<string, readonly string[]>>;
  revision?: () => string;
} = {}): PageCache {
  // Insertion order is recency order: a hit re-inserts, so the first key is the least recent.
  const entries = new Map<string, Entry>();

  function remember(key: string, entry: Entry) {
    entries.delete(key);
    entries.set(key, entry);
    while (entries.size > maxEntries) {
      const oldest = entries.keys().next();
      if (oldest.done) break;
      entries.delete(oldest.value);
    }
  }

  const middleware: RequestHandler = (request, response, next) => {
    if (request.method === 'POST' && request.path === '/api/revalidate') {
      response.on('finish', () => {
        if (response.statusCode === 200) entries.clear();
      });
      return next();
    }
    if (request.method !== 'GET' || request.get('cookie') || isNotAPage(request.path)) {
      return next();
    }

    const queryStart = request.originalUrl.indexOf('?');
    const search = queryStart === -1 ? '' : request.originalUrl.slice(queryStart + 1);
    const key = pageCacheKey(request.path, search, parameters);
    // Rendered without the parameters the page does not read, so the copy kept is the page
    // every address with this key gets. (Remix's adapter reads originalUrl.)
    if (key !== request.originalUrl) {
      request.url = key;
      request.originalUrl = key;
      if (search) keepQueryOnRedirects(response, `?${search}`);
    }
    let current: string | null;
    try {
      current = revision();
    } catch {
      current = null;
    }
    const cached = entries.get(key);
    if (cached && cached.expiresAt > now() && cached.revision === current) {
      remember(key, cached);
      for (const [name, value] of cached.headers) {
        if (value !== undefined) response.setHeader(name, value);
      }
      response.setHeader('X-Cache', 'HIT');
      response.status(cached.status).end(cached.body);
      return undefined;
    }
    if (cached) entries.delete(key);

    recordBody(response, (body) => {
      const seconds = sharedMaxAge(response.getHeader('cache-control'));
      const keep = response.statusCode === 200 && seconds > 0 && !response.getHeader('set-cookie');
      if (keep && current !== null) {
        const headers = Object.entries(response.getHeaders()).filter(
          ([name]) => !PER_RESPONSE.has(name.toLowerCase()),
        );
        remember(key, {
          status: 200,
          headers,
          body,
          expiresAt: now() + seconds * 1000,
          revision: current,
        });
      }
    });
    response.setHeader('X-Cache', 'MISS');
    return next();
  };
  return Object.assign(middleware, {
    clear: () => entries.clear(),
    size: () => entries.size,
  });
}
