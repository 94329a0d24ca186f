// Real-user Web Vitals from the browser (docs/decisions/032-real-user-vitals.md): LCP, INP, CLS,
// FCP and TTFB from the web-vitals library (its attribution-free build, each metric reported once
// when final: reportAllChanges stays off), started by the site's own module on every page
// (app/elements/index.ts), each with the matched Remix route's id (a pattern such
// as "routes/fleet.$slug", never the address, its values or its query), batched and sent as one
// beacon to /api/vitals when the page is hidden. Only a share of page views report
// (VITALS_SAMPLE_RATE from window.ENV). Nothing here may slow or break a page: every step is
// guarded, nothing is awaited, and a failed send is dropped.
import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import {
  ROUTE_ID_PATTERN,
  VITAL_NAMES,
  VITALS_ENDPOINT,
  VITALS_MAX_ROUTE_LENGTH,
  VITALS_MAX_SAMPLES,
  type VitalSample,
} from './vitals';

interface RemixRouterWindow {
  __remixRouter?: { state: { matches: { route: { id: string } }[] } };
  ENV?: { VITALS_SAMPLE_RATE?: unknown };
}

/**
 * The id of the deepest matched route of the page now shown: Remix's, once the app runs; before
 * that, or on a page without the app, the one the server wrote on <html data-route>.
 */
function currentRouteId(): string | null {
  const matches = (window as RemixRouterWindow).__remixRouter?.state.matches;
  const id = matches?.[matches.length - 1]?.route.id ?? document.documentElement.dataset.route;
  return typeof id === 'string' && id.length <= VITALS_MAX_ROUTE_LENGTH && ROUTE_ID_PATTERN.test(id)
    ? id
    : null;
}

/** The share of page views that report: VITALS_SAMPLE_RATE (0 to 1), 1 when missing or wrong. */
export function sampleRateOf(value: unknown): number {
  return typeof value === 'number' && value >= 0 && value <= 1 ? value : 1;
}

export interface ReportVitalsOptions {
  /** The share of page views that report (default: window.ENV.VITALS_SAMPLE_RATE). */
  sampleRate?: number;
  /** The id of the route shown now (default: Remix's router). */
  routeId?: () => string | null;
  random?: () => number;
}

/**
 * Starts collecting this page view's vitals, when it is in the sample. LCP, FCP and TTFB belong to
 * the page the visitor landed on, and so do CLS and INP, which cover the whole visit: every sample
 * carries the landing route (a page restored from the back/forward cache: the route shown then).
 */
export function reportVitals({
  sampleRate = sampleRateOf((window as RemixRouterWindow).ENV?.VITALS_SAMPLE_RATE),
  routeId = currentRouteId,
  random = Math.random,
}: ReportVitalsOptions = {}): void {
  try {
    if (!(random() < sampleRate)) return;
    let landingRoute: string | null = null;
    const landing = () => (landingRoute ??= routeId());
    let pending: { metric: Metric; route: string | null }[] = [];

    const send = () => {
      try {
        const samples: VitalSample[] = [];
        for (const { metric, route } of pending) {
          const resolved = route ?? landing();
          if (!resolved || !VITAL_NAMES.includes(metric.name)) continue;
          samples.push({
            name: metric.name,
            value: metric.value,
            route: resolved,
            rating: metric.rating,
          });
        }
        pending = [];
        for (let start = 0; start < samples.length; start += VITALS_MAX_SAMPLES) {
          const body = JSON.stringify({
            samples: samples.slice(start, start + VITALS_MAX_SAMPLES),
          });
          const queued =
            typeof navigator.sendBeacon === 'function' &&
            navigator.sendBeacon(VITALS_ENDPOINT, body);
          if (!queued) {
            fetch(VITALS_ENDPOINT, {
              method: 'POST',
              body,
              keepalive: true,
              credentials: 'same-origin',
              headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
            }).catch(() => undefined);
          }
        }
      } catch {
        // Reporting is best effort: a page never fails for it.
      }
    };

    const collect = (metric: Metric) => {
      try {
        landing();
        const restored = metric.navigationType === 'back-forward-cache';
        pending.push({ metric, route: restored ? routeId() : null });
      } catch {
        // As above.
      }
    };

    // web-vitals reports CLS, INP and LCP from its own visibilitychange listener (on window, in
    // the capture phase), so by the time this one runs on the document the batch is complete.
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') send();
    });
    window.addEventListener('pagehide', send);

    onCLS(collect);
    onFCP(collect);
    onINP(collect);
    onLCP(collect);
    onTTFB(collect);
  } catch {
    // A browser without the APIs web-vitals needs reports nothing.
  }
}
