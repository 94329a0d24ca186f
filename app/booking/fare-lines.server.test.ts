// The all-in fare's rules as properties: the total is the sum of its lines; the after-hours window
// is read on Queensland's clock across midnight and at its edges; a holiday date adds its
// surcharge; an extra a vehicle cannot take is never priced; a discount never makes a total
// negative nor goes beyond its rate.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  NO_CHILD_SEATS,
  sumLines,
  type FareLine,
  MIN_CHARGE_CENTS,
  type Trip,
} from '@business-chauffeur/booking-contract';
import {
  discountLine,
  isWithinWindow,
  priceVehicle,
  withDiscount,
  type PricingRules,
  type PromoRule,
} from './fare-lines.server';

const trip: Trip = {
  pickup: { placeId: 'a', description: 'A' },
  stops: [],
  drop: { placeId: 'b', description: 'B' },
  date: '2026-12-10',
  time: '10:00',
  passengers: 2,
  byTheHour: false,
  hours: 0,
  notes: '',
  childSeats: NO_CHILD_SEATS,
  trailer: false,
};

const rules: PricingRules = {
  afterHours: {
    mode: 'percentage',
    percentage: 15,
    fixedAmounts: {},
    startTime: '22:00',
    endTime: '05:00',
  },
  publicHoliday: {
    mode: 'percentage',
    percentage: 25,
    fixedAmounts: {},
    dates: { '2026-12-25': 'Christmas Day', '2027-01-01': "New Year's Day" },
  },
  extras: [
    {
      key: 'childSeat',
      title: 'Child seat',
      pluralTitle: 'Child seats',
      price: 30,
      vehicleTypes: ['suv', 'peopleMover'],
    },
    {
      key: 'trailer',
      title: 'Trailer',
      pluralTitle: 'Trailers',
      price: 30,
      vehicleTypes: ['peopleMover', 'minibus', 'coach'],
    },
  ],
};

const vehicleTypes = ['sedan', 'suv', 'peopleMover', 'minibus', 'coach', 'stretchLimousine'];
const clock = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
const seatCount = fc.integer({ min: 0, max: 2 });
const anyTrip: fc.Arbitrary<Trip> = fc.record({
  ...Object.fromEntries(Object.entries(trip).map(([key, value]) => [key, fc.constant(value)])),
  date: fc.constantFrom('2026-12-10', '2026-12-25', '2027-01-01', '2027-06-30'),
  time: clock,
  childSeats: fc.record({ babyCapsule: seatCount, childSeat: seatCount, booster: seatCount }),
  trailer: fc.boolean(),
}) as fc.Arbitrary<Trip>;
const fare = fc.integer({ min: 1, max: 500_000 }).map((cents) => cents / 100);

const price = (over: Partial<Trip>, vehicleType = 'suv', fareAud = 100, tollCents = 0) =>
  priceVehicle({
    trip: { ...trip, ...over },
    vehicleType,
    fare: fareAud,
    distanceMeters: 20_000,
    tollCents,
    rules,
  });

const kinds = (result: ReturnType<typeof price>) =>
  result.priced ? result.lines.map((line) => [line.kind, line.amountCents]) : result.reason;

