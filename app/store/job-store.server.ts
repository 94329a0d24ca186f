// The JobStore port: a queue of jobs due at a time, kept in the store every instance shares, and
// the ledger of notifications those jobs send (docs/decisions/056-jobs-queue-in-the-store.md).
//
// A job is enqueued once per key (a second enqueue of the key changes nothing), claimed by one
// worker at a time for a lease, and completed or failed by that worker with the claim's fencing
// token. A worker that stops answering (killed, paused past its lease) loses the job when the lease
// ends: the next claim takes it over with a higher token, and the old worker's complete or fail is
// refused (StaleJobClaimError). A failure is retried after a growing wait until the job's attempts
// are spent, then the job is dead (kept, with its last error, for staff to see).
//
// Delivery is therefore at least once. What a job does to the world must be idempotent: a
// notification is recorded in the ledger ("sending" before the provider is called, "sent" after),
// keyed per notification, so a job run again finds it sent, and one that finds it "sending" from
// an attempt that never finished asks the provider before sending again (app/jobs/sms-job.server.ts).
//
// Two adapters on the store's database: the `jobs` and `notification_ledger` tables of the SQLite
// file (a claim is one BEGIN IMMEDIATE transaction) and the `jobs` and `notificationLedger`
// collections of Firestore (a claim is a transaction per job). Both pass
// tests/integration/job-store.contract.ts. The rules are the functions below; adapters only read
// and write.
import { StoreError } from './store-errors.server';

export type JobStatus = 'pending' | 'running' | 'done' | 'dead';

export type JobPayload = Record<string, unknown>;

export interface Job {
  /** Unique: one job per key, whoever enqueues it and however often. */
  key: string;
  /** What runs it ("sms"): the runner's handler of that name. */
  kind: string;
  payload: JobPayload;
  status: JobStatus;
  /** When it is due (pending); a retry's time after a failure. */
  runAt: string;
  /** Claims so far (a worker that died counts). */
  attempts: number;
  maxAttempts: number;
  /** The fencing token of the latest claim: 0 before the first, one more on each. */
  token: number;
  /** Until when the latest claim holds it (running). */
  leaseUntil: string | null;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface EnqueueInput {
  kind: string;
  key: string;
  runAt: string;
  payload: JobPayload;
  /** Default DEFAULT_MAX_ATTEMPTS. */
  maxAttempts?: number;
  at: string;
}

export interface ClaimInput {
  now: string;
  leaseMs: number;
  /** The most jobs claimed at once. */
  limit: number;
}

export interface FailInput {
  at: string;
  /** What went wrong, for the log and for staff (no personal data). */
  error: string;
  /** Trying again cannot help: the job is dead now. */
  permanent: boolean;
}

export type LedgerState = 'sending' | 'sent' | 'failed';

/** One notification: whether it went out, and which attempt is (or was) sending it. */
export interface LedgerEntry {
  key: string;
  state: LedgerState;
  /** The attempt that recorded it ("<job key>#<token>"). */
  attempt: string;
  /** The provider's id of the message once sent. */
  providerId: string | null;
  error: string | null;
  at: string;
}

export interface JobStore {
  readonly kind: 'sqlite' | 'firestore';

  /** Adds the job unless one with its key exists; `created` says which. */
  enqueue(input: EnqueueInput): Promise<{ created: boolean; job: Job }>;

  /**
   * Claims up to `limit` jobs due at `now` (pending and due, or running with a lease that ended),
   * oldest first, each atomically: one claimant per job however many workers ask at once. A job
   * taken over after its attempts were spent is dead instead.
   */
  claim(input: ClaimInput): Promise<Job[]>;

  /** The job is done. StaleJobClaimError when `token` is not the latest claim's. */
  complete(key: string, token: number, at: string): Promise<Job>;

  /** The attempt failed: retried later or dead (see failureOutcome). StaleJobClaimError as above. */
  fail(key: string, token: number, input: FailInput): Promise<Job>;

  get(key: string): Promise<Job | null>;

  /** Dead jobs, the most recent first (for staff). */
  listDead(limit: number): Promise<Job[]>;

  /** The notification's entry; null when no attempt has begun it. */
  ledgerEntry(key: string): Promise<LedgerEntry | null>;

  /**
   * Records that `attempt` is about to send the notification, unless it is recorded as sent or
   * failed; returns the entry as it stands after (someone else's "sending" is replaced: the
   * caller has made sure that attempt sent nothing).
   */
  recordSending(key: string, attempt: string, at: string): Promise<LedgerEntry>;

