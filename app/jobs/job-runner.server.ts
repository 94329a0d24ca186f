// Runs the jobs that are due: claims them from the JobStore under a lease, runs each with the
// handler of its kind, and completes or fails it with the claim's fencing token
// (docs/decisions/056-jobs-queue-in-the-store.md). The server runs it every JOBS_INTERVAL_SECONDS
// on every instance (server/index.ts) and `npm run jobs` once (scripts/jobs.mjs); any number of
// them may run at once, as the store gives each claim to one worker.
//
// A handler's failure is retried later (the store's backoff) unless it is permanent: a
// PermanentJobError, or an error that says `permanent: true` (a TextMessageError for an invalid
// number). A dead job is logged as an error. A worker that finds its claim stale (it outlived its
// lease and another worker has the job) logs it and leaves the job to that worker.
import { log } from '~/utils/log.server';
import { StaleJobClaimError, type Job, type JobStore } from '~/store/job-store.server';
import { TEXT_SEND_TIMEOUT_MS } from '~/messages/text-messages.server';

/** A failure that trying again cannot mend (a payload that makes no sense, a refused number). */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
  readonly permanent = true;
}

export interface JobAttempt {
  /** This attempt, "<job key>#<token>": what the ledger records as the sender. */
  attempt: string;
  /** The clock of the run (tests set it). */
  now: () => Date;
}

export type JobHandler = (job: Job, attempt: JobAttempt) => Promise<void>;

/**
 * How long a claim holds a job: six times the longest one provider call may take, so a live worker
 * (which makes at most two: a lookup and a send) finishes well inside it, and a dead worker's job
 * is taken over within a minute.
 */
export const JOB_LEASE_MS = 6 * TEXT_SEND_TIMEOUT_MS;

/**
 * Jobs claimed (and run at once) per round; rounds go on while a whole round was due, at most
 * MAX_ROUNDS.
 */
const BATCH = 10;
const MAX_ROUNDS = 10;

export interface RunJobsOptions {
  store: JobStore;
  handlers: Record<string, JobHandler>;
  now?: () => Date;
  leaseMs?: number;
  batch?: number;
}

export interface RunJobsSummary {
  /** Jobs done during this run. */
  done: number;
  /** Jobs that failed and wait for their next attempt. */
  retrying: number;
  /** Jobs that failed for good during this run (logged). */
  dead: number;
  /** Jobs another worker took over while this one ran them. */
  lost: number;
}

function isPermanent(error: unknown): boolean {
  return Boolean(
    error && typeof error === 'object' && (error as { permanent?: unknown }).permanent === true,
  );
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return `${error.name}: ${error.message}${typeof code === 'string' ? ` (${code})` : ''}`;
  }
  return String(error);
}

export async function runDueJobs({
  store,
  handlers,
  now = () => new Date(),
  leaseMs = JOB_LEASE_MS,
  batch = BATCH,
}: RunJobsOptions): Promise<RunJobsSummary> {
  const summary: RunJobsSummary = { done: 0, retrying: 0, dead: 0, lost: 0 };
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const claimed = await store.claim({ now: now().toISOString(), leaseMs, limit: batch });
    // Together, so each job of the batch starts at once and ends well inside its lease (one after
    // another, the last of a batch could start after its lease had ended).
    const outcomes = await Promise.allSettled(claimed.map((job) => runOne(job)));
    const broken = outcomes.find((outcome) => outcome.status === 'rejected');
    if (broken) throw broken.reason;
    if (claimed.length < batch) break;
  }
  if (summary.done + summary.retrying + summary.dead + summary.lost > 0) {
    log.info('Jobs run', { ...summary });
  }
  return summary;

  async function runOne(job: Job) {
    const handler = handlers[job.kind];
    const attempt = { attempt: `${job.key}#${job.token}`, now };
    let outcome: Job;
    try {
      try {
        if (!handler) throw new PermanentJobError(`No handler runs jobs of kind "${job.kind}".`);
        await handler(job, attempt);
      } catch (error) {
        outcome = await store.fail(job.key, job.token, {
          at: now().toISOString(),
          error: describe(error),
          permanent: isPermanent(error),
        });
        if (outcome.status === 'dead') {
          summary.dead += 1;
          log.error('A job failed for good', {
            key: job.key,
            kind: job.kind,
            attempts: outcome.attempts,
            error: outcome.lastError,
          });
        } else {
          summary.retrying += 1;
          log.warn('A job failed and will be tried again', {
            key: job.key,
            kind: job.kind,
            attempts: outcome.attempts,
            retryAt: outcome.runAt,
            error: outcome.lastError,
          });
        }
        return;
      }
      await store.complete(job.key, job.token, now().toISOString());
      summary.done += 1;
    } catch (error) {
      if (!(error instanceof StaleJobClaimError)) throw error;
      summary.lost += 1;
      log.warn('A job was taken over by another worker after its lease ended', {
        key: job.key,
        kind: job.kind,
        token: job.token,
      });
    }
  }
}
