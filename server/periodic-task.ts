// A job the server runs on its own every so often (the settle pass, app/booking/settle-pass.server.ts):
// one run at a time (the next is timed from the end of the last, so a slow run never overlaps the
// next), a failure logged and tried again next time, and timers that never keep the process alive
// on their own. stop() cancels the next run and resolves once the one under way has finished, so a
// shutdown does not cut a run short when it can wait.

export interface PeriodicTask {
  /** No more runs; resolves when the run under way (if any) has finished. */
  stop(): Promise<void>;
}

export function runEvery(
  intervalMs: number,
  run: () => Promise<unknown>,
  onError: (error: unknown) => void,
): PeriodicTask {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(tick, intervalMs);
    timer.unref();
  };

  function tick() {
    timer = undefined;
    running = Promise.resolve()
      .then(run)
      .then(
        () => undefined,
        (error: unknown) => onError(error),
      )
      .finally(() => {
        running = undefined;
        schedule();
      });
  }

  schedule();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      return running ?? Promise.resolve();
    },
  };
}
