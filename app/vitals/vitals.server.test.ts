import { describe, expect, it, vi } from 'vitest';
import { formatVital, isGood, sortVitalRows } from '~/utils/vitals';
import { vitalsBatchSchema } from './vitals.server';

// The build's routes, as the server build's manifest would list them (route-ids.server.ts).
vi.mock('~/utils/route-ids.server', () => ({
  buildRouteIds: () =>
    new Set([
      'root',
      'routes/_index',
      'routes/$',
      'routes/fleet.$slug',
      'routes/staff.reports[.]csv',
      'content/fleet',
      'content/service-area-brisbane',
    ]),
}));

const sample = (overrides: Record<string, unknown> = {}) => ({
  name: 'LCP',
  value: 1834.2,
  route: 'routes/fleet.$slug',
  rating: 'good',
  ...overrides,
});

const parse = (samples: unknown) => vitalsBatchSchema.safeParse({ samples });

describe('a reported batch of Web Vitals', () => {
  it('accepts one to ten samples of the five metrics, the rating optional', () => {
    const result = parse([
      sample(),
      sample({ name: 'INP', value: 96, rating: undefined }),
      sample({ name: 'CLS', value: 0.042, route: 'routes/_index', rating: 'needs-improvement' }),
      sample({ name: 'FCP', value: 0, route: 'content/fleet' }),
      sample({ name: 'TTFB', value: 120_000, route: 'root', rating: 'poor' }),
    ]);
    expect(result.success).toBe(true);
    expect(parse(Array.from({ length: 10 }, () => sample())).success).toBe(true);
  });

  it('refuses an empty batch and more than ten samples', () => {
    expect(parse([]).success).toBe(false);
    expect(parse(Array.from({ length: 11 }, () => sample())).success).toBe(false);
    expect(vitalsBatchSchema.safeParse({}).success).toBe(false);
    expect(vitalsBatchSchema.safeParse([sample()]).success).toBe(false);
  });

  it('refuses a metric it does not know and a rating outside the three', () => {
    expect(parse([sample({ name: 'FID' })]).success).toBe(false);
    expect(parse([sample({ name: 'lcp' })]).success).toBe(false);
    expect(parse([sample({ rating: 'great' })]).success).toBe(false);
  });

  it('refuses values that are not a number, negative or beyond the bounds of their metric', () => {
    for (const value of ['1834', null, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(parse([sample({ value })]).success, String(value)).toBe(false);
    }
    expect(parse([sample({ name: 'CLS', value: 10 })]).success).toBe(true);
    expect(parse([sample({ name: 'CLS', value: 10.5 })]).success).toBe(false);
    expect(parse([sample({ name: 'INP', value: 60_000 })]).success).toBe(true);
    expect(parse([sample({ name: 'INP', value: 60_001 })]).success).toBe(false);
    expect(parse([sample({ name: 'LCP', value: 120_001 })]).success).toBe(false);
  });

  it('takes a route id only: never an address, a query, an email or an overlong string', () => {
    for (const route of [
      '/fleet/executive-sedan',
      'routes/manage-booking?bookingNumber=MH3K9Q2A',
      'routes/fleet.$slug#top',
      'someone@example.com',
      'routes/fleet slug',
      '',
      `routes/${'a'.repeat(100)}`,
    ]) {
      expect(parse([sample({ route })]).success, route).toBe(false);
    }
    for (const route of [
      'routes/$',
      'routes/staff.reports[.]csv',
      'content/service-area-brisbane',
    ]) {
      expect(parse([sample({ route })]).success, route).toBe(true);
    }
  });

  it('takes only the build’s route ids: a batch naming another is refused whole', () => {
    expect(parse([sample({ route: 'routes/fleet.$slug-2' })]).success).toBe(false);
    expect(parse([sample({ route: 'routes/made-up' })]).success).toBe(false);
    expect(parse([sample(), sample({ route: 'content/made-up' })]).success).toBe(false);
    expect(parse([sample(), sample({ route: 'content/fleet' })]).success).toBe(true);
  });

  it('drops every other field, so nothing else can reach the store', () => {
    const result = parse([
      sample({ url: '/manage-booking?email=a@b.c', userAgent: 'x', id: 'v5' }),
    ]);
    expect(result.success && result.data.samples[0]).toEqual(sample());
  });
});

describe('judging a p75', () => {
  it('meets Google’s good thresholds at or under them', () => {
    expect(isGood('LCP', 2500)).toBe(true);
    expect(isGood('LCP', 2501)).toBe(false);
    expect(isGood('INP', 200)).toBe(true);
    expect(isGood('CLS', 0.1)).toBe(true);
    expect(isGood('CLS', 0.11)).toBe(false);
    expect(isGood('FCP', 1800)).toBe(true);
    expect(isGood('TTFB', 801)).toBe(false);
  });

  it('shows milliseconds whole and CLS with three decimals', () => {
    expect(formatVital('LCP', 1834.6)).toBe('1835 ms');
    expect(formatVital('CLS', 0.04216)).toBe('0.042');
    expect(formatVital('CLS', 0)).toBe('0.000');
  });

  it('orders rows by route, then LCP, INP, CLS, FCP, TTFB', () => {
    const rows = sortVitalRows([
      { route: 'routes/fleet.$slug', metric: 'TTFB' as const },
      { route: 'content/fleet', metric: 'CLS' as const },
      { route: 'content/fleet', metric: 'LCP' as const },
    ]);
    expect(rows.map((row) => `${row.route} ${row.metric}`)).toEqual([
      'content/fleet LCP',
      'content/fleet CLS',
      'routes/fleet.$slug TTFB',
    ]);
  });
});
