// CORS for the JSON API the booking widget calls. Only the site itself and the origins of active
// partners (those staff manage at /staff/partners and those of PARTNER_ORIGINS, read through
// app/partners/partner-directory.server.ts) may call it from a browser; the literal origin "null"
// (sandboxed frames, file: pages) is never allowed. Every endpoint runs through
// api-pipeline.server.ts, which uses these to answer preflights and put CORS headers on answers.
import { partnerDirectory, type KnownPartner } from '~/partners/partner-directory.server';
import { getConfig } from '~/utils/env.server';
import { jsonError } from '~/utils/http.server';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Request headers the widget may send; everything else is refused at preflight. */
const ALLOWED_HEADERS = ['Content-Type', 'Idempotency-Key'];
/** How long a browser may cache a preflight answer (seconds). */
const PREFLIGHT_MAX_AGE = 600;

function normaliseOrigin(value: string): string | null {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin;
  } catch {
    return null;
  }
}

/** The origins allowed to call the API cross-origin: the site's own and the active partners'. */
export async function allowedOrigins(): Promise<Set<string>> {
  const origins = new Set((await partnerDirectory.view()).allowed.keys());
  const site = normaliseOrigin(getConfig().siteUrl);
  if (site) origins.add(site);
  return origins;
}

/**
 * The request's Origin when it may call the API, null when it has none or may not. A request
 * whose Origin is the address it was sent to is same-origin (the site under another host name
 * than SITE_URL, say 127.0.0.1 for localhost) and always allowed.
 */
export async function allowedOriginOf(request: Request): Promise<string | null> {
  const origin = request.headers.get('Origin');
  if (!origin || origin === 'null') return null;
  const normalised = normaliseOrigin(origin);
  if (!normalised || normalised !== origin) return null;
  if (normalised === new URL(request.url).origin) return normalised;
  return (await allowedOrigins()).has(normalised) ? normalised : null;
}

/**
 * The partner site a request came from (its origin, and its record when staff manage it), or
 * null for the site itself and for requests without an Origin. Browsers set Origin, so a page
 * cannot claim a partner.
 */
export async function partnerOf(request: Request): Promise<KnownPartner | null> {
  const origin = await allowedOriginOf(request);
  if (!origin || origin === new URL(request.url).origin) return null;
  if (origin === normaliseOrigin(getConfig().siteUrl)) return null;
  return (await partnerDirectory.view()).allowed.get(origin) ?? { origin, stored: null };
}

/** The partner origin a request came from (see partnerOf), or null. */
export async function partnerOriginOf(request: Request): Promise<string | null> {
  return (await partnerOf(request))?.origin ?? null;
}

/** True when the request carries an Origin header that is not allowed to call the API. */
export async function isForeignOrigin(request: Request): Promise<boolean> {
  const origin = request.headers.get('Origin');
  return origin !== null && (await allowedOriginOf(request)) === null;
}

/** CORS headers for an answer to a request from `origin` (allowed, or null for none). */
function corsHeadersFor(origin: string | null, methods: readonly HttpMethod[]): Headers {
  const headers = new Headers();
  // Caches must keep answers for different origins apart, allowed or not.
  headers.set('Vary', 'Origin');
  if (!origin) return headers;
  headers.set('Access-Control-Allow-Origin', origin);
  headers.set('Access-Control-Allow-Methods', [...methods, 'OPTIONS'].join(', '));
  headers.set('Access-Control-Allow-Headers', ALLOWED_HEADERS.join(', '));
  headers.set('Access-Control-Max-Age', String(PREFLIGHT_MAX_AGE));
  return headers;
}

/** CORS headers for an answer to this request; empty when the request has no allowed Origin. */
export async function corsHeaders(request: Request, methods: readonly HttpMethod[]) {
  return corsHeadersFor(await allowedOriginOf(request), methods);
}

/** Copies the CORS headers for `origin` onto a response (its headers may be immutable, so a copy is made). */
export function withCorsFor(
  origin: string | null,
  response: Response,
  methods: readonly HttpMethod[],
): Response {
  const headers = new Headers(response.headers);
  corsHeadersFor(origin, methods).forEach((value, name) => {
    if (name.toLowerCase() === 'vary') {
      const vary = headers.get('Vary');
      headers.set('Vary', vary && !/\borigin\b/i.test(vary) ? `${vary}, Origin` : value);
    } else {
      headers.set(name, value);
    }
  });
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

/** withCors for this request's Origin. */
export async function withCors(
  request: Request,
  response: Response,
  methods: readonly HttpMethod[],
): Promise<Response> {
  return withCorsFor(await allowedOriginOf(request), response, methods);
}

/** The answer to a preflight (OPTIONS) request: 204 with CORS headers, or 403 for other origins. */
export async function preflight(
  request: Request,
  methods: readonly HttpMethod[],
): Promise<Response> {
  const origin = await allowedOriginOf(request);
  if (!origin) {
    return withCorsFor(
      origin,
      jsonError(403, 'origin_not_allowed', 'This site may not call the booking API.'),
      methods,
    );
  }
  const requested = request.headers.get('Access-Control-Request-Method');
  if (requested && !methods.includes(requested.toUpperCase() as HttpMethod)) {
    return withCorsFor(
      origin,
      jsonError(405, 'method_not_allowed', `Use ${methods.join(' or ')}.`, undefined, {
        Allow: [...methods, 'OPTIONS'].join(', '),
      }),
      methods,
    );
  }
  const headers = corsHeadersFor(origin, methods);
  headers.set('Cache-Control', 'no-store');
  return new Response(null, { status: 204, headers });
}
