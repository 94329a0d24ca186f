// Rate limits: at most `limit` hits per key in any `windowMs` (a sliding window), counted in the
// configured store (app/store/limit-store.server.ts), so every instance of the site shares one
// count. A hit is counted before the work it guards, never after: a burst of concurrent requests
// gets exactly `limit` through. Work whose outcome decides whether it counts (a sign-in counts
// only when it fails) reserves first and releases the reservation when it succeeds.
import { randomBytes } from 'node:crypto';
import type { AppLoadContext } from '@remix-run/node';
import type { LimitDecision, LimitStore } from '~/store/limit-store.server';
import { getLimitStore } from '~/store/store.server';
import { limitKeyOfAddress } from '~/utils/client-address.server';

export type RateLimitResult = LimitDecision;

/** A counted hit that can still be taken back. */
export interface Reservation extends RateLimitResult {
  /** Takes the hit back (no-op when it was refused). */
  release(): Promise<void>;
}

export interface RateLimiter {
  readonly name: string;
  /** Counts a hit for `key` when it is within the limit; a refused hit is not counted. */
  hit(key: string, now?: number): Promise<RateLimitResult>;
  /** Counts a hit that the caller may release later. */
  reserve(key: string, now?: number): Promise<Reservation>;
  /** Forgets every count of this limiter (tests). */
  reset(): Promise<void>;
}

export interface RateLimiterOptions {
  /** Unique per limiter; kept in clear beside the hashed keys. */
  name: string;
  /** A number, or a function read on every hit (limits from the configuration). */
  limit: number | (() => number);
  windowMs: number;
  /** Where to count; the configured store by default. */
  store?: () => LimitStore;
}

export function createRateLimiter({
  name,
  limit,
  windowMs,
  store = getLimitStore,
}: RateLimiterOptions): RateLimiter {
  const limitNow = typeof limit === 'function' ? limit : () => limit;

  async function reserve(key: string, now = Date.now()): Promise<Reservation> {
    const token = randomBytes(8).toString('hex');
    const decision = await store().reserve({
      limiter: name,
      key,
      limit: limitNow(),
      windowMs,
      now,
      token,
    });
    return {
      ...decision,
      release: decision.allowed
        ? () => store().release({ limiter: name, key, token })
        : () => Promise.resolve(),
    };
  }

  return {
    name,
    reserve,
    async hit(key, now) {
      const { release: _kept, ...decision } = await reserve(key, now);
      return decision;
    },
    reset: () => store().clear(name),
  };
}

export type ReservedAll =
  { allowed: true; release(): Promise<void> } | { allowed: false; retryAfterSeconds: number };

/**
 * Reserves one hit in each limiter (say per account and per address) or none: when any refuses,
 * the others are released, so a refused attempt counts nowhere.
 */
export async function reserveAll(
  entries: readonly (readonly [RateLimiter, string])[],
  now = Date.now(),
): Promise<ReservedAll> {
  const reservations = await Promise.all(
    entries.map(([limiter, key]) => limiter.reserve(key, now)),
  );
  const releaseAll = async () => {
    await Promise.all(reservations.map((reservation) => reservation.release()));
  };
  const refused = reservations.filter((reservation) => !reservation.allowed);
  if (refused.length > 0) {
    await releaseAll();
    return {
      allowed: false,
      retryAfterSeconds: Math.max(...refused.map((reservation) => reservation.retryAfterSeconds)),
    };
  }
  return { allowed: true, release: releaseAll };
}

declare module '@remix-run/node' {
  interface AppLoadContext {
    /** The client's IP address as server/index.ts sees it (behind trusted proxies, the forwarded one). */
    clientAddress?: string;
  }
}

/**
 * The client's address as every limit counts it: the IPv4 address, or the /64 network of an IPv6
 * one, written one way (client-address.server.ts); "unknown" when the server could not tell.
 */
export function clientAddressOf(context: AppLoadContext | undefined): string {
  return limitKeyOfAddress(context?.clientAddress) ?? 'unknown';
}
