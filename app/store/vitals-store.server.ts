// The VitalsStore port: real visitors' Web Vitals (docs/decisions/032-real-user-vitals.md), kept
// per route, metric and Queensland day, and summarised as the 75th percentile of a period. Nothing
// personal is kept: a sample is a route id, a metric name and a number.
//
// How the p75 is kept: raw values, not histogram buckets. Each (route, metric, day) keeps at most
// `maxValuesPerDay` values (5,000 by default) as a uniform random sample of everything received
// that day (reservoir sampling: the n-th value replaces a random kept one with probability
// max/n), beside the count of all received. Under the cap the p75 is exact; above it, it is the
// p75 of a 5,000-value sample, well within a millisecond's noise. Two adapters: the
// `vitals_days`/`vitals_values` tables of the SQLite file (migration 9) and the `vitals`
// collection in Firestore, one document per route, metric and day. Both pass
// tests/integration/vitals-store.contract.ts.
import { randomInt } from 'node:crypto';
import type { VitalName, VitalSummaryRow } from '~/utils/vitals';

/** The values kept per route, metric and Queensland day. */
export const MAX_VALUES_PER_DAY = 5000;

export interface VitalsStoreOptions {
  /** Values kept per route, metric and day (tests lower it). */
  maxValuesPerDay?: number;
}

/** One received value, already validated (routes/api.vitals.ts). */
export interface VitalsValue {
  route: string;
  metric: VitalName;
  value: number;
}

export interface VitalsStore {
  readonly kind: 'sqlite' | 'firestore';

  /** Adds the values received on one Queensland day (YYYY-MM-DD). */
  record(day: string, values: readonly VitalsValue[]): Promise<void>;

  /**
   * Per route and metric seen between two Queensland days (inclusive): how many samples were
   * received and the 75th percentile of the kept values.
   */
  summary(period: { from: string; to: string }): Promise<VitalSummaryRow[]>;

  close(): Promise<void>;
}

/**
 * The 75th percentile by nearest rank: the smallest value with at least 75% of the values at or
 * below it (of 1…100, 75; of [1, 2, 3, 4], 3). NaN for no values.
 */
export function percentile75(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(0.75 * sorted.length) - 1]!;
}

/**
 * Where a day's n-th value (1-based `seen`, counting it) goes among the kept ones: the next slot
 * while there is room, else a random slot with probability max/seen, else nowhere (null).
 */
export function reservoirSlot(
  seen: number,
  max: number,
  random: (below: number) => number = (below) => randomInt(below),
): number | null {
  if (seen <= max) return seen - 1;
  const slot = random(seen);
  return slot < max ? slot : null;
}

/** Summary rows from each (route, metric)'s received count and kept values. */
export function summaryRows(
  groups: Map<string, { route: string; metric: VitalName; samples: number; values: number[] }>,
): VitalSummaryRow[] {
  return [...groups.values()]
    .filter((group) => group.values.length > 0)
    .map(({ route, metric, samples, values }) => ({
      route,
      metric,
      samples,
      p75: percentile75(values),
    }));
}

/** The key of a (route, metric) group in summaryRows. */
export const groupKey = (route: string, metric: string) => `${metric} ${route}`;
