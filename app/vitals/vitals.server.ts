// The server's side of real-user Web Vitals (docs/decisions/032-real-user-vitals.md): the schema a
// reported batch must pass (only the build's route ids: route-ids.server.ts), the limit per client
// address, and the p75 report of the last days that the staff page and `npm run vitals` show.
import { todayInBrisbane } from '@business-chauffeur/booking-contract';
import { z } from 'zod';
import { getVitalsStore } from '~/store/store.server';
import { createRateLimiter } from '~/limits/rate-limit.server';
import { buildRouteIds } from '~/utils/route-ids.server';
import {
  GOOD_THRESHOLDS,
  isGood,
  ROUTE_ID_PATTERN,
  sortVitalRows,
  VITAL_MAX_VALUES,
  VITAL_NAMES,
  VITAL_RATINGS,
  VITALS_MAX_ROUTE_LENGTH,
  VITALS_MAX_SAMPLES,
  formatVital,
  type VitalName,
} from '~/utils/vitals';

const sampleSchema = z
  .object({
    name: z.enum(VITAL_NAMES),
    // Zod's numbers are finite: Infinity and NaN never pass.
    value: z.number().min(0, 'must not be negative'),
    route: z
      .string()
      .min(1)
      .max(VITALS_MAX_ROUTE_LENGTH)
      .regex(ROUTE_ID_PATTERN, 'must be a route id')
      // Only the pages of this build: a made-up id would become a row of its own on the staff page.
      .refine((route) => buildRouteIds().has(route), 'must be a route of this site'),
    rating: z.enum(VITAL_RATINGS).optional(),
  })
  .superRefine((sample, context) => {
    const max = VITAL_MAX_VALUES[sample.name];
    if (sample.value > max) {
      context.addIssue({
        code: 'custom',
        path: ['value'],
        message: `must be at most ${max} for ${sample.name}`,
      });
    }
  });

/**
 * A batch as the browser sends it: 1 to 10 samples, each naming one of the build's routes (a batch
 * naming any other is refused whole). Unknown fields are dropped, so nothing but a route id, a
 * metric name, its value and its rating ever reaches the store.
 */
export const vitalsBatchSchema = z.object({
  samples: z.array(sampleSchema).min(1).max(VITALS_MAX_SAMPLES),
});

export type VitalsBatch = z.output<typeof vitalsBatchSchema>;

/**
 * Batches each client address may send: a page view sends one or two, so this is far above any
 * visitor (or an office behind one address) and far below a script filling the store.
 */
export const VITALS_PER_MINUTE = 120;

export const vitalsLimiter = createRateLimiter({
  name: 'api-vitals',
  limit: VITALS_PER_MINUTE,
  windowMs: 60_000,
});

const DAY_MS = 86_400_000;

export interface VitalsReportRow {
  route: string;
  metric: VitalName;
  samples: number;
  p75: number;
  /** The p75 as shown: "1234 ms", CLS "0.042". */
  shown: string;
  /** Google's "good" threshold, as shown. */
  threshold: string;
  good: boolean;
}

export interface VitalsReport {
  days: number;
  /** Queensland days, inclusive. */
  from: string;
  to: string;
  rows: VitalsReportRow[];
}

/**
 * The p75 of every route of this build and metric over the last `days` Queensland days, today
 * included. Rows of other route ids (stored before only the build's were accepted, or by a build
 * whose routes have since gone) are left out, so the report is at most one row per route and metric.
 */
export async function vitalsReport({
  days = 7,
  now = new Date(),
}: { days?: number; now?: Date } = {}): Promise<VitalsReport> {
  const whole = Math.max(1, Math.min(366, Math.trunc(days)));
  const to = todayInBrisbane(now);
  const from = todayInBrisbane(new Date(now.getTime() - (whole - 1) * DAY_MS));
  const routes = buildRouteIds();
  const rows = (await getVitalsStore().summary({ from, to })).filter((row) =>
    routes.has(row.route),
  );
  return {
    days: whole,
    from,
    to,
    rows: sortVitalRows(rows).map((row) => ({
      ...row,
      shown: formatVital(row.metric, row.p75),
      threshold: formatVital(row.metric, GOOD_THRESHOLDS[row.metric]),
      good: isGood(row.metric, row.p75),
    })),
  };
}
