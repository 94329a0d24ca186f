// CORS for the JSON API the booking widget calls. Only the site itself and the origins of active
// partners (those staff manage at /staff/partners and those of PARTNER_ORIGINS, read through
// app/partners/partner-directory.server.ts) may call it from a browser; the literal origin "null"
// (sandboxed frames, file: pages) is never allowed. `handleApiRequest` wraps a resource route's handler with what every API
// endpoint needs: preflight, method check, origin check, CORS headers on every answer, and a JSON
// 500 that never leaks a stack trace.
import { messages, type ApiError } from '@business-chauffeur/booking-contract';
import { supportPhone } from '~/content/site-settings.server';
import { partnerDirectory, type KnownPartner } from '~/partners/partner-directory.server';
import { PaymentProviderError } from '~/payments/payment-gateway.server';
import { StoreUnavailableError } from '~/store/store-errors.server';
import { getConfig } from './env.server';
import { jsonError } from './http.server';
import { log } from './log.server';
import type { RateLimiter } from './rate-limit.server';

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

/** Copies the CORS headers onto a response (its headers may be immutable, so a copy is made). */
function withCorsFor(
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

/**
 * The 403 for a page whose origin may not call the API. Unlike every other answer it may be read
 * by any page (`Access-Control-Allow-Origin: *`, never with credentials): it carries nothing but
 * public facts, and it lets the widget on a page that is not (or no longer) a partner's tell
 * the customer to book on the site or call, instead of blaming their connection. A browser only
 * shows it to "simple" requests (the widget's GETs); a refused preflight stays opaque.
 */
async function originRefused(): Promise<Response> {
  const phone = await supportPhone();
  const body: ApiError = {
    error: {
      code: 'origin_not_allowed',
      message: 'This site may not call the booking API.',
      ...(phone ? { supportPhone: phone } : {}),
    },
  };
  return Response.json(body, {
    status: 403,
    headers: { 'Cache-Control': 'no-store', 'Access-Control-Allow-Origin': '*' },
  });
}

export interface ApiRequestOptions {
  /** The methods this endpoint answers (OPTIONS is always answered for preflight). */
  methods: readonly HttpMethod[];
  /** Runs only for an allowed method from an allowed (or absent) origin. */
  handle: (request: Request) => Promise<Response> | Response;
  /**
   * A limit counted for `key` (the client's address) before `handle` runs; over it the answer is
   * 429 with Retry-After. Preflights are never counted.
   */
  limit?: { limiter: RateLimiter; key: string };
}

/**
 * Counts the request against its limit: null when it may go on, else the answer to send. When the
 * counts cannot be read the request goes on (logged): suggestions and quotes do not need the store,
 * and a booking that does fails on its own with its own clear answer.
 */
async function checkLimit(limit: ApiRequestOptions['limit']): Promise<Response | null> {
  if (!limit) return null;
  let result;
  try {
    result = await limit.limiter.hit(limit.key);
  } catch (error) {
    if (!(error instanceof StoreUnavailableError)) throw error;
    log.error('The API limits could not be checked', { limiter: limit.limiter.name, error });
    return null;
  }
  if (result.allowed) return null;
  return jsonError(
    429,
    'rate_limited',
    messages.api.tooManyRequests(Math.max(1, Math.ceil(result.retryAfterSeconds / 60))),
    undefined,
    { 'Retry-After': String(result.retryAfterSeconds) },
  );
}

/**
 * Runs an API endpoint: preflight, 405 for other methods, 403 for a foreign Origin (a browser on
 * another site could otherwise send a "simple" POST without a preflight), CORS headers on every
 * answer, and a JSON 500 for an unexpected error, logged on the server only.
 */
export async function handleApiRequest(
  request: Request,
  { methods, handle, limit }: ApiRequestOptions,
): Promise<Response> {
  const method = request.method.toUpperCase();
  if (method === 'OPTIONS') return preflight(request, methods);
  const origin = await allowedOriginOf(request);
  if (!methods.includes(method as HttpMethod) && !(method === 'HEAD' && methods.includes('GET'))) {
    return withCorsFor(
      origin,
      jsonError(405, 'method_not_allowed', `Use ${methods.join(' or ')}.`, undefined, {
        Allow: [...methods, 'OPTIONS'].join(', '),
      }),
      methods,
    );
  }
  if (request.headers.get('Origin') !== null && origin === null) {
    return withCorsFor(origin, await originRefused(), methods);
  }
  let response: Response;
  try {
    response = (await checkLimit(limit)) ?? (await handle(request));
  } catch (error) {
    // A thrown Response (Remix style) is an answer, not a failure.
    if (error instanceof Response) {
      response = error;
    } else if (error instanceof StoreUnavailableError || error instanceof PaymentProviderError) {
      // A failing store or payment provider (a full or read-only disk, an outage) is temporary:
      // a clear 503 the widget can show, and a load balancer can retry elsewhere.
      log.error('API request failed: a service is unavailable', {
        method: request.method,
        route: new URL(request.url).pathname,
        error,
        cause: error.cause,
      });
      response = jsonError(
        503,
        'service_unavailable',
        error instanceof StoreUnavailableError
          ? messages.api.storeUnavailable
          : messages.api.paymentServiceUnavailable,
        undefined,
        { 'Retry-After': '5' },
      );
    } else {
      log.error('API request failed', {
        method: request.method,
        route: new URL(request.url).pathname,
        error,
      });
      response = jsonError(
        500,
        'internal_error',
        'Something went wrong on our side. Please try again in a moment.',
      );
    }
  }
  return withCorsFor(origin, response, methods);
}
