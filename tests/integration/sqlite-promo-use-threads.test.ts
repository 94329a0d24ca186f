// The embedded promo use store under real contention: worker threads, each with its own connection
// to one SQLite file (as separate server processes would have), reserve the same code at the same
// moment. Connections in one thread cannot interleave (node:sqlite is synchronous), so this is
// where the BEGIN IMMEDIATE transaction has to keep the count: the code's maximum, never more.
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import type { ReserveOutcome } from '~/store/promo-use-store.server';
import { createSqlitePromoUseStore } from '~/store/sqlite-promo-use-store.server';
import { sqliteHarness } from '../support/store-harness';
import type { PromoWorkerData } from '../support/sqlite-promo-worker';

const WORKER = new URL('../support/sqlite-promo-worker.ts', import.meta.url);

/** `bookings` bookings with their own emails, split over `threads` workers, race for one code. */
async function raceInThreads(filename: string, threads: number, bookings: number, maxUses: number) {
  const start = new SharedArrayBuffer(4);
  const workers = Array.from({ length: threads }, (_, thread) => {
    const data: PromoWorkerData = {
      filename,
      code: 'RACE',
      maxUses,
      bookings: Array.from({ length: bookings }, (_, index) => index)
        .filter((index) => index % threads === thread)
        .map((index) => ({ bookingId: `race-${index}`, email: `racer${index}@example.com` })),
      start,
    };
    return new Worker(WORKER, { workerData: data });
  });
  /** Each worker's messages: `ready` once it has its connection, then its outcomes. */
  const listen = (worker: Worker, wanted: 'ready' | 'outcomes') =>
    new Promise<ReserveOutcome[]>((resolve, reject) => {
      worker.on('message', (message: { ready?: true; outcomes?: ReserveOutcome[] }) => {
        if (wanted === 'ready' && message.ready) resolve([]);
        if (wanted === 'outcomes' && message.outcomes) resolve(message.outcomes);
      });
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`The worker left with ${code}.`)));
    });
  const ready = workers.map((worker) => listen(worker, 'ready'));
  const results = workers.map((worker) => listen(worker, 'outcomes'));
  // A worker that fails before it is ready fails the race here (its outcomes are then not awaited).
  for (const result of results) result.catch(() => undefined);
  try {
    await Promise.all(ready);
    const flag = new Int32Array(start);
    Atomics.store(flag, 0, 1);
    Atomics.notify(flag, 0);
    return (await Promise.all(results)).flat();
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}

describe('SQLite promo use store across threads', () => {
  const harness = sqliteHarness('sqlite-promo-threads', (filename) =>
    createSqlitePromoUseStore({ filename }),
  );

  it.each([
    { threads: 4, bookings: 20, maxUses: 1 },
    { threads: 4, bookings: 50, maxUses: 5 },
  ])(
    'lets exactly $maxUses of $bookings bookings on $threads connections reserve',
    async ({ threads, bookings, maxUses }) => {
      await harness.reset();
      // The schema is in place before the race, as it is once a server has started.
      const store = harness.open();
      const outcomes = await raceInThreads(harness.filename, threads, bookings, maxUses);
      expect(outcomes).toHaveLength(bookings);
      expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(maxUses);
      expect(
        outcomes.filter((outcome) => !outcome.ok && outcome.reason === 'exhausted'),
      ).toHaveLength(bookings - maxUses);
      await expect(store.activeUses('RACE')).resolves.toBe(maxUses);
      await harness.reset();
    },
  );
});
