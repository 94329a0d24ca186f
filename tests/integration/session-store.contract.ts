// The SessionStore contract: every adapter must pass these tests (SQLite always, Firestore on the
// emulator). They pin down what sign-in, sign-out and password reset rely on: a new, unguessable
// id for every session, sessions that end when ended, all of an account's sessions ending at once,
// expiry, and an end seen by every instance on the same database.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SessionStore, SessionStoreOptions } from '~/store/session-store.server';
import type { Harness } from '../support/store-harness';

export type SessionStoreHarness = Harness<SessionStore, SessionStoreOptions>;

const HOUR = 60 * 60 * 1000;

export function sessionStoreContract(getHarness: () => SessionStoreHarness) {
  let store: SessionStore;

  beforeEach(async () => {
    await getHarness().reset();
    store = getHarness().open();
  });

  afterEach(async () => {
    await getHarness().reset();
  });

  describe('start and accountOf', () => {
    it('gives every session a new 256-bit id that names its account', async () => {
      const first = await store.start('account-a');
      const second = await store.start('account-a');
      expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(second).not.toBe(first);
      await expect(store.accountOf(first)).resolves.toBe('account-a');
      await expect(store.accountOf(second)).resolves.toBe('account-a');
    });

    it('knows no session it did not start', async () => {
      const id = await store.start('account-a');
      // One character changed is another id.
      const other = `${id.slice(0, -1)}${id.endsWith('A') ? 'B' : 'A'}`;
      await expect(store.accountOf(other)).resolves.toBeNull();
      await expect(store.accountOf('')).resolves.toBeNull();
      await expect(store.accountOf('not a session id')).resolves.toBeNull();
      await expect(store.accountOf('../sessions/x')).resolves.toBeNull();
    });
  });

  describe('end', () => {
    it('ends one session and leaves the others of the account', async () => {
      const ended = await store.start('account-a');
      const kept = await store.start('account-a');
      await store.end(ended);
      await expect(store.accountOf(ended)).resolves.toBeNull();
      await expect(store.accountOf(kept)).resolves.toBe('account-a');
      // Ending again, or ending what never existed, is not an error.
      await expect(store.end(ended)).resolves.toBeUndefined();
      await expect(store.end('A'.repeat(43))).resolves.toBeUndefined();
      await expect(store.end('')).resolves.toBeUndefined();
    });

    it('is seen at once by another instance on the same database', async () => {
      const other = getHarness().open();
      const id = await store.start('account-a');
      await expect(other.accountOf(id)).resolves.toBe('account-a');
      await other.end(id);
      await expect(store.accountOf(id)).resolves.toBeNull();
    });
  });

  describe('endAllOf', () => {
    it('ends every session of the account and none of another', async () => {
      const a1 = await store.start('account-a');
      const a2 = await store.start('account-a');
      const b = await store.start('account-b');
      await store.endAllOf('account-a');
      await expect(store.accountOf(a1)).resolves.toBeNull();
      await expect(store.accountOf(a2)).resolves.toBeNull();
      await expect(store.accountOf(b)).resolves.toBe('account-b');
      // A sign-in after the reset works.
      const fresh = await store.start('account-a');
      await expect(store.accountOf(fresh)).resolves.toBe('account-a');
      await expect(store.endAllOf('account-without-sessions')).resolves.toBeUndefined();
    });
  });

  describe('expiry', () => {
    it('ends a session when its lifetime has passed', async () => {
      let clock = Date.parse('2031-03-01T00:00:00Z');
      const timed = getHarness().open({ ttlMs: 2 * HOUR, now: () => clock });
      const id = await timed.start('account-a');
      clock += 2 * HOUR - 1000;
      await expect(timed.accountOf(id)).resolves.toBe('account-a');
      clock += 1000;
      await expect(timed.accountOf(id)).resolves.toBeNull();
      // Starting another session (which clears out dead records) keeps the new one live.
      const next = await timed.start('account-a');
      await expect(timed.accountOf(next)).resolves.toBe('account-a');
      await expect(timed.accountOf(id)).resolves.toBeNull();
    });
  });
}
