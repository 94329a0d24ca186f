// A small in-process cache of the pages shared caches may keep, in front of Remix: what a CDN
// would do, for a site that runs without one. Only what the app itself marks as shareable is kept
// (status 200, `Cache-Control: public … s-maxage=N`, no Set-Cookie; app/utils/cache-control.server.ts
// decides that), for N seconds, and only requests without cookies are answered from it, so no one
// ever sees another person's page. A cached page keeps the CSP header it was rendered with, so its
// nonce still matches its inline scripts (decision 011). A verified content webhook
// (POST /api/revalidate answered 200) empties it, so a publish shows at once on this instance.
// Decision 014.

const DEFAULT_MAX_ENTRIES = 200;
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

/** Built assets, the widget, images and other files: served by the static middleware, not Remix. */
function isFile(pathname) {
  return /^\/(assets|widget|content)\//.test(pathname) || /\.[a-z0-9]+$/i.test(pathname);
}

function sharedMaxAge(cacheControl) {
  if (typeof cacheControl !== 'string' || !/\bpublic\b/.test(cacheControl)) return 0;
  const match = /\bs-maxage=(\d+)/.exec(cacheControl);
  return match ? Number(match[1]) : 0;
}

/**
 * Express middleware. `now` is for tests; `maxEntries` bounds memory (query strings are part of
 * the key, and anyone can make up new ones).
 */
export function pageCache({ now = Date.now, maxEntries = DEFAULT_MAX_ENTRIES } = {}) {
  // Insertion order is recency order: a hit re-inserts, so the first key is the least recent.
  const entries = new Map();

  function remember(key, entry) {
    entries.delete(key);
    entries.set(key, entry);
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value);
  }

  const middleware = (request, response, next) => {
    if (request.method === 'POST' && request.path === '/api/revalidate') {
      response.on('finish', () => {
        if (response.statusCode === 200) entries.clear();
      });
      return next();
    }
    if (request.method !== 'GET' || request.get('cookie') || isFile(request.path)) return next();

    const key = request.originalUrl;
    const cached = entries.get(key);
    if (cached && cached.expiresAt > now()) {
      remember(key, cached);
      for (const [name, value] of cached.headers) response.setHeader(name, value);
      response.setHeader('X-Cache', 'HIT');
      response.status(cached.status).end(cached.body);
      return undefined;
    }
    if (cached) entries.delete(key);

    // Keep a copy of what Remix writes (before compression, which wraps these same methods).
    const chunks = [];
    const write = response.write.bind(response);
    const end = response.end.bind(response);
    const collect = (chunk, encoding) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
      chunks.push(
        Buffer.isBuffer(chunk)
          ? chunk
          : Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8'),
      );
    };
    response.write = (chunk, encoding, callback) => {
      collect(chunk, encoding);
      return write(chunk, encoding, callback);
    };
    response.end = (chunk, encoding, callback) => {
      collect(chunk, encoding);
      const seconds = sharedMaxAge(response.getHeader('cache-control'));
      if (response.statusCode === 200 && seconds > 0 && !response.getHeader('set-cookie')) {
        const headers = Object.entries(response.getHeaders()).filter(
          ([name]) => !PER_RESPONSE.has(name.toLowerCase()),
        );
        remember(key, {
          status: 200,
          headers,
          body: Buffer.concat(chunks),
          expiresAt: now() + seconds * 1000,
        });
      }
      return end(chunk, encoding, callback);
    };
    response.setHeader('X-Cache', 'MISS');
    return next();
  };
  middleware.clear = () => entries.clear();
  middleware.size = () => entries.size;
  return middleware;
}
