import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeFare, metersToKm, roundToCents, toCents, type Tariff } from './fares.server';

// An executive sedan: $80 for the first 10 km, then $3.20 a km; $95 an hour with 20 km included.
const sedan: Tariff = {
  basePrice: 80,
  minimumDistanceForBasePrice: 10,
  perkmSurcharge: 3.2,
  hourlyRate: 95,
  minimumDistanceForHourlyRate: 20,
};

const byDistance = (distanceMeters: number | null | undefined, tariff: Tariff = sedan) =>
  computeFare({ tariff, distanceMeters, byTheHour: false, hours: 0 });
const byHour = (distanceMeters: number, hours: number, tariff: Tariff = sedan) =>
  computeFare({ tariff, distanceMeters, byTheHour: true, hours });

describe('fares by distance', () => {
  it.each([
    ['1 m', 1, 80],
    ['5 km', 5_000, 80],
    ['exactly the included 10 km', 10_000, 80],
    ['1 m above (0.0032 rounds away)', 10_001, 80],
    ['2 m above (0.0064 rounds up to a cent)', 10_002, 80.01],
    ['100 m above', 10_100, 80.32],
    ['25 km', 25_000, 128],
    ['42.3 km', 42_300, 183.36],
  ])('%s costs $%s', (_case, meters, fare) => {
    expect(byDistance(meters)).toBe(fare);
  });

  it.each([
    ['missing', undefined],
    ['null', null],
    ['zero', 0],
    ['negative', -5],
    ['not a number', Number.NaN],
    ['infinite', Number.POSITIVE_INFINITY],
  ])('gives no fare when the distance is %s', (_case, meters) => {
    expect(byDistance(meters)).toBeUndefined();
    expect(
      computeFare({ tariff: sedan, distanceMeters: meters, byTheHour: true, hours: 3 }),
    ).toBeUndefined();
  });

  it('uses 10 km when the tariff leaves the included distance out', () => {
    const tariff = { ...sedan, minimumDistanceForBasePrice: undefined };
    expect(byDistance(10_000, tariff)).toBe(80);
    expect(byDistance(11_000, tariff)).toBe(83.2);
  });

  it('charges every metre when the included distance is 0', () => {
    expect(byDistance(1_000, { ...sedan, minimumDistanceForBasePrice: 0 })).toBe(83.2);
  });
});

describe('fares by the hour', () => {
  it.each([
    ['3 h within the included 20 km', 15_000, 3, 285],
    ['3 h, exactly 20 km', 20_000, 3, 285],
    ['3 h, 1 m above 20 km', 20_001, 3, 285],
    ['3 h, 100 m above 20 km', 20_100, 3, 285.32],
    ['3 h, 30 km', 30_000, 3, 317],
    ['half an hour, 5 km', 5_000, 0.5, 47.5],
    ['1.5 h, 20 km', 20_000, 1.5, 142.5],
  ])('%s costs $%s', (_case, meters, hours, fare) => {
    expect(byHour(meters, hours)).toBe(fare);
  });

  it('uses the hourly formula only when booked by the hour', () => {
    // 15 km by distance: 80 + 5 × 3.2; by the hour the 15 km are included.
    expect(byDistance(15_000)).toBe(96);
    expect(byHour(15_000, 2)).toBe(190);
  });

  it('uses 20 km when the tariff leaves the hourly included distance out', () => {
    const tariff = { ...sedan, minimumDistanceForHourlyRate: null };
    expect(byHour(20_000, 1, tariff)).toBe(95);
    expect(byHour(21_000, 1, tariff)).toBe(98.2);
  });
});

describe('rounding and tariff sanity', () => {
  it('rounds half a cent up on the decimal value', () => {
    expect(roundToCents(1.005)).toBe(1.01);
    expect(roundToCents(1.004999)).toBe(1);
    expect(roundToCents(0.125)).toBe(0.13);
    expect(toCents(1.005)).toBe(101);
    expect(toCents(1e-7)).toBe(0);
    const tariff: Tariff = {
      ...sedan,
      basePrice: 0,
      minimumDistanceForBasePrice: 0,
      perkmSurcharge: 1.005,
    };
    expect(byDistance(1_000, tariff)).toBe(1.01);
  });

  it('gives no fare for a tariff with a negative or missing price', () => {
    expect(byDistance(20_000, { ...sedan, perkmSurcharge: -1 })).toBeUndefined();
    expect(byDistance(20_000, { ...sedan, basePrice: Number.NaN })).toBeUndefined();
    expect(
      byDistance(20_000, { ...sedan, hourlyRate: undefined as unknown as number }),
    ).toBeUndefined();
    expect(byHour(20_000, -1)).toBeUndefined();
  });

  it('converts metres to kilometres', () => {
    expect(metersToKm(42_300)).toBe(42.3);
  });
});

const money = fc.integer({ min: 0, max: 500_000 }).map((cents) => cents / 100);
const km = fc.integer({ min: 0, max: 200 });
const tariffs = fc.record({
  basePrice: money,
  minimumDistanceForBasePrice: fc.option(km, { nil: undefined }),
  perkmSurcharge: fc.integer({ min: 0, max: 2_000 }).map((cents) => cents / 100),
  hourlyRate: money,
  minimumDistanceForHourlyRate: fc.option(km, { nil: undefined }),
});
const meters = fc.double({ min: 1, max: 3_000_000, noNaN: true });
const hours = fc.integer({ min: 0, max: 48 }).map((halves) => halves / 2);

describe('fare properties', () => {
  it('is never negative and always whole cents', () => {
    fc.assert(
      fc.property(tariffs, meters, fc.boolean(), hours, (tariff, distanceMeters, byTheHour, h) => {
        const fare = computeFare({ tariff, distanceMeters, byTheHour, hours: h });
        expect(fare).toBeGreaterThanOrEqual(0);
        expect(Math.abs((fare as number) * 100 - Math.round((fare as number) * 100))).toBeLessThan(
          1e-6,
        );
      }),
    );
  });

  it('never decreases as the distance grows', () => {
    fc.assert(
      fc.property(tariffs, meters, meters, fc.boolean(), hours, (tariff, a, b, byTheHour, h) => {
        const [near, far] = a <= b ? [a, b] : [b, a];
        const fareNear = computeFare({
          tariff,
          distanceMeters: near,
          byTheHour,
          hours: h,
        }) as number;
        const fareFar = computeFare({ tariff, distanceMeters: far, byTheHour, hours: h }) as number;
        expect(fareFar).toBeGreaterThanOrEqual(fareNear);
      }),
    );
  });

  it('grows with the hours by exactly the hourly rate (up to a cent of rounding)', () => {
    fc.assert(
      fc.property(tariffs, meters, hours, hours, (tariff, distanceMeters, h1, h2) => {
        const f1 = byHour(distanceMeters, h1, tariff) as number;
        const f2 = byHour(distanceMeters, h2, tariff) as number;
        expect(Math.abs(f2 - f1 - tariff.hourlyRate * (h2 - h1))).toBeLessThanOrEqual(0.01 + 1e-9);
      }),
    );
  });

  it('is the base price for any distance up to the included one', () => {
    fc.assert(
      fc.property(tariffs, fc.double({ min: 0, max: 1, noNaN: true }), (tariff, fraction) => {
        const included = tariff.minimumDistanceForBasePrice ?? 10;
        fc.pre(included > 0);
        const distanceMeters = Math.max(1, fraction * included * 1000);
        expect(byDistance(distanceMeters, tariff)).toBe(roundToCents(tariff.basePrice));
      }),
    );
  });
});
