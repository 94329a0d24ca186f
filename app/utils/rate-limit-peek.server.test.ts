// peek: the sign-in limit counts only failures, so it asks before trying and counts after failing.
import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rate-limit.server';

describe('RateLimiter.peek', () => {
  it('tells whether a hit would be allowed without counting one', () => {
    const limiter = createRateLimiter({ limit: 2, windowMs: 1000 });
    expect(limiter.peek('a', 0)).toEqual({ allowed: true, remaining: 2, retryAfterSeconds: 0 });
    expect(limiter.peek('a', 0).allowed).toBe(true);
    limiter.hit('a', 0);
    limiter.hit('a', 100);
    expect(limiter.peek('a', 200)).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 1 });
    // The window slides: the first hit leaves it at 1000 ms.
    expect(limiter.peek('a', 1001)).toEqual({ allowed: true, remaining: 1, retryAfterSeconds: 0 });
    expect(limiter.peek('b', 200).allowed).toBe(true);
  });
});