describe('priceVehicle', () => {
  it('makes a total that is the sum of its lines, each a whole number of cents', () => {
    fc.assert(
      fc.property(
        anyTrip,
        fc.constantFrom(...vehicleTypes),
        fare,
        fc.nat(5_000),
        (t, type, f, toll) => {
          const result = priceVehicle({
            trip: t,
            vehicleType: type,
            fare: f,
            distanceMeters: 1000,
            tollCents: toll,
            rules,
          });
          if (!result.priced) return;
          expect(result.totalCents).toBe(sumLines(result.lines));
          for (const line of result.lines) expect(Number.isInteger(line.amountCents)).toBe(true);
        },
      ),
    );
  });

  it('applies the after-hours surcharge from 22:00 to 05:00 Queensland time, across midnight', () => {
    expect(kinds(price({ time: '21:59' }))).toEqual([['fare', 10_000]]);
    expect(kinds(price({ time: '22:00' }))).toEqual([
      ['fare', 10_000],
      ['afterHours', 1_500],
    ]);
    expect(kinds(price({ time: '23:30' }))).toEqual([
      ['fare', 10_000],
      ['afterHours', 1_500],
    ]);
    expect(kinds(price({ time: '00:00' }))).toEqual([
      ['fare', 10_000],
      ['afterHours', 1_500],
    ]);
    expect(kinds(price({ time: '04:59' }))).toEqual([
      ['fare', 10_000],
      ['afterHours', 1_500],
    ]);
    expect(kinds(price({ time: '05:00' }))).toEqual([['fare', 10_000]]);
    fc.assert(
      fc.property(clock, (time) => {
        expect(isWithinWindow(time, '22:00', '05:00')).toBe(time >= '22:00' || time < '05:00');
        expect(isWithinWindow(time, '09:00', '17:00')).toBe(time >= '09:00' && time < '17:00');
      }),
    );
  });

  it('adds the public holiday surcharge on a holiday date, on the fare alone, with its name', () => {
    const christmas = price({ date: '2026-12-25', time: '23:30' });
    expect(kinds(christmas)).toEqual([
      ['fare', 10_000],
      ['afterHours', 1_500],
      ['publicHoliday', 2_500],
    ]);
    expect(christmas.priced && christmas.lines[2]?.detail).toBe('Christmas Day, 25% of the fare');
    expect(kinds(price({ date: '2026-12-24' }))).toEqual([['fare', 10_000]]);
  });

  it('charges a fixed surcharge per vehicle type, and none for a type without an amount', () => {
    const fixed: PricingRules = {
      ...rules,
      afterHours: { ...rules.afterHours!, mode: 'fixed', fixedAmounts: { suv: 25.5 } },
    };
    const at = (type: string) =>
      priceVehicle({
        trip: { ...trip, time: '23:00' },
        vehicleType: type,
        fare: 100,
        distanceMeters: 1,
        tollCents: 0,
        rules: fixed,
      });
    expect(kinds(at('suv'))).toEqual([
      ['fare', 10_000],
      ['afterHours', 2_550],
    ]);
    expect(kinds(at('coach'))).toEqual([['fare', 10_000]]);
  });

  it('prices an extra once per booking, and never an extra the vehicle cannot take', () => {
    const seats = { babyCapsule: 1, childSeat: 0, booster: 2 };
    const suv = price({ childSeats: seats });
    expect(kinds(suv)).toEqual([
      ['fare', 10_000],
      ['extra', 3_000],
    ]);
    expect(suv.priced && suv.lines[1]).toMatchObject({
      label: 'Child seat',
      detail: '1 baby capsule, 2 boosters',
    });
    expect(price({ childSeats: seats }, 'sedan')).toEqual({
      priced: false,
      reason: 'Child seats are not available in sedans.',
    });
    expect(price({ trailer: true }, 'suv')).toEqual({
      priced: false,
      reason: 'Trailers are not available in SUVs.',
    });
    fc.assert(
      fc.property(anyTrip, fc.constantFrom(...vehicleTypes), (t, type) => {
        const result = priceVehicle({
          trip: t,
          vehicleType: type,
          fare: 50,
          distanceMeters: 1,
          tollCents: 0,
          rules,
        });
        const wantsSeat =
          t.childSeats.babyCapsule + t.childSeats.childSeat + t.childSeats.booster > 0;
        const allowed =
          (!wantsSeat || ['suv', 'peopleMover'].includes(type)) &&
          (!t.trailer || ['peopleMover', 'minibus', 'coach'].includes(type));
        expect(result.priced).toBe(allowed);
      }),
    );
  });

  it('refuses an extra the CMS does not offer at all', () => {
    const result = priceVehicle({
      trip: { ...trip, trailer: true },
      vehicleType: 'coach',
      fare: 100,
      distanceMeters: 1,
      tollCents: 0,
      rules: { ...rules, extras: [] },
    });
    expect(result).toEqual({ priced: false, reason: 'Trailers are not available in coaches.' });
  });

  it('adds the tolls the route service estimated as their own line, and none without', () => {
    expect(kinds(price({}, 'suv', 100, 785))).toEqual([
      ['fare', 10_000],
      ['toll', 785],
    ]);
    expect(kinds(price({}, 'suv', 100, 0))).toEqual([['fare', 10_000]]);
  });

  it('rounds each line once, half away from zero (a 15 % surcharge on $100.10 is $15.02)', () => {
    expect(kinds(price({ time: '22:30' }, 'suv', 100.1))).toEqual([
      ['fare', 10_010],
      ['afterHours', 1_502],
    ]);
  });
});

