// The signed quote: what POST /api/quotes measured and priced, handed to the browser as an opaque
// token and taken back by POST /api/bookings, so the server books exactly the trip and fare it
// quoted without keeping any state between the two calls.
//
// Stable API (imported by the bookings route; keep these names):
//   signQuote(payload, options?)       → token string
//   verifyQuote(token, now?, options?) → QuotePayload, or throws one of
//       MalformedQuoteTokenError  the text is not a token of ours (bad format, unreadable payload)
//       ForgedQuoteTokenError     the signature does not match: made up, or a real token altered
//                                 (HMAC cannot tell these apart, nor should it)
//       ExpiredQuoteTokenError    genuine, but past expiresAt
//     all subclasses of QuoteTokenError, whose `code` is the API error code to answer with.
//   quotedVehicle(payload, vehicleId)  → the priced vehicle of the quote, or undefined
//   QUOTE_TTL_MS                       → how long a quote is valid (30 minutes)
//
// Format: base64url(canonical JSON of the payload) "." base64url(HMAC-SHA256). The key is derived
// from SESSION_SECRET for this one purpose, so a session cookie signature can never pass as a quote
// signature or the other way round. The signature is checked before anything in the payload is
// read, and compared in constant time.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { fareLineSchema, routeLegSchema, tripSchema } from '@business-chauffeur/booking-contract';
import { z } from 'zod';
import { getConfig } from '~/utils/env.server';

export const QUOTE_TTL_MS = 30 * 60 * 1000;

const quotedVehicleSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  /** The vehicle's type (sedan, suv …), for a promo code limited to some types. */
  type: z.string().nullable(),
  /** Seats, so the booking can refuse a vehicle too small for the trip. */
  passengers: z.int().nonnegative(),
  /**
   * The all-in total in cents. `fare` is the same in dollars, still written for the previous
   * release's instances and never read (docs/decisions/068-money-as-cents-at-every-edge.md).
   */
  fare: z.number().nonnegative(),
  fareCents: z.int().nonnegative(),
  /** The lines the total is the sum of; the booking stores them as they are. */
  lines: z.array(fareLineSchema).min(1),
});
export type QuotedVehicle = z.infer<typeof quotedVehicleSchema>;

export const quotePayloadSchema = z.object({
  v: z.literal(2),
  /** Random id of this quote; a natural part of an idempotency key. */
  quoteId: z.string().min(1),
  /** Milliseconds since the epoch. */
  issuedAt: z.int(),
  expiresAt: z.int(),
  trip: tripSchema,
  distanceMeters: z.number().nonnegative(),
  durationSeconds: z.number().nonnegative(),
  legs: z.array(routeLegSchema),
  currency: z.literal('AUD'),
  /** Every vehicle that could be priced, with its fare. */
  vehicles: z.array(quotedVehicleSchema),
});
export type QuotePayload = z.infer<typeof quotePayloadSchema>;

export class QuoteTokenError extends Error {
  override name = 'QuoteTokenError';
  readonly code: 'quote_invalid' | 'quote_expired' = 'quote_invalid';
}

export class MalformedQuoteTokenError extends QuoteTokenError {
  override name = 'MalformedQuoteTokenError';
}

export class ForgedQuoteTokenError extends QuoteTokenError {
  override name = 'ForgedQuoteTokenError';
}

export class ExpiredQuoteTokenError extends QuoteTokenError {
  override name = 'ExpiredQuoteTokenError';
  override readonly code = 'quote_expired' as const;
  constructor(readonly expiredAt: Date) {
    super(`The quote expired at ${expiredAt.toISOString()}.`);
  }
}

interface SecretOptions {
  /** Defaults to the configuration's session secret. */
  secret?: string;
}

const KEY_PURPOSE = 'business-chauffeur/quote-token/v1';

function signingKey(secret: string): Buffer {
  return createHmac('sha256', secret).update(KEY_PURPOSE).digest();
}

function signature(encodedPayload: string, secret: string): Buffer {
  return createHmac('sha256', signingKey(secret)).update(encodedPayload).digest();
}

/** JSON with object keys sorted at every level, so equal payloads give equal bytes. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, child]) => child !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, child]) => `${JSON.stringify(key)}:${canonicalJson(child)}`).join(',')}}`;
  }
  if (typeof value === 'number' && !Number.isFinite(value)) {
    throw new TypeError('A quote cannot hold a non-finite number.');
  }
  return JSON.stringify(value);
}

export function signQuote(payload: QuotePayload, options: SecretOptions = {}): string {
  const checked = quotePayloadSchema.parse(payload);
  const encoded = Buffer.from(canonicalJson(checked), 'utf8').toString('base64url');
  const secret = options.secret ?? getConfig().sessionSecret;
  return `${encoded}.${signature(encoded, secret).toString('base64url')}`;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

export function verifyQuote(
  token: string,
  now: Date = new Date(),
  options: SecretOptions = {},
): QuotePayload {
  const parts = typeof token === 'string' ? token.trim().split('.') : [];
  const [encoded, sent] = parts;
  if (
    parts.length !== 2 ||
    !encoded ||
    !sent ||
    !BASE64URL.test(encoded) ||
    !BASE64URL.test(sent)
  ) {
    throw new MalformedQuoteTokenError('The quote token is not in the expected format.');
  }
  const secret = options.secret ?? getConfig().sessionSecret;
  const expected = signature(encoded, secret);
  const given = Buffer.from(sent, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new ForgedQuoteTokenError('The quote token signature does not match.');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
  } catch {
    throw new MalformedQuoteTokenError('The quote token payload is not JSON.');
  }
  const payload = quotePayloadSchema.safeParse(parsed);
  if (!payload.success) {
    throw new MalformedQuoteTokenError('The quote token payload is not a quote.');
  }
  if (now.getTime() >= payload.data.expiresAt) {
    throw new ExpiredQuoteTokenError(new Date(payload.data.expiresAt));
  }
  return payload.data;
}

export function quotedVehicle(payload: QuotePayload, vehicleId: string): QuotedVehicle | undefined {
  return payload.vehicles.find((vehicle) => vehicle.id === vehicleId);
}
