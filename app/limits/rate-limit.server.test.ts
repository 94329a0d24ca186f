import { afterEach, describe, expect, it } from 'vitest';
import type { LimitStore } from '~/store/limit-store.server';
import { createSqliteLimitStore } from '~/store/sqlite-limit-store.server';
import { clientAddressOf, createRateLimiter, reserveAll } from './rate-limit.server';

let stores: LimitStore[] = [];
function memoryStore(): () => LimitStore {
  const store = createSqliteLimitStore({ filename: ':memory:' });
  stores.push(store);
  return () => store;
}

afterEach(async () => {
  await Promise.all(stores.map((store) => store.close()));
  stores = [];
});

describe('createRateLimiter', () => {
  it('allows `limit` hits in a window and refuses the next with the wait until a slot frees', async () => {
    const limiter = createRateLimiter({
      name: 't',
      limit: 3,
      windowMs: 60_000,
      store: memoryStore(),
    });
    const start = 1_000_000;
    expect(await limiter.hit('a', start)).toEqual({
      allowed: true,
      retryAfterSeconds: 0,
    });
    expect((await limiter.hit('a', start + 10_000)).allowed).toBe(true);
    expect((await limiter.hit('a', start + 20_000)).allowed).toBe(true);
    expect(await limiter.hit('a', start + 30_000)).toEqual({
      allowed: false,
      retryAfterSeconds: 30,
    });
  });

  it('slides: a hit leaves the window exactly windowMs later', async () => {
    const limiter = createRateLimiter({
      name: 't',
      limit: 2,
      windowMs: 60_000,
      store: memoryStore(),
    });
    await limiter.hit('a', 0);
    await limiter.hit('a', 30_000);
    expect((await limiter.hit('a', 59_999)).allowed).toBe(false);
    expect((await limiter.hit('a', 60_000)).allowed).toBe(true);
    expect((await limiter.hit('a', 60_001)).allowed).toBe(false);
    expect((await limiter.hit('a', 90_000)).allowed).toBe(true);
  });

  it('does not count refused hits, so a client that keeps trying is let in once the window passes', async () => {
    const limiter = createRateLimiter({
      name: 't',
      limit: 1,
      windowMs: 1000,
      store: memoryStore(),
    });
    await limiter.hit('a', 0);
    for (let t = 1; t < 1000; t += 100) expect((await limiter.hit('a', t)).allowed).toBe(false);
    expect((await limiter.hit('a', 1000)).allowed).toBe(true);
  });

  it('keeps keys and limiters apart, and reset forgets one limiter', async () => {
    const store = memoryStore();
    const one = createRateLimiter({ name: 'one', limit: 1, windowMs: 1000, store });
    const two = createRateLimiter({ name: 'two', limit: 1, windowMs: 1000, store });
    expect((await one.hit('a', 0)).allowed).toBe(true);
    expect((await one.hit('b', 0)).allowed).toBe(true);
    expect((await two.hit('a', 0)).allowed).toBe(true);
    expect((await one.hit('a', 1)).allowed).toBe(false);
    await one.reset();
    expect((await one.hit('a', 2)).allowed).toBe(true);
    expect((await two.hit('a', 2)).allowed).toBe(false);
  });

  it('takes a released reservation back, so only the attempts that count are counted', async () => {
    const limiter = createRateLimiter({
      name: 't',
      limit: 2,
      windowMs: 1000,
      store: memoryStore(),
    });
    const first = await limiter.reserve('a', 0);
    const second = await limiter.reserve('a', 1);
    expect((await limiter.reserve('a', 2)).allowed).toBe(false);
    await first.release();
    expect((await limiter.reserve('a', 3)).allowed).toBe(true);
    expect(second.allowed).toBe(true);
  });

  it('reads a limit given as a function on every hit', async () => {
    let limit = 1;
    const limiter = createRateLimiter({
      name: 't',
      limit: () => limit,
      windowMs: 1000,
      store: memoryStore(),
    });
    await limiter.hit('a', 0);
    expect((await limiter.hit('a', 1)).allowed).toBe(false);
    limit = 3;
    expect((await limiter.hit('a', 2)).allowed).toBe(true);
  });

  it('lets exactly `limit` of many concurrent hits through', async () => {
    const limiter = createRateLimiter({
      name: 't',
      limit: 10,
      windowMs: 60_000,
      store: memoryStore(),
    });
    const results = await Promise.all(Array.from({ length: 40 }, () => limiter.hit('a')));
    expect(results.filter((result) => result.allowed)).toHaveLength(10);
  });
});

describe('reserveAll', () => {
  it('reserves in every limiter or in none', async () => {
    const store = memoryStore();
    const perAccount = createRateLimiter({ name: 'account', limit: 1, windowMs: 1000, store });
    const perAddress = createRateLimiter({ name: 'address', limit: 5, windowMs: 1000, store });
    const first = await reserveAll([
      [perAccount, 'ann'],
      [perAddress, '192.0.2.1'],
    ]);
    expect(first.allowed).toBe(true);
    const refused = await reserveAll([
      [perAccount, 'ann'],
      [perAddress, '192.0.2.1'],
    ]);
    expect(refused).toMatchObject({ allowed: false });
    // The refused attempt left nothing counted for the address: 4 more fit (5 minus the first).
    for (let i = 0; i < 4; i += 1) expect((await perAddress.hit('192.0.2.1')).allowed).toBe(true);
    expect((await perAddress.hit('192.0.2.1')).allowed).toBe(false);
    if (first.allowed) await first.release();
    expect((await perAccount.hit('ann')).allowed).toBe(true);
  });
});

describe('clientAddressOf', () => {
  it('reads the address server/index.ts puts in the load context', () => {
    expect(clientAddressOf({ clientAddress: '203.0.113.9' })).toBe('203.0.113.9');
    expect(clientAddressOf({})).toBe('unknown');
    expect(clientAddressOf(undefined)).toBe('unknown');
  });
});
