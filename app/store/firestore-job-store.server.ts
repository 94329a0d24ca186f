// The hosted JobStore: the `jobs` and `notificationLedger` collections of Firestore, one document
// per job and per notification, each named by the SHA-256 of its key (a key may hold any
// character). A job's `dueAt` is when claim next looks at it (job-store.server.ts: a pending
// job's time, a running one's lease end) and is absent once it is done or dead, so the claim's
// query (`dueAt <= now`, oldest first) needs only Firestore's single-field index and reads only
// what may run. Each job found is claimed in a transaction of its own that reads it again: when
// two workers (on any instances) claim one job at once, Firestore runs one transaction on the
// other's result, which finds the job no longer due, so only one claim wins.
import { createHash } from 'node:crypto';
import type { DocumentSnapshot, Transaction } from 'firebase-admin/firestore';
import { COLLECTIONS } from './collections.server';
import { openFirestore, type FirestoreOptions } from './firebase-app.server';
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

const TRANSACTION_OPTIONS = { maxAttempts: 10 };

const idOf = (key: string) => createHash('sha256').update(key).digest('hex');

interface JobDocument extends Job {
  dueAt?: string;
  deadAt?: string;
}

function jobOf(snapshot: DocumentSnapshot | undefined): Job | null {
  const data = snapshot?.data() as JobDocument | undefined;
  if (!data) return null;
  const { dueAt: _dueAt, deadAt: _deadAt, ...job } = data;
  return job;
}

/** The stored document: the job, with `dueAt` while it may run and `deadAt` once dead. */
function documentOf(job: Job): JobDocument {
  const due = dueAtOf(job);
  return {
    ...job,
    ...(due === null ? {} : { dueAt: due }),
    ...(job.status === 'dead' ? { deadAt: job.updatedAt } : {}),
  };
}

export function createFirestoreJobStore(options: FirestoreOptions): JobStore {
  const { db, run, close } = openFirestore(options, 'job-store');
  const jobs = db.collection(COLLECTIONS.jobs);
  const ledger = db.collection(COLLECTIONS.notificationLedger);
  const jobRef = (key: string) => jobs.doc(idOf(key));
  const ledgerRef = (key: string) => ledger.doc(idOf(key));

  const save = (tx: Transaction, job: Job) => {
    tx.set(jobRef(job.key), documentOf(job));
    return job;
  };

  /** Reads the job in a transaction and writes what `change` makes of it. */
  const update = (key: string, change: (job: Job | null) => Job) =>
    run(() =>
      db.runTransaction(
        async (tx) => save(tx, change(jobOf(await tx.get(jobRef(key))))),
        TRANSACTION_OPTIONS,
      ),
    );

  /** Reads the notification's entry in a transaction and writes what `change` makes of it. */
  const updateLedger = (key: string, change: (entry: LedgerEntry | null) => LedgerEntry) =>
    run(() =>
      db.runTransaction(async (tx) => {
        const before = ((await tx.get(ledgerRef(key))).data() as LedgerEntry | undefined) ?? null;
        const entry = change(before);
        if (entry !== before) tx.set(ledgerRef(key), entry);
        return entry;
      }, TRANSACTION_OPTIONS),
    );

  return {
    kind: 'firestore',

    enqueue(input) {
      const job = newJob(input);
      return run(() =>
        db.runTransaction(async (tx) => {
          const existing = jobOf(await tx.get(jobRef(job.key)));
          if (existing) return { created: false, job: existing };
          tx.create(jobRef(job.key), documentOf(job));
          return { created: true, job };
        }, TRANSACTION_OPTIONS),
      );
    },

    claim({ now, leaseMs, limit }) {
      return run(async () => {
        const candidates = await jobs.where('dueAt', '<=', now).orderBy('dueAt').limit(limit).get();
        const taken: Job[] = [];
        for (const candidate of candidates.docs) {
          const job = await db.runTransaction(async (tx) => {
            const current = jobOf(await tx.get(candidate.ref));
            // Claimed, completed or failed by someone else since the query.
            if (!current || !isDue(current, now)) return null;
            return save(tx, claimed(current, { now, leaseMs }));
          }, TRANSACTION_OPTIONS);
          if (job?.status === 'running') taken.push(job);
        }
        return taken;
      });
    },

    complete: (key, token, at) => update(key, (job) => completed(checkToken(job, key, token), at)),

    fail: (key, token, input) =>
      update(key, (job) => failureOutcome(checkToken(job, key, token), input)),

    get: (key) => run(async () => jobOf(await jobRef(key).get())),

    listDead: (limit) =>
      run(async () => {
        const page = await jobs.orderBy('deadAt', 'desc').limit(limit).get();
        return page.docs.map((snapshot) => jobOf(snapshot) as Job);
      }),

    ledgerEntry: (key) =>
      run(async () => ((await ledgerRef(key).get()).data() as LedgerEntry | undefined) ?? null),

    recordSending: (key, attempt, at) =>
      updateLedger(key, (before) => sendingEntry(before, key, attempt, at)),

    recordSent: (key, attempt, providerId, at) =>
      updateLedger(key, () => ({ key, state: 'sent', attempt, providerId, error: null, at })),

    recordFailed: (key, attempt, error, at) =>
      updateLedger(key, (before) => failedEntry(before, key, attempt, error, at)),

    releaseSending: (key, attempt) =>
      run(() =>
        db.runTransaction(async (tx) => {
          const entry = (await tx.get(ledgerRef(key))).data() as LedgerEntry | undefined;
          if (entry?.state === 'sending' && entry.attempt === attempt) tx.delete(ledgerRef(key));
        }, TRANSACTION_OPTIONS),
      ),

    close,
  };
}
