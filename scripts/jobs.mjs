// `npm run jobs`: runs the jobs that are due now (text messages) once and exits, for a scheduler
// (cron, Cloud Scheduler) where servers do not run them themselves (JOBS_INTERVAL_SECONDS=0) or
// as a backstop beside them (app/jobs/, docs/decisions/056-jobs-queue-in-the-store.md). Uses the
// same configuration as the server (.env, the environment) and its production build, so run
// `npm run build` first. Safe beside running servers: each job goes to one worker. Prints what it
// did; exits 1 when a job failed (it is logged, and tried again unless it failed for good) or the
// store could not be reached.
import { withServerBuild } from './server-build.mjs';

await withServerBuild(async (server) => {
  const summary = await server.runJobs();
  console.log(
    `Jobs: ${summary.done} done, ${summary.retrying} to try again, ${summary.dead} failed for good` +
      (summary.lost > 0 ? `, ${summary.lost} taken over by another worker` : '') +
      '.',
  );
  return summary.retrying + summary.dead > 0 ? 1 : 0;
});
