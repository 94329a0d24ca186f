// The LimitStore contract, on SQLite always and on Firestore through the emulator: a window that
// slides, reservations that can be released, counts that two connections (two instances) share,
// and a burst of concurrent reservations that lets exactly the limit through.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createFirestoreLimitStore } from '~/store/firestore-limit-store.server';
import type { LimitStore, ReserveInput } from '~/store/limit-store.server';
import { createSqliteLimitStore } from '~/store/sqlite-limit-store.server';
import {
  clearFirestore,
  firestoreEmulatorAvailable,
  firestoreEmulatorSkipReason,
  startFirestoreEmulator,
  type FirestoreEmulator,
} from '../support/firestore-emulator';

vi.setConfig({ testTimeout: 60_000 });
process.env.METADATA_SERVER_DETECTION = 'none';

interface Harness {
  /** A new connection to the same counters (another instance of the site). */
  open(): LimitStore;
  cleanUp(): Promise<void>;
}

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

function limitStoreContract(name: string, harness: () => Harness) {
  describe(name, () => {
    let opened: LimitStore[] = [];
    const open = () => {
      const store = harness().open();
      opened.push(store);
      return store;
    };
    const done = async () => {
      await Promise.all(opened.map((store) => store.close()));
      opened = [];
      await harness().cleanUp();
    };

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

let dir: string | undefined;
limitStoreContract('SQLite limit store', () => ({
  open() {
    dir ??= mkdtempSync(path.join(tmpdir(), 'bc-limits-'));
    return createSqliteLimitStore({ filename: path.join(dir, 'store.sqlite') });
  },
  cleanUp() {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
    return Promise.resolve();
  },
}));

const PROJECT_ID = 'demo-business-chauffeur-limits';
let emulator: FirestoreEmulator | undefined;

describe.skipIf(!firestoreEmulatorAvailable)(
  `Firestore limit store${firestoreEmulatorAvailable ? '' : ` (skipped: ${firestoreEmulatorSkipReason})`}`,
  () => {
    beforeAll(async () => {
      emulator = await startFirestoreEmulator();
    });
    afterAll(async () => {
      await emulator?.stop();
    });
    limitStoreContract('contract', () => ({
      open() {
        if (!emulator) throw new Error('The emulator is not running.');
        return createFirestoreLimitStore({ projectId: PROJECT_ID, emulatorHost: emulator.host });
      },
      async cleanUp() {
        if (emulator) await clearFirestore(emulator.baseUrl, PROJECT_ID);
      },
    }));
  },
);
