import { describe, expect, it } from 'vitest';
import { clientAddressOf, createRateLimiter } from './rate-limit.server';

describe('createRateLimiter', () => {
  it('allows `limit` hits in a window and refuses the next with the wait until a slot frees', () => {
    const limiter = createRateLimiter({ limit: 3, windowMs: 60_000 });
    const start = 1_000_000;
    expect(limiter.hit('a', start)).toEqual({ allowed: true, remaining: 2, retryAfterSeconds: 0 });
    expect(limiter.hit('a', start + 10_000).remaining).toBe(1);
    expect(limiter.hit('a', start + 20_000).remaining).toBe(0);
    expect(limiter.hit('a', start + 30_000)).toEqual({
      allowed: false,
      remaining: 0,
      retryAfterSeconds: 30,
    });
  });

  it('slides: a hit leaves the window exactly windowMs later', () => {
    const limiter = createRateLimiter({ limit: 2, windowMs: 60_000 });
    limiter.hit('a', 0);
    limiter.hit('a', 30_000);
    expect(limiter.hit('a', 59_999).allowed).toBe(false);
    expect(limiter.hit('a', 60_000).allowed).toBe(true);
    expect(limiter.hit('a', 60_001).allowed).toBe(false);
    expect(limiter.hit('a', 90_000).allowed).toBe(true);
  });

  it('does not count refused hits, so a client that keeps trying is let in once the window passes', () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 1000 });
    limiter.hit('a', 0);
    for (let t = 1; t < 1000; t += 100) expect(limiter.hit('a', t).allowed).toBe(false);
    expect(limiter.hit('a', 1000).allowed).toBe(true);
  });

  it('keeps keys apart, and reset forgets them', () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 1000 });
    expect(limiter.hit('a', 0).allowed).toBe(true);
    expect(limiter.hit('b', 0).allowed).toBe(true);
    expect(limiter.hit('a', 1).allowed).toBe(false);
    limiter.reset();
    expect(limiter.hit('a', 2).allowed).toBe(true);
  });

  it('holds at most maxKeys keys, dropping the least recently used', () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000, maxKeys: 3 });
    for (const key of ['a', 'b', 'c']) limiter.hit(key, 0);
    limiter.hit('a', 1); // refused, and now the most recently used
    limiter.hit('d', 2); // evicts "b"
    expect(limiter.hit('b', 3).allowed).toBe(true);
    expect(limiter.hit('a', 4).allowed).toBe(false);
  });
});

describe('clientAddressOf', () => {
  it('reads the address server.mjs puts in the load context', () => {
    expect(clientAddressOf({ clientAddress: '203.0.113.9' })).toBe('203.0.113.9');
    expect(clientAddressOf({})).toBe('unknown');
    expect(clientAddressOf(undefined)).toBe('unknown');
  });
});