const welcome: PromoRule = {
  code: 'WELCOME10',
  discountType: 'percentage',
  percentage: 10,
  amount: 0,
  validFrom: '2026-01-01',
  validUntil: '2027-12-31',
  maxUses: 1000,
  minimumFare: 0,
  vehicleTypes: [],
};

const fareLines = (cents: number): FareLine[] => [
  { kind: 'fare', label: 'Fare', detail: null, amountCents: cents },
];

describe('discountLine', () => {
  it('takes a percentage off every other line, as a negative line naming the code', () => {
    const lines: FareLine[] = [
      ...fareLines(15_000),
      { kind: 'extra', label: 'Child seat', detail: null, amountCents: 3_000 },
    ];
    const discount = discountLine({
      lines,
      promo: welcome,
      vehicleType: 'suv',
      today: '2026-11-23',
    });
    expect(discount).toEqual({
      kind: 'discount',
      label: 'Discount (WELCOME10)',
      detail: '10% off',
      amountCents: -1_800,
    });
    expect(sumLines(withDiscount(lines, discount))).toBe(16_200);
  });

  it('is not valid outside its dates, for another vehicle type or below its minimum fare', () => {
    const lines = fareLines(10_000);
    const at = (promo: Partial<PromoRule>, today = '2026-11-23', type = 'suv') =>
      discountLine({ lines, promo: { ...welcome, ...promo }, vehicleType: type, today });
    expect(at({}, '2025-12-31')).toBeNull();
    expect(at({}, '2026-01-01')).not.toBeNull();
    expect(at({}, '2027-12-31')).not.toBeNull();
    expect(at({}, '2028-01-01')).toBeNull();
    expect(at({ vehicleTypes: ['coach'] })).toBeNull();
    expect(at({ vehicleTypes: ['coach', 'suv'] })).not.toBeNull();
    expect(at({ minimumFare: 100.01 })).toBeNull();
    expect(at({ minimumFare: 100 })).not.toBeNull();
  });

  it('never makes a total negative or below the smallest charge, nor gives more than its rate', () => {
    const promo = fc.oneof(
      fc.integer({ min: 1, max: 100 }).map((percentage) => ({ ...welcome, percentage })),
      fc.integer({ min: 1, max: 100_000 }).map((cents) => ({
        ...welcome,
        discountType: 'fixed' as const,
        amount: cents / 100,
      })),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), promo, (subtotal, rule) => {
        const lines = fareLines(subtotal);
        const discount = discountLine({
          lines,
          promo: rule,
          vehicleType: 'sedan',
          today: '2026-11-23',
        });
        if (discount === null) return;
        const total = sumLines(withDiscount(lines, discount));
        expect(total).toBeGreaterThanOrEqual(MIN_CHARGE_CENTS);
        expect(discount.amountCents).toBeLessThan(0);
        const limit =
          rule.discountType === 'percentage'
            ? Math.round((subtotal * rule.percentage) / 100)
            : Math.round(rule.amount * 100);
        expect(-discount.amountCents).toBeLessThanOrEqual(limit);
      }),
    );
  });

  it('replaces an earlier discount rather than adding a second one', () => {
    const once = withDiscount(
      fareLines(10_000),
      discountLine({
        lines: fareLines(10_000),
        promo: welcome,
        vehicleType: null,
        today: '2026-11-23',
      }),
    );
    const twice = withDiscount(
      once,
      discountLine({ lines: once, promo: welcome, vehicleType: null, today: '2026-11-23' }),
    );
    expect(twice).toEqual(once);
    expect(sumLines(twice)).toBe(9_000);
  });
});
