// Helpers for JSON API responses, with the one error shape every endpoint uses:
// { error: { code, message, fields? } }, its code one of the contract's apiErrorCodes.
import type { ApiErrorCode } from '@business-chauffeur/booking-contract';

/**
 * Seconds after which a client (the widget, a load balancer) may try a 503 again: the outages
 * behind one (a store or provider that did not answer, a held lock) pass in moments.
 */
export const RETRY_AFTER_UNAVAILABLE_SECONDS = 5;

/** A JSON error; a 503 says when to try again (Retry-After) unless `headers` say otherwise. */
export function jsonError(
  status: number,
  code: ApiErrorCode,
  message: string,
  fields?: Record<string, string>,
  headers?: Record<string, string>,
): Response {
  return Response.json(
    { error: { code, message, ...(fields ? { fields } : {}) } },
    {
      status,
      headers: {
        'Cache-Control': 'no-store',
        ...(status === 503 ? { 'Retry-After': String(RETRY_AFTER_UNAVAILABLE_SECONDS) } : {}),
        ...headers,
      },
    },
  );
}

/**
 * The request body as text, or null when it is larger than `maxBytes`. Counts bytes, not
 * characters, and stops reading once the limit is passed, so an oversized body is never held in
 * memory whole. The stream is let go of, not cancelled: cancelling it destroys the connection
 * under Remix's Node adapter, so the 413 would never reach the client; the server throws away what
 * is left once the answer is sent (server/body-limits.ts).
 */
export async function readTextBody(request: Request, maxBytes: number): Promise<string | null> {
  const declared = Number(request.headers.get('Content-Length') ?? 0);
  if (declared > maxBytes) return null;
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      reader.releaseLock();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