  /** The provider accepted it (whatever the entry said before). */
  recordSent(key: string, attempt: string, providerId: string, at: string): Promise<LedgerEntry>;

  /** The provider refused it for good; never sent again. Unless sent. */
  recordFailed(key: string, attempt: string, error: string, at: string): Promise<LedgerEntry>;

  /** The provider certainly did not take it: the entry of `attempt` is removed (others' stay). */
  releaseSending(key: string, attempt: string): Promise<void>;

  close(): Promise<void>;
}

/** A complete or fail with a token that is not the latest claim's: another worker has the job. */
export class StaleJobClaimError extends StoreError {
  override name = 'StaleJobClaimError';
}

export const DEFAULT_MAX_ATTEMPTS = 6;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 3600_000;

/** The wait before attempt n+1 after n failed: 30 s, doubling, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

export function newJob(input: EnqueueInput): Job {
  if (!input.key || !input.kind) throw new TypeError('A job needs a key and a kind.');
  return {
    key: input.key,
    kind: input.kind,
    payload: input.payload,
    status: 'pending',
    runAt: input.runAt,
    attempts: 0,
    maxAttempts: input.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    token: 0,
    leaseUntil: null,
    lastError: null,
    createdAt: input.at,
    updatedAt: input.at,
  };
}

/** When the job is next looked at by claim: null once it is done or dead. */
export function dueAtOf(job: Job): string | null {
  if (job.status === 'pending') return job.runAt;
  if (job.status === 'running') return job.leaseUntil;
  return null;
}

/** Whether `claim` at `now` may take the job. */
export function isDue(job: Job, now: string): boolean {
  const due = dueAtOf(job);
  return due !== null && due <= now;
}

/** The job after a claim at `now`: running under a new token, or dead when its attempts are spent. */
export function claimed(job: Job, { now, leaseMs }: Pick<ClaimInput, 'now' | 'leaseMs'>): Job {
  if (job.status === 'running' && job.attempts >= job.maxAttempts) {
    return {
      ...job,
      status: 'dead',
      leaseUntil: null,
      lastError: `Its last attempt stopped answering (lease ended ${job.leaseUntil}).`,
      updatedAt: now,
    };
  }
  return {
    ...job,
    status: 'running',
    attempts: job.attempts + 1,
    token: job.token + 1,
    leaseUntil: new Date(Date.parse(now) + leaseMs).toISOString(),
    updatedAt: now,
  };
}

/** Refuses a token that is not the running job's latest claim. */
export function checkToken(job: Job | null, key: string, token: number): Job {
  if (!job) throw new StaleJobClaimError(`There is no job ${key}.`);
  if (job.status !== 'running' || job.token !== token) {
    throw new StaleJobClaimError(
      `The claim ${token} of job ${key} is stale (the job is ${job.status}, claim ${job.token}).`,
    );
  }
  return job;
}

export function completed(job: Job, at: string): Job {
  return { ...job, status: 'done', leaseUntil: null, updatedAt: at };
}

/** A failed attempt: pending again after retryDelayMs, or dead when permanent or the last. */
export function failureOutcome(job: Job, { at, error, permanent }: FailInput): Job {
  const dead = permanent || job.attempts >= job.maxAttempts;
  return {
    ...job,
    status: dead ? 'dead' : 'pending',
    runAt: dead ? job.runAt : new Date(Date.parse(at) + retryDelayMs(job.attempts)).toISOString(),
    leaseUntil: null,
    lastError: error.slice(0, 500),
    updatedAt: at,
  };
}

/** The ledger's rule for recordSending: "sent" and "failed" stay; otherwise the attempt's entry. */
export function sendingEntry(
  before: LedgerEntry | null,
  key: string,
  attempt: string,
  at: string,
): LedgerEntry {
  if (before && before.state !== 'sending') return before;
  return { key, state: 'sending', attempt, providerId: null, error: null, at };
}

/** The ledger's rule for recordFailed: a sent notification stays sent. */
export function failedEntry(
  before: LedgerEntry | null,
  key: string,
  attempt: string,
  error: string,
  at: string,
): LedgerEntry {
  if (before?.state === 'sent') return before;
  return { key, state: 'failed', attempt, providerId: null, error: error.slice(0, 500), at };
}
