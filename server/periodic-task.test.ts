// The server's periodic runner: one run at a time, failures logged, a clean stop, no timer that
// keeps Node alive.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runEvery } from './periodic-task.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('runEvery', () => {
  it('runs after each interval, never two runs at once, and logs a failure without stopping', async () => {
    vi.useFakeTimers();
    let active = 0;
    let most = 0;
    let runs = 0;
    const errors: unknown[] = [];
    const task = runEvery(
      1000,
      async () => {
        runs += 1;
        active += 1;
        most = Math.max(most, active);
        // A run slower than the interval.
        await new Promise((resolve) => setTimeout(resolve, 2500));
        active -= 1;
        if (runs === 2) throw new Error('store down');
      },
      (error) => errors.push(error),
    );
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(1);
    // The next run is timed from the end of the last: 2.5 s of work, then 1 s.
    await vi.advanceTimersByTimeAsync(3000);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(500);
    expect(runs).toBe(2);
    await vi.advanceTimersByTimeAsync(3500);
    expect(runs).toBe(3);
    expect(most).toBe(1);
    expect(errors).toEqual([new Error('store down')]);
    const stopping = task.stop();
    await vi.advanceTimersByTimeAsync(2500);
    await stopping;
  });

  it('stops: no further run, and stop() waits for the run under way', async () => {
    vi.useFakeTimers();
    let runs = 0;
    let finished = false;
    const task = runEvery(
      1000,
      async () => {
        runs += 1;
        await new Promise((resolve) => setTimeout(resolve, 5000));
        finished = true;
      },
      () => undefined,
    );
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(1);
    let stopped = false;
    const stopping = task.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(4000);
    expect(stopped).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    await stopping;
    expect(finished).toBe(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toBe(1);
  });

  it('keeps no process alive on its own: Node exits with the task scheduled', async () => {
    const script = `
      const { runEvery } = await import('./server/periodic-task.ts');
      runEvery(60_000, () => Promise.resolve(), () => undefined);
      console.log('scheduled');`;
    // A referenced timer would hold Node for the minute: execFile's timeout would fail the test.
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--input-type=module', '--no-warnings', '-e', script],
      { cwd: process.cwd(), timeout: 20_000 },
    );
    expect(stdout.trim()).toBe('scheduled');
  });
});
