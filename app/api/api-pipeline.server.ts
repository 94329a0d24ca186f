// The pipeline every JSON API endpoint runs through (`handleApiRequest`): preflight, the method
// check, the origin check (cors.server.ts), the endpoint's rate limit, CORS headers on every
// answer, a clear 503 when the store or the payment provider is down, and a JSON 500 that never
// leaks a stack trace.
import { messages, type ApiError } from '@business-chauffeur/booking-contract';
import { supportPhone } from '~/content/site-settings.server';
import type { RateLimiter } from '~/limits/rate-limit.server';
import { PaymentProviderError } from '~/payments/payment-gateway.server';
import { StoreUnavailableError } from '~/store/store-errors.server';
import { jsonError } from '~/utils/http.server';
import { log } from '~/utils/log.server';
import { allowedOriginOf, preflight, withCorsFor, type HttpMethod } from './cors.server';

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
