// The jobs this site runs, by kind, on the configured store and providers: what the server runs
// every JOBS_INTERVAL_SECONDS and `npm run jobs` runs once (app/entry.server.tsx exports runJobs).
import { getMessages } from '~/messages/messages.server';
import { getJobStore } from '~/store/store.server';
import { runDueJobs, type JobHandler, type RunJobsSummary } from './job-runner.server';
import { SMS_JOB, smsJob } from './sms-job.server';

export function jobHandlers(): Record<string, JobHandler> {
  return {
    [SMS_JOB]: smsJob({ messages: getMessages(), store: getJobStore() }),
  };
}

/** Runs every job due now, on this process's store. */
export function runJobs(): Promise<RunJobsSummary> {
  return runDueJobs({ store: getJobStore(), handlers: jobHandlers() });
}
