// The JobStore contract: every adapter must pass it (SQLite always, Firestore on the emulator). A
// job is enqueued once per key, claimed by one worker at a time under a lease and a fencing token,
// completed or failed only with the latest token, taken over once its lease ends, retried after a
// growing wait and dead when its attempts are spent; however many workers claim at once, on one
// instance or several, each claim of a job goes to one of them. The ledger keeps one entry per
// notification, and a sent one stays sent.
import { describe, expect, it } from 'vitest';
import {
  StaleJobClaimError,
  type EnqueueInput,
  type Job,
  type JobStore,
} from '~/store/job-store.server';
import type { Harness } from '../support/store-harness';
import { recordStoreLifecycle } from './record-store.contract';

const T0 = '2026-11-27T02:00:00.000Z';
const at = (seconds: number) => new Date(Date.parse(T0) + seconds * 1000).toISOString();
const LEASE_MS = 60_000;

function job(overrides: Partial<EnqueueInput> = {}): EnqueueInput {
  return {
    kind: 'sms',
    key: 'sms:booking-1:assigned',
    runAt: T0,
    payload: { to: '+61412345678', text: 'Hello' },
    at: T0,
    ...overrides,
  };
}

export function jobStoreContract(getHarness: () => Harness<JobStore>) {
  describe('job store', () => {
    const open = () => getHarness().open();

    recordStoreLifecycle(getHarness, {
      write: async (store) => (await store.enqueue(job())).job,
      read: (store) => store.get('sms:booking-1:assigned'),
    });

    it('enqueues once per key', async () => {
      const store = open();
      const first = await store.enqueue(job());
      expect(first.created).toBe(true);
      expect(first.job).toMatchObject({ status: 'pending', attempts: 0, token: 0, maxAttempts: 6 });
      const again = await store.enqueue(job({ payload: { to: '+61400000000' }, runAt: at(99) }));
      expect(again).toEqual({ created: false, job: first.job });
      const raced = await Promise.all(
        [open(), open(), store].map((instance) => instance.enqueue(job({ key: 'raced' }))),
      );
      expect(raced.filter((outcome) => outcome.created)).toHaveLength(1);
    });

    it('claims due jobs only, oldest first, up to the limit, under a lease and a new token', async () => {
      const store = open();
      await store.enqueue(job({ key: 'later', runAt: at(120) }));
      await store.enqueue(job({ key: 'second', runAt: at(10) }));
      await store.enqueue(job({ key: 'first', runAt: at(5) }));
      await store.enqueue(job({ key: 'third', runAt: at(20) }));
      await expect(store.claim({ now: T0, leaseMs: LEASE_MS, limit: 10 })).resolves.toEqual([]);
      const claimed = await store.claim({ now: at(30), leaseMs: LEASE_MS, limit: 2 });
      expect(claimed.map((one) => one.key)).toEqual(['first', 'second']);
      expect(claimed[0]).toMatchObject({
        status: 'running',
        attempts: 1,
        token: 1,
        leaseUntil: at(90),
      });
      const rest = await store.claim({ now: at(30), leaseMs: LEASE_MS, limit: 10 });
      expect(rest.map((one) => one.key)).toEqual(['third']);
      await expect(store.claim({ now: at(31), leaseMs: LEASE_MS, limit: 10 })).resolves.toEqual([]);
    });

    it('completes with the latest token only and never runs a done job again', async () => {
      const store = open();
      await store.enqueue(job());
      const [claimed] = await store.claim({ now: T0, leaseMs: LEASE_MS, limit: 1 });
      const done = await store.complete(claimed!.key, claimed!.token, at(1));
      expect(done).toMatchObject({ status: 'done', leaseUntil: null });
      await expect(store.get(claimed!.key)).resolves.toEqual(done);
      await expect(store.complete(claimed!.key, claimed!.token, at(2))).rejects.toBeInstanceOf(
        StaleJobClaimError,
      );
      await expect(store.claim({ now: at(3600), leaseMs: LEASE_MS, limit: 10 })).resolves.toEqual(
        [],
      );
      await expect(store.complete('no-such-job', 1, at(2))).rejects.toBeInstanceOf(
        StaleJobClaimError,
      );
    });

    it('hands a job whose lease ended to the next claim and refuses the old token', async () => {
      const store = open();
      await store.enqueue(job());
      const [first] = await store.claim({ now: T0, leaseMs: LEASE_MS, limit: 1 });
      // Still held: another instance finds nothing before the lease ends.
      await expect(open().claim({ now: at(59), leaseMs: LEASE_MS, limit: 1 })).resolves.toEqual([]);
      const [second] = await open().claim({ now: at(60), leaseMs: LEASE_MS, limit: 1 });
      expect(second).toMatchObject({ key: first!.key, token: 2, attempts: 2 });
      await expect(store.complete(first!.key, first!.token, at(61))).rejects.toBeInstanceOf(
        StaleJobClaimError,
      );
      await expect(
        store.fail(first!.key, first!.token, { at: at(61), error: 'late', permanent: false }),
      ).rejects.toBeInstanceOf(StaleJobClaimError);
      await expect(store.complete(second!.key, second!.token, at(62))).resolves.toMatchObject({
        status: 'done',
        token: 2,
      });
    });

    it('retries a failed job after a growing wait, then declares it dead', async () => {
      const store = open();
      await store.enqueue(job({ maxAttempts: 3 }));
      const runs: Job[] = [];
      let now = T0;
      for (let attempt = 1; attempt <= 3; attempt += 1) {
        const [claimed] = await store.claim({ now, leaseMs: LEASE_MS, limit: 1 });
        expect(claimed, `attempt ${attempt}`).toBeDefined();
        const failed = await store.fail(claimed!.key, claimed!.token, {
          at: now,
          error: `Twilio answered 503 (attempt ${attempt})`,
          permanent: false,
        });
        runs.push(failed);
        if (failed.status === 'pending') {
          // Not before its time.
          const early = new Date(Date.parse(failed.runAt) - 1000).toISOString();
          await expect(store.claim({ now: early, leaseMs: LEASE_MS, limit: 1 })).resolves.toEqual(
            [],
          );
          now = failed.runAt;
        }
      }
      expect(runs.map((run) => run.status)).toEqual(['pending', 'pending', 'dead']);
      expect(Date.parse(runs[0]!.runAt) - Date.parse(T0)).toBe(30_000);
      expect(Date.parse(runs[1]!.runAt) - Date.parse(runs[0]!.runAt)).toBe(60_000);
      expect(runs[2]).toMatchObject({ lastError: 'Twilio answered 503 (attempt 3)', attempts: 3 });
      await expect(store.claim({ now: at(86_400), leaseMs: LEASE_MS, limit: 1 })).resolves.toEqual(
        [],
      );
      await expect(store.listDead(10)).resolves.toEqual([runs[2]]);
    });

    it('declares a permanent failure dead at once, newest dead first', async () => {
      const store = open();
      await store.enqueue(job({ key: 'a', runAt: T0 }));
      await store.enqueue(job({ key: 'b', runAt: at(1) }));
      const [a, b] = await store.claim({ now: at(1), leaseMs: LEASE_MS, limit: 2 });
      await store.fail(a!.key, a!.token, { at: at(1), error: 'invalid number', permanent: true });
      await store.fail(b!.key, b!.token, { at: at(2), error: 'invalid number', permanent: true });
      const dead = await store.listDead(10);
      expect(dead.map((one) => [one.key, one.status, one.attempts])).toEqual([
        ['b', 'dead', 1],
        ['a', 'dead', 1],
      ]);
    });

    it('declares dead a job whose last attempt stopped answering', async () => {
      const store = open();
      await store.enqueue(job({ maxAttempts: 1 }));
      await store.claim({ now: T0, leaseMs: LEASE_MS, limit: 1 });
      await expect(store.claim({ now: at(60), leaseMs: LEASE_MS, limit: 1 })).resolves.toEqual([]);
      await expect(store.get(job().key)).resolves.toMatchObject({
        status: 'dead',
        lastError: expect.stringContaining('stopped answering'),
      });
    });

    it('gives each job to one of many workers claiming at once', async () => {
      const seeder = open();
      const keys = Array.from(
        { length: 24 },
        (_, index) => `race-${String(index).padStart(2, '0')}`,
      );
      for (const key of keys) await seeder.enqueue(job({ key }));
      const workers = [open(), open(), open(), open()];
      const rounds = await Promise.all(
        workers.flatMap((worker) =>
          [0, 1, 2].map(() => worker.claim({ now: at(1), leaseMs: LEASE_MS, limit: 4 })),
        ),
      );
      const claimed = rounds.flat();
      const more = await seeder.claim({ now: at(1), leaseMs: LEASE_MS, limit: 100 });
      const all = [...claimed, ...more].map((one) => one.key).sort();
      expect(all).toEqual(keys);
      expect([...claimed, ...more].every((one) => one.token === 1)).toBe(true);
    });

    it('keeps one ledger entry per notification, and a sent one stays sent', async () => {
      const store = open();
      const key = 'sms:booking-1:assigned';
      await expect(store.ledgerEntry(key)).resolves.toBeNull();
      await expect(store.recordSending(key, 'job#1', at(1))).resolves.toMatchObject({
        state: 'sending',
        attempt: 'job#1',
      });
      // Another attempt's release leaves it; the attempt's own removes it.
      await store.releaseSending(key, 'job#2');
      await expect(store.ledgerEntry(key)).resolves.toMatchObject({ attempt: 'job#1' });
      await store.releaseSending(key, 'job#1');
      await expect(store.ledgerEntry(key)).resolves.toBeNull();

      await store.recordSending(key, 'job#1', at(2));
      await expect(store.recordSending(key, 'job#2', at(3))).resolves.toMatchObject({
        state: 'sending',
        attempt: 'job#2',
      });
      const sent = await store.recordSent(key, 'job#2', 'SM123', at(4));
      expect(sent).toEqual({
        key,
        state: 'sent',
        attempt: 'job#2',
        providerId: 'SM123',
        error: null,
        at: at(4),
      });
      await expect(open().ledgerEntry(key)).resolves.toEqual(sent);
      await expect(store.recordSending(key, 'job#3', at(5))).resolves.toEqual(sent);
      await expect(store.recordFailed(key, 'job#3', 'refused', at(5))).resolves.toEqual(sent);
      await store.releaseSending(key, 'job#2');
      await expect(store.ledgerEntry(key)).resolves.toEqual(sent);

      const other = 'sms:booking-2:assigned';
      await store.recordSending(other, 'job#1', at(6));
      await expect(
        store.recordFailed(other, 'job#1', 'invalid number', at(7)),
      ).resolves.toMatchObject({ state: 'failed', error: 'invalid number' });
      await expect(store.recordSending(other, 'job#2', at(8))).resolves.toMatchObject({
        state: 'failed',
      });
    });
  });
}
