// The embedded JobStore: the `jobs` and `notification_ledger` tables of the store's SQLite file
// (migration 15). A claim selects the due jobs and marks them running in one BEGIN IMMEDIATE
// transaction, which takes the file's write lock before it reads: two processes on the file (two
// instances, `npm run jobs` beside a server) queue for it, so a job is never claimed twice. Within
// a process node:sqlite is synchronous, so one transaction runs to its end before another starts.
import {
  checkToken,
  claimed,
  completed,
  dueAtOf,
  failedEntry,
  failureOutcome,
  isDue,
  newJob,
  sendingEntry,
  type Job,
  type JobStore,
  type LedgerEntry,
} from './job-store.server';
import { documentOf, openSqliteStore } from './sqlite-store.server';

export function createSqliteJobStore({ filename }: { filename: string }): JobStore {
  const { db, run, runInTransaction, close } = openSqliteStore(filename, 'job store');

  const statements = {
    get: db.prepare('SELECT document FROM jobs WHERE key = ?'),
    insert: db.prepare(
      `INSERT INTO jobs (key, kind, status, due_at, dead_at, document) VALUES (?, ?, ?, ?, ?, ?)
        ON CONFLICT (key) DO NOTHING`,
    ),
    update: db.prepare(
      'UPDATE jobs SET status = ?, due_at = ?, dead_at = ?, document = ? WHERE key = ?',
    ),
    due: db.prepare(
      'SELECT document FROM jobs WHERE due_at IS NOT NULL AND due_at <= ? ORDER BY due_at, key LIMIT ?',
    ),
    dead: db.prepare(
      'SELECT document FROM jobs WHERE dead_at IS NOT NULL ORDER BY dead_at DESC, key LIMIT ?',
    ),
    ledgerGet: db.prepare('SELECT document FROM notification_ledger WHERE key = ?'),
    ledgerPut: db.prepare(
      `INSERT INTO notification_ledger (key, document) VALUES (?, ?)
        ON CONFLICT (key) DO UPDATE SET document = excluded.document`,
    ),
    ledgerDelete: db.prepare('DELETE FROM notification_ledger WHERE key = ?'),
  };

  const getJob = (key: string) => documentOf<Job>(statements.get.get(key));
  const ledger = (key: string) => documentOf<LedgerEntry>(statements.ledgerGet.get(key));

  function save(job: Job) {
    statements.update.run(
      job.status,
      dueAtOf(job),
      job.status === 'dead' ? job.updatedAt : null,
      JSON.stringify(job),
      job.key,
    );
    return job;
  }

  function putLedger(entry: LedgerEntry) {
    statements.ledgerPut.run(entry.key, JSON.stringify(entry));
    return entry;
  }

  return {
    kind: 'sqlite',

    enqueue(input) {
      const job = newJob(input);
      return runInTransaction(() => {
        const result = statements.insert.run(
          job.key,
          job.kind,
          job.status,
          dueAtOf(job),
          null,
          JSON.stringify(job),
        );
        if (Number(result.changes) === 1) return { created: true, job };
        return { created: false, job: getJob(job.key) as Job };
      });
    },

    claim({ now, leaseMs, limit }) {
      return runInTransaction(() =>
        statements.due
          .all(now, limit)
          .map((row) => documentOf<Job>(row) as Job)
          .filter((job) => isDue(job, now))
          .map((job) => save(claimed(job, { now, leaseMs })))
          .filter((job) => job.status === 'running'),
      );
    },

    complete: (key, token, at) =>
      runInTransaction(() => save(completed(checkToken(getJob(key), key, token), at))),

    fail: (key, token, input) =>
      runInTransaction(() => save(failureOutcome(checkToken(getJob(key), key, token), input))),

    get: (key) => run(() => getJob(key)),

    listDead: (limit) =>
      run(() => statements.dead.all(limit).map((row) => documentOf<Job>(row) as Job)),

    ledgerEntry: (key) => run(() => ledger(key)),

    recordSending: (key, attempt, at) =>
      runInTransaction(() => {
        const before = ledger(key);
        const entry = sendingEntry(before, key, attempt, at);
        return entry === before ? entry : putLedger(entry);
      }),

    recordSent: (key, attempt, providerId, at) =>
      run(() => putLedger({ key, state: 'sent', attempt, providerId, error: null, at })),

    recordFailed: (key, attempt, error, at) =>
      runInTransaction(() => {
        const before = ledger(key);
        const entry = failedEntry(before, key, attempt, error, at);
        return entry === before ? entry : putLedger(entry);
      }),

    releaseSending: (key, attempt) =>
      runInTransaction(() => {
        const entry = ledger(key);
        if (entry?.state === 'sending' && entry.attempt === attempt) {
          statements.ledgerDelete.run(key);
        }
      }),

    close,
  };
}
