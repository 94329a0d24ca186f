// Real-user Web Vitals (docs/decisions/032-real-user-vitals.md): what the browser reports, what the
// endpoint accepts and how a p75 is judged. Shared by the browser module (report-vitals.ts), the
// endpoint (routes/api.vitals.ts), the staff page and `npm run vitals`, so they never disagree.

/** The five metrics reported, in the order tables list them. */
export const VITAL_NAMES = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
export type VitalName = (typeof VITAL_NAMES)[number];

export const VITAL_RATINGS = ['good', 'needs-improvement', 'poor'] as const;
export type VitalRating = (typeof VITAL_RATINGS)[number];

/** Where the browser sends its batch. */
export const VITALS_ENDPOINT = '/api/vitals';
/** The most samples one request may carry (a page view reports at most five). */
export const VITALS_MAX_SAMPLES = 10;
/** The largest request body the endpoint reads (bytes); more is a 413. */
export const VITALS_MAX_BODY_BYTES = 8 * 1024;
/** The longest route id accepted. */
export const VITALS_MAX_ROUTE_LENGTH = 100;

/**
 * A Remix route id ("root", "routes/_index", "routes/fleet.$slug", "content/fleet"): a pattern,
 * never an address with its values, so a sample cannot carry a booking reference or an email.
 */
export const ROUTE_ID_PATTERN = /^[A-Za-z][A-Za-z0-9_./$[\]()-]*$/;

/**
 * The largest value believed per metric (milliseconds, CLS unitless): anything above is a broken
 * clock or a forged request, not a visit.
 */
export const VITAL_MAX_VALUES: Record<VitalName, number> = {
  LCP: 120_000,
  INP: 60_000,
  CLS: 10,
  FCP: 120_000,
  TTFB: 120_000,
};

/** Google's "good" thresholds: a route's p75 at or under it is good. */
export const GOOD_THRESHOLDS: Record<VitalName, number> = {
  LCP: 2500,
  INP: 200,
  CLS: 0.1,
  FCP: 1800,
  TTFB: 800,
};

/** One measurement as the browser sends it. */
export interface VitalSample {
  name: VitalName;
  value: number;
  /** The matched route's id. */
  route: string;
  rating?: VitalRating;
}

/** What a VitalsStore summary gives per route and metric. */
export interface VitalSummaryRow {
  route: string;
  metric: VitalName;
  /** Samples received in the period. */
  samples: number;
  /** The 75th percentile of the kept values. */
  p75: number;
}

export function isGood(metric: VitalName, p75: number): boolean {
  return p75 <= GOOD_THRESHOLDS[metric];
}

/** "1234 ms", or CLS with three decimals ("0.042"). */
export function formatVital(metric: VitalName, value: number): string {
  return metric === 'CLS' ? value.toFixed(3) : `${Math.round(value)} ms`;
}

/** Rows ordered by route, then by the metric order of VITAL_NAMES. */
export function sortVitalRows<T extends { route: string; metric: VitalName }>(rows: T[]): T[] {
  return [...rows].sort(
    (a, b) =>
      (a.route < b.route ? -1 : a.route > b.route ? 1 : 0) ||
      VITAL_NAMES.indexOf(a.metric) - VITAL_NAMES.indexOf(b.metric),
  );
}
