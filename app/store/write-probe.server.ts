// The readiness write probe, rate-limited: a store that answers reads can still refuse writes (a
// full or read-only disk, a revoked write permission) while every booking fails. /readyz writes
// one small health record through the store at most once per interval and answers from the last
// result in between, so a load balancer polling every second costs one write per interval.
import type { BookingStore } from './booking-store.server';

/** How long a probe result is reused (ms). */
export const WRITE_PROBE_INTERVAL_MS = 10_000;

export interface WriteProbe {
  /** Resolves 'ok' or 'failing'; probes the store only when the last result is older than the interval. */
  check(): Promise<'ok' | 'failing'>;
}

export function createWriteProbe(
  store: () => BookingStore,
  {
    intervalMs = WRITE_PROBE_INTERVAL_MS,
    timeoutMs = 3_000,
    now = () => Date.now(),
  }: { intervalMs?: number; timeoutMs?: number; now?: () => number } = {},
): WriteProbe {
  let last: { at: number; result: 'ok' | 'failing' } | undefined;
  let running: Promise<'ok' | 'failing'> | undefined;

  async function probe(): Promise<'ok' | 'failing'> {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        store().probeWrite(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('timed out')), timeoutMs);
        }),
      ]);
      return 'ok';
    } catch {
      return 'failing';
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    check() {
      if (last && now() - last.at < intervalMs) return Promise.resolve(last.result);
      // Concurrent readiness requests share one probe.
      running ??= probe().then((result) => {
        last = { at: now(), result };
        running = undefined;
        return result;
      });
      return running;
    },
  };
}
