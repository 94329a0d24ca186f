// The site's JSON API as the widget calls it: one function per endpoint, every answer checked
// against the contract's schema, every failure an ApiError with the API's code and message (or a
// "network" error when the site could not be reached). Cross-origin calls (partner pages) carry no
// cookies; the site's CORS allow-list (PARTNER_ORIGINS) decides who may call.
// This module (with Zod) is its own chunk, fetched on first use: see lazy-api.ts.
import {
  apiErrorSchema,
  bookingResponseSchema,
  paymentStatusResponseSchema,
  placesResponseSchema,
  quoteResponseSchema,
} from '@business-chauffeur/booking-contract';
import {
  meResponseSchema,
  widgetConfigResponseSchema,
  widgetMessages,
} from '@business-chauffeur/booking-contract/widget';
import type { z } from 'zod';
import { ApiError, type BookingApi } from './api-types';

const bookingPath = (bookingId: string, action: string) =>
  `/api/bookings/${encodeURIComponent(bookingId)}/${action}`;

export function createBookingApi(apiBase: string, fetchImpl: typeof fetch = fetch): BookingApi {
  const base = apiBase.replace(/\/+$/, '');
  const sameOrigin = typeof location !== 'undefined' && new URL(base).origin === location.origin;
  let refusalWarned = false;
  /** The business's phone, from the API's first refusal (later refusals may hide it). */
  let refusalPhone: string | undefined;

  /**
   * The API refused this page's origin (not in PARTNER_ORIGINS): the customer is sent to the
   * site's own booking page or the phone, and the site's owner gets one console warning naming
   * the origin.
   */
  function originRefused(status: number, phone?: string): ApiError {
    if (!refusalWarned) {
      refusalWarned = true;
      const origin = typeof location === 'undefined' ? 'this page' : location.origin;
      console.warn(widgetMessages.originNotAllowedWarning(origin));
    }
    refusalPhone = phone ?? refusalPhone;
    return new ApiError(
      'origin_not_allowed',
      widgetMessages.originNotAllowed(new URL(base).origin, refusalPhone),
      status,
      undefined,
      refusalPhone,
    );
  }

  /**
   * A browser hides the API's 403 from a page whose origin it refuses (no CORS headers), so the
   * call fails like a lost connection. When an opaque (no-cors) request to the same site still gets
   * an answer, the site is reachable and it is this page that was refused.
   */
  async function refusedByCors(signal?: AbortSignal | null): Promise<boolean> {
    if (sameOrigin) return false;
    try {
      await fetchImpl(`${base}/api/widget-config`, {
        mode: 'no-cors',
        credentials: 'omit',
        ...(signal ? { signal } : {}),
      });
      return true;
    } catch {
      return false;
    }
  }

  async function call<S extends z.ZodType>(
    path: string,
    schema: S,
    init: RequestInit & { json?: unknown; answer?: Promise<Response> | undefined } = {},
  ): Promise<z.output<S>> {
    const { json, answer, ...rest } = init;
    let response: Response;
    try {
      // A request made already (lazy-api.ts asks for the config before this module is here).
      response = await (answer ??
        fetchImpl(`${base}${path}`, {
          ...rest,
          // Cookies only on the site itself (the signed-in profile); never to or from partners.
          credentials: sameOrigin ? 'same-origin' : 'omit',
          headers: {
            Accept: 'application/json',
            ...(json === undefined ? {} : { 'Content-Type': 'application/json' }),
            ...(rest.headers as Record<string, string> | undefined),
          },
          body: json === undefined ? rest.body : JSON.stringify(json),
        }));
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      if (await refusedByCors(rest.signal)) throw originRefused(0);
      throw new ApiError('network', widgetMessages.networkError, 0);
    }
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {
      body = null;
    }
    if (!response.ok) {
      const parsed = apiErrorSchema.safeParse(body);
      if (parsed.success) {
        const { code, message, fields, supportPhone } = parsed.data.error;
        if (code === 'origin_not_allowed') throw originRefused(response.status, supportPhone);
        throw new ApiError(code, message, response.status, fields);
      }
      throw new ApiError('unexpected', widgetMessages.payment.unexpected, response.status);
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      throw new ApiError('unexpected_response', widgetMessages.payment.unexpected, response.status);
    }
    return parsed.data;
  }

  return {
    apiBase: base,
    async searchPlaces(query, sessionToken, signal) {
      const params = new URLSearchParams({ q: query, sessionToken });
      const result = await call(`/api/places?${params}`, placesResponseSchema, { signal });
      return result.suggestions;
    },
    quote(request, signal) {
      return call('/api/quotes', quoteResponseSchema, { method: 'POST', json: request, signal });
    },
    createBooking(request, idempotencyKey, signal) {
      return call('/api/bookings', bookingResponseSchema, {
        method: 'POST',
        json: { ...request, idempotencyKey },
        headers: { 'Idempotency-Key': idempotencyKey },
        signal,
      });
    },
    // The sandbox takes the test card on the server, which confirms the payment itself. The
    // payment's client secret proves the caller is the one paying.
    confirmSandboxPayment(booking, card, signal) {
      return call(bookingPath(booking.bookingId, 'sandbox-confirm'), paymentStatusResponseSchema, {
        method: 'POST',
        // Only sent once the customer ticked the agreement (the machine's guard).
        json: { clientSecret: booking.payment.clientSecret, card, termsAccepted: true },
        signal,
      });
    },
    // Right before paying: the customer agreed to the Terms and the Cancellation policy.
    acceptTerms(booking, signal) {
      return call(bookingPath(booking.bookingId, 'terms'), paymentStatusResponseSchema, {
        method: 'POST',
        json: { clientSecret: booking.payment.clientSecret, accepted: true },
        signal,
      });
    },
    applyPromo(booking, code, signal) {
      return call(bookingPath(booking.bookingId, 'promo'), bookingResponseSchema, {
        method: 'POST',
        json: { code, clientSecret: booking.payment.clientSecret },
        signal,
      });
    },
    paymentStatus(booking, signal) {
      const query = new URLSearchParams({ clientSecret: booking.payment.clientSecret });
      return call(
        `${bookingPath(booking.bookingId, 'payment-status')}?${query}`,
        paymentStatusResponseSchema,
        { signal },
      );
    },
    async me(signal) {
      // The profile needs the session cookie, which only travels to the site's own origin.
      if (!sameOrigin) return null;
      const result = await call('/api/me', meResponseSchema, { signal });
      return result.user;
    },
    config(signal, answer) {
      return call('/api/widget-config', widgetConfigResponseSchema, { signal, answer });
    },
  };
}
