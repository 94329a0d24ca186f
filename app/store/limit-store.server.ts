// The LimitStore port: the counters of the rate limits (sign-in, sign-up and reset attempts,
// booking lookups, forms, the booking API), kept in the store of the configured adapter so that
// every instance of the site counts against the same numbers. Two adapters: SQLite (the embedded
// store's file) and Firestore (collection `rateLimits`, with an `expiresAt` field for a TTL policy).
//
// Each key holds a sliding-window log: the times of the hits still inside the window, each with a
// token. A reservation is atomic (one transaction reads the log, drops what left the window,
// refuses or appends), so a hundred concurrent requests cannot all see room for one more. A
// reservation that should not count after all (a sign-in that succeeded) is released by its token.
import { createHash } from 'node:crypto';

export interface LimitDecision {
  allowed: boolean;
  /** Seconds until a hit would be allowed again (0 when allowed). */
  retryAfterSeconds: number;
}

export interface ReserveInput {
  /** The limiter's name ("sign-in-account"), kept in clear so staff can see what counts. */
  limiter: string;
  /** The counted thing (an address, an email): stored only as a hash, see limitKeyHash. */
  key: string;
  limit: number;
  windowMs: number;
  now: number;
  /** Identifies this hit, for release. */
  token: string;
}

export interface LimitStore {
  readonly kind: 'sqlite' | 'firestore';
  /** Counts a hit when the key is under its limit; a refused hit is not counted. */
  reserve(input: ReserveInput): Promise<LimitDecision>;
  /** Takes a reserved hit back (the attempt turned out not to count). */
  release(input: { limiter: string; key: string; token: string }): Promise<void>;
  /** Forgets every count of one limiter (tests, or an operator lifting a block). */
  clear(limiter: string): Promise<void>;
  close(): Promise<void>;
}

/** One hit in a window: when, and the token that can release it. */
export interface LimitHit {
  at: number;
  token: string;
}

/** The stored id of a counter: keys are emails and addresses, which the store never sees in clear. */
export function limitKeyHash(limiter: string, key: string): string {
  return createHash('sha256').update(`${limiter}\u0000${key}`).digest('hex');
}

/**
 * The sliding-window decision both adapters apply inside their transaction: the hits still in the
 * window, and whether one more fits. Pure, so a retried transaction decides the same way.
 */
export function slideWindow(
  stored: readonly LimitHit[],
  { limit, windowMs, now, token }: Pick<ReserveInput, 'limit' | 'windowMs' | 'now' | 'token'>,
): { decision: LimitDecision; hits: LimitHit[] } {
  const recent = stored.filter((hit) => hit.at > now - windowMs).sort((a, b) => a.at - b.at);
  if (recent.length >= limit) {
    // The hit that frees the next slot is the one `limit` places from the newest.
    const freeing = recent[recent.length - limit] ?? recent[0];
    const waitMs = (freeing ? freeing.at : now) + windowMs - now;
    return {
      decision: { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) },
      hits: recent,
    };
  }
  return {
    decision: { allowed: true, retryAfterSeconds: 0 },
    hits: [...recent, { at: now, token }],
  };
}

/** When a log can be forgotten: its newest hit has left the window. */
export function expiryOf(hits: readonly LimitHit[], windowMs: number): number {
  return Math.max(0, ...hits.map((hit) => hit.at)) + windowMs;
}
