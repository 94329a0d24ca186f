// The LimitStore contract, on SQLite always and on Firestore through the emulator: a window that
// slides, reservations that can be released, counts that two connections (two instances) share,
// and a burst of concurrent reservations that lets exactly the limit through.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFirestoreLimitStore } from '~/store/firestore-limit-store.server';
import type { LimitStore, ReserveInput } from '~/store/limit-store.server';
import { createSqliteLimitStore, sqliteLimitsPath } from '~/store/sqlite-limit-store.server';
import { describeOnFirestore, sqliteHarness, type Harness } from '../support/store-harness';

let sequence = 0;
function input(overrides: Partial<ReserveInput> = {}): ReserveInput {
  sequence += 1;
  return {
    limiter: 'contract',
    key: 'ann@example.com',
    limit: 3,
    windowMs: 60_000,
    now: 1_000_000,
    token: `t${sequence}`,
    ...overrides,
  };
}

/** Each `open` is a new connection to the same counters (another instance of the site). */
function limitStoreContract(name: string, harness: () => Harness<LimitStore>) {
  describe(name, () => {
    const open = () => harness().open();
    const done = () => harness().reset();

    it('counts up to the limit in a sliding window and says how long to wait', async () => {
      const store = open();
      const key = `slide-${sequence}`;
      expect(await store.reserve(input({ key, now: 0 }))).toEqual({
        allowed: true,
        retryAfterSeconds: 0,
      });
      await store.reserve(input({ key, now: 10_000 }));
      await store.reserve(input({ key, now: 20_000 }));
      expect(await store.reserve(input({ key, now: 30_000 }))).toEqual({
        allowed: false,
        retryAfterSeconds: 30,
      });
      expect((await store.reserve(input({ key, now: 60_000 }))).allowed).toBe(true);
      await done();
    });

    it('releases a reservation by its token, and keeps keys and limiters apart', async () => {
      const store = open();
      const key = `release-${sequence}`;
      const first = input({ key, limit: 1 });
      await store.reserve(first);
      expect((await store.reserve(input({ key, limit: 1 }))).allowed).toBe(false);
      expect((await store.reserve(input({ key: `${key}-other`, limit: 1 }))).allowed).toBe(true);
      expect((await store.reserve(input({ key, limit: 1, limiter: 'another' }))).allowed).toBe(
        true,
      );
      await store.release({ limiter: first.limiter, key, token: first.token });
      expect((await store.reserve(input({ key, limit: 1 }))).allowed).toBe(true);
      await store.clear('contract');
      expect((await store.reserve(input({ key, limit: 1 }))).allowed).toBe(true);
      expect((await store.reserve(input({ key, limit: 1, limiter: 'another' }))).allowed).toBe(
        false,
      );
      await done();
    });

    it('a released hit frees one place, once', async () => {
      const store = open();
      const key = `free-once-${sequence}`;
      await store.reserve(input({ key, limit: 2, now: 0 }));
      const second = input({ key, limit: 2, now: 1 });
      await store.reserve(second);
      await store.release({ limiter: second.limiter, key, token: second.token });
      expect((await store.reserve(input({ key, limit: 2, now: 2 }))).allowed).toBe(true);
      expect((await store.reserve(input({ key, limit: 2, now: 3 }))).allowed).toBe(false);
      await done();
    });

    it('lets exactly the limit through when 40 reservations race on two connections', async () => {
      const [one, two] = [open(), open()];
      const key = `race-${sequence}`;
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, index) =>
          (index % 2 === 0 ? one : two).reserve(input({ key, limit: 10, now: Date.now() })),
        ),
      );
      expect(results.filter((result) => result.allowed)).toHaveLength(10);
      expect(results.filter((result) => !result.allowed)).toHaveLength(30);
      await done();
    });

    it('holds with two limiters reserved together and the refused half released', async () => {
      const [one, two] = [open(), open()];
      const account = `account-${sequence}`;
      const address = `address-${sequence}`;
      // What a sign-in does: a hit per account and per address, or none.
      const attempt = async (store: LimitStore) => {
        const a = input({ limiter: 'account', key: account, limit: 10, now: Date.now() });
        const b = input({ limiter: 'address', key: address, limit: 10, now: Date.now() });
        const [first, second] = await Promise.all([store.reserve(a), store.reserve(b)]);
        if (first.allowed && second.allowed) return true;
        if (first.allowed)
          await store.release({ limiter: 'account', key: account, token: a.token });
        if (second.allowed) {
          await store.release({ limiter: 'address', key: address, token: b.token });
        }
        return false;
      };
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, index) => attempt(index % 2 === 0 ? one : two)),
      );
      expect(results.filter(Boolean).length).toBeLessThanOrEqual(10);
      await done();
    });
  });
}

describe('SQLite limit store', () => {
  const sqlite = sqliteHarness('limits', (filename) => createSqliteLimitStore({ filename }));
  limitStoreContract('contract', () => sqlite);

  it('keeps its counts in their own file beside the store, and starts afresh from a damaged one', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'limits-'));
    try {
      const filename = sqliteLimitsPath(path.join(dir, 'store.sqlite'));
      expect(filename).toBe(path.join(dir, 'limits.sqlite'));
      // What a power cut without a flush can leave behind.
      writeFileSync(filename, Buffer.alloc(8192, 7));
      const store = createSqliteLimitStore({ filename });
      await expect(store.reserve(input({ limit: 1 }))).resolves.toMatchObject({ allowed: true });
      await store.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describeOnFirestore('Firestore limit store', (firestore) => {
  const limits = firestore.harness(createFirestoreLimitStore);
  limitStoreContract('contract', () => limits);
});
