// A sliding-window rate limiter kept in memory: at most `limit` hits per key in any `windowMs`.
// Used for booking lookups (per client address and per email) and reusable for sign-in, sign-up,
// password reset and feedback. In memory means per instance: with N instances a client gets at
// most N times the limit, which still stops enumeration; a shared store can replace it behind the
// same interface when the site runs many instances.
import type { AppLoadContext } from '@remix-run/node';

export interface RateLimitResult {
  allowed: boolean;
  /** Hits left in the current window after this one. */
  remaining: number;
  /** Seconds until the next hit would be allowed (0 when allowed). */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  /** Counts a hit for `key` and says whether it is within the limit; a refused hit is not counted. */
  hit(key: string, now?: number): RateLimitResult;
  /** Says whether a hit for `key` would be allowed now, without counting one. */
  peek(key: string, now?: number): RateLimitResult;
  /** Forgets every key (tests). */
  reset(): void;
}

export interface RateLimiterOptions {
  limit: number;
  windowMs: number;
  /** Keys kept at most; the oldest are dropped beyond it, so a flood of keys cannot fill memory. */
  maxKeys?: number;
}

export function createRateLimiter({
  limit,
  windowMs,
  maxKeys = 50_000,
}: RateLimiterOptions): RateLimiter {
  // A Map iterates in insertion order: re-inserting a key on each hit keeps the least recently
  // used keys first, so trimming drops those.
  const hits = new Map<string, number[]>();

  function trimToMaxKeys() {
    for (const key of hits.keys()) {
      if (hits.size <= maxKeys) break;
      hits.delete(key);
    }
  }

  return {
    hit(key, now = Date.now()) {
      const recent = (hits.get(key) ?? []).filter((time) => time > now - windowMs);
      hits.delete(key);
      if (recent.length >= limit) {
        hits.set(key, recent);
        const oldest = recent[0] ?? now;
        return {
          allowed: false,
          remaining: 0,
          retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - now) / 1000)),
        };
      }
      recent.push(now);
      hits.set(key, recent);
      if (hits.size > maxKeys) trimToMaxKeys();
      return { allowed: true, remaining: limit - recent.length, retryAfterSeconds: 0 };
    },
    peek(key, now = Date.now()) {
      const recent = (hits.get(key) ?? []).filter((time) => time > now - windowMs);
      if (recent.length >= limit) {
        const oldest = recent[0] ?? now;
        return {
          allowed: false,
          remaining: 0,
          retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - now) / 1000)),
        };
      }
      return { allowed: true, remaining: limit - recent.length, retryAfterSeconds: 0 };
    },
    reset() {
      hits.clear();
    },
  };
}

declare module '@remix-run/node' {
  interface AppLoadContext {
    /** The client's IP address as server.mjs sees it (behind trusted proxies, the forwarded one). */
    clientAddress?: string;
  }
}

/** The client's address for rate limiting; "unknown" when the server could not tell. */
export function clientAddressOf(context: AppLoadContext | undefined): string {
  const address = context?.clientAddress;
  return typeof address === 'string' && address.length > 0 ? address : 'unknown';
}
