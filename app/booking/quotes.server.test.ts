// createQuote with test doubles of the Places and ContentSource ports: how the fleet's content
// decides which vehicles are priced, and what a quote refuses to produce.
import { NO_CHILD_SEATS, type Trip } from '@business-chauffeur/booking-contract';
import { describe, expect, it, vi } from 'vitest';
import type { ContentSource } from '~/content/content-source.server';
import type { VehicleTypesForQuoteQueryResult } from '~/content/sanity.types';
import { RouteUnavailableError, type Places, type RouteLeg } from '~/places/places.server';
import { NO_PRICING_RULES, type PricingRules } from './fare-lines.server';
import { verifyQuote } from './quote-token.server';
import {
  checkedTripDetails,
  createQuote,
  FleetUnavailableError,
  TripDetailsError,
} from './quotes.server';

const secret = 'quotes-unit-test-secret-0123456789abcdef';
const now = new Date('2026-03-10T02:00:00Z');

const trip: Trip = {
  pickup: { placeId: 'a', description: 'A' },
  stops: [{ placeId: 'b', description: 'B' }],
  drop: { placeId: 'c', description: 'C' },
  date: '2026-03-11',
  time: '10:00',
  passengers: 4,
  byTheHour: false,
  hours: 0,
  notes: '',
  childSeats: NO_CHILD_SEATS,
  trailer: false,
};

/** No surcharge, extra or promo: the tariff's fare alone (fare-lines.server.test.ts prices them). */
const rules = NO_PRICING_RULES;

type Vehicle = VehicleTypesForQuoteQueryResult[number];

function vehicle(overrides: Partial<Vehicle>): Vehicle {
  return {
    _id: 'vehicleType.sedan',
    title: 'Sedan',
    slug: 'sedan',
    subTitle: null,
    shortDescription: null,
    disclaimer: null,
    type: 'sedan',
    category: null,
    image: null,
    passengerMax: 3,
    suitcases: 2,
    smallBags: 1,
    tariff: {
      basePrice: 100,
      minimumDistanceForBasePrice: 10,
      perkmSurcharge: 2,
      hourlyRate: 90,
      minimumDistanceForHourlyRate: 20,
    },
    ...overrides,
  };
}

/** The provider's own names of the trip's places. */
const providerNames: Record<string, string> = {
  a: 'Brisbane City QLD 4000',
  b: 'South Bank QLD 4101',
  c: 'Surfers Paradise QLD 4217',
};

function places(legs: RouteLeg[]): Places {
  return {
    kind: 'gazetteer',
    suggest: async () => [],
    route: vi.fn(async () => legs),
    describe: vi.fn(async (placeId: string) => ({
      description: providerNames[placeId] ?? placeId,
      kind: 'landmark' as const,
    })),
  };
}

function content(fleet: Vehicle[] | Error): ContentSource {
  return {
    kind: 'embedded',
    fetch: (async () => {
      if (fleet instanceof Error) throw fleet;
      return fleet;
    }) as ContentSource['fetch'],
    invalidate: () => undefined,
    revision: () => 'test',
  };
}

const legs = [
  { distanceMeters: 12_000, durationSeconds: 900 },
  { distanceMeters: 8_000, durationSeconds: 600 },
];

describe('createQuote', () => {
  it('routes pickup, stops and drop in order and prices on the summed distance', async () => {
    const routePlaces = places(legs);
    const quote = await createQuote({
      trip,
      places: routePlaces,
      content: content([vehicle({})]),
      now,
      secret,
      rules,
    });
    expect(routePlaces.route).toHaveBeenCalledWith(['a', 'b', 'c']);
    expect(quote.distanceMeters).toBe(20_000);
    expect(quote.durationSeconds).toBe(1_500);
    expect(quote.durationText).toBe('25 mins');
    // 20 km: 100 + 10 km × 2.
    expect(quote.vehicles[0]).toMatchObject({ totalCents: 12_000, canCarry: false, passengers: 3 });
    expect(verifyQuote(quote.quoteToken, now, { secret }).vehicles).toEqual([
      {
        id: 'vehicleType.sedan',
        slug: 'sedan',
        title: 'Sedan',
        type: 'sedan',
        passengers: 3,
        fare: 120,
        fareCents: 12_000,
        lines: [
          {
            kind: 'fare',
            label: 'Fare (base and distance)',
            detail: '20.0 km',
            amountCents: 12_000,
          },
        ],
      },
    ]);
    expect(quote.vehicles[0]).toMatchObject({ totalCents: 12_000, gstCents: 1_091 });
  });

  it('adds the tolls the route service estimated, the surcharges and the extras to every card and the token', async () => {
    const tolled = [
      { distanceMeters: 12_000, durationSeconds: 900, tollCents: 475 },
      { distanceMeters: 8_000, durationSeconds: 600, tollCents: 310 },
    ];
    const withExtras: PricingRules = {
      afterHours: {
        mode: 'percentage',
        percentage: 15,
        fixedAmounts: {},
        startTime: '22:00',
        endTime: '05:00',
      },
      publicHoliday: null,
      extras: [
        {
          key: 'childSeat',
          title: 'Child seat',
          pluralTitle: 'Child seats',
          price: 30,
          vehicleTypes: ['suv'],
        },
      ],
    };
    const suv = vehicle({ _id: 'vehicleType.suv', slug: 'suv', title: 'SUV', type: 'suv' });
    const quote = await createQuote({
      trip: { ...trip, time: '23:30', childSeats: { ...NO_CHILD_SEATS, booster: 1 } },
      places: places(tolled),
      content: content([vehicle({}), suv]),
      now,
      secret,
      rules: withExtras,
    });
    const [sedanCard, suvCard] = quote.vehicles;
    expect(sedanCard).toMatchObject({
      totalCents: null,
      lines: [],
      unavailableReason: 'Child seats are not available in sedans.',
    });
    // 120.00 fare + 18.00 after hours + 30.00 child seat + 7.85 tolls.
    expect(suvCard?.lines.map((line) => [line.kind, line.amountCents])).toEqual([
      ['fare', 12_000],
      ['afterHours', 1_800],
      ['extra', 3_000],
      ['toll', 785],
    ]);
    expect(suvCard).toMatchObject({ totalCents: 17_585, unavailableReason: null });
    const token = verifyQuote(quote.quoteToken, now, { secret });
    expect(token.vehicles.map((v) => [v.id, v.fareCents])).toEqual([['vehicleType.suv', 17_585]]);
    expect(token.legs).toEqual(legs);
  });

  it('leaves unpriced, with the reason on its card, a vehicle that cannot take the luggage', async () => {
    const van = vehicle({ _id: 'vehicleType.van', slug: 'van', title: 'Van', suitcases: 8 });
    const quote = await createQuote({
      trip: { ...trip, suitcases: 3, smallBags: 1 },
      places: places(legs),
      content: content([
        vehicle({}),
        vehicle({ _id: 'vehicleType.mini', smallBags: 0, suitcases: 4 }),
        van,
      ]),
      now,
      secret,
      rules,
    });
    const [sedanCard, miniCard, vanCard] = quote.vehicles;
    expect(sedanCard).toMatchObject({
      totalCents: null,
      lines: [],
      unavailableReason: 'This vehicle takes up to 2 suitcases.',
    });
    expect(miniCard?.unavailableReason).toBe('This vehicle takes no small bags.');
    expect(vanCard).toMatchObject({ unavailableReason: null, totalCents: 12_000 });
    expect(quote.trip).toMatchObject({ suitcases: 3, smallBags: 1 });
    // Only the van is in the signed quote, so a booking of the sedan is refused.
    const token = verifyQuote(quote.quoteToken, now, { secret });
    expect(token.vehicles.map((v) => v.id)).toEqual(['vehicleType.van']);
  });

  it('keeps the reason of an extra the vehicle cannot take when the luggage does not fit either', async () => {
    const quote = await createQuote({
      trip: { ...trip, suitcases: 5, trailer: true },
      places: places(legs),
      content: content([vehicle({})]),
      now,
      secret,
      rules,
    });
    expect(quote.vehicles[0]?.unavailableReason).toBe('Trailers are not available in sedans.');
  });

  it("names every place as the provider does, never with the client's text, in the answer and the token", async () => {
    const routePlaces = places(legs);
    const spoofed: Trip = {
      ...trip,
      pickup: { placeId: 'a', description: 'Cairns Airport QLD' },
      stops: [{ placeId: 'b', description: 'Sydney Opera House' }],
      drop: { placeId: 'c', description: 'Anywhere at all' },
    };
    const quote = await createQuote({
      trip: spoofed,
      places: routePlaces,
      content: content([vehicle({})]),
      now,
      secret,
      rules,
    });
    const expected = {
      pickup: { placeId: 'a', description: 'Brisbane City QLD 4000' },
      stops: [{ placeId: 'b', description: 'South Bank QLD 4101' }],
      drop: { placeId: 'c', description: 'Surfers Paradise QLD 4217' },
    };
    expect(quote.trip).toMatchObject(expected);
    expect(verifyQuote(quote.quoteToken, now, { secret }).trip).toMatchObject(expected);
  });

  it('shows a vehicle whose tariff cannot price the trip without a fare, and leaves it out of the token', async () => {
    const broken = vehicle({
      _id: 'vehicleType.van',
      slug: 'van',
      title: 'Van',
      passengerMax: 8,
      tariff: {
        basePrice: null,
        minimumDistanceForBasePrice: 10,
        perkmSurcharge: 2,
        hourlyRate: 80,
        minimumDistanceForHourlyRate: 20,
      },
    });
    const quote = await createQuote({
      trip,
      places: places(legs),
      content: content([vehicle({}), broken]),
      now,
      secret,
      rules,
    });
    expect(quote.vehicles.map((card) => [card.slug, card.totalCents])).toEqual([
      ['sedan', 12_000],
      ['van', null],
    ]);
    expect(verifyQuote(quote.quoteToken, now, { secret }).vehicles.map((v) => v.slug)).toEqual([
      'sedan',
    ]);
  });

  it('leaves out vehicles without a title, slug or seats', async () => {
    const quote = await createQuote({
      trip,
      places: places(legs),
      content: content([
        vehicle({}),
        vehicle({ _id: 'x', slug: null }),
        vehicle({ _id: 'y', passengerMax: 0 }),
      ]),
      now,
      secret,
      rules,
    });
    expect(quote.vehicles.map((card) => card.id)).toEqual(['vehicleType.sedan']);
  });

  it('refuses a route with no distance (it has no fare)', async () => {
    await expect(
      createQuote({
        trip,
        places: places([{ distanceMeters: 0, durationSeconds: 0 }]),
        content: content([vehicle({})]),
        now,
        secret,
        rules,
      }),
    ).rejects.toBeInstanceOf(RouteUnavailableError);
  });

  it('throws FleetUnavailableError when the fleet cannot be read, is empty or has no usable tariff', async () => {
    for (const fleet of [
      new Error('CMS down'),
      [],
      [
        vehicle({
          tariff: {
            basePrice: -1,
            minimumDistanceForBasePrice: 10,
            perkmSurcharge: 2,
            hourlyRate: 1,
            minimumDistanceForHourlyRate: 20,
          },
        }),
      ],
    ]) {
      await expect(
        createQuote({ trip, places: places(legs), content: content(fleet), now, secret, rules }),
      ).rejects.toBeInstanceOf(FleetUnavailableError);
    }
  });
});

describe('checkedTripDetails', () => {
  const described: Trip = {
    ...trip,
    pickup: { placeId: 'a', description: 'A', kind: 'address', details: 'Unit 4' },
    stops: [{ placeId: 'b', description: 'B', kind: 'landmark', details: ' Gate 3 ' }],
    drop: { placeId: 'c', description: 'C', kind: 'locality', details: '12 Smith Street' },
    flightNumber: 'QF512',
  };

  it('drops the details of an exact address and the flight of a pickup that is not an airport', () => {
    const checked = checkedTripDetails(described);
    expect(checked.pickup).toEqual({ placeId: 'a', description: 'A', kind: 'address' });
    expect(checked.stops[0]?.details).toBe('Gate 3');
    expect(checked.drop.details).toBe('12 Smith Street');
    expect(checked).not.toHaveProperty('flightNumber');
  });

  it("refuses by the provider's kinds, with each field's message", () => {
    const refused = () =>
      checkedTripDetails({
        ...described,
        pickup: { placeId: 'a', description: 'A', kind: 'airport' },
        drop: { ...described.drop, details: '' },
        flightNumber: undefined,
      });
    expect(refused).toThrow(TripDetailsError);
    try {
      refused();
    } catch (error) {
      expect(Object.keys((error as TripDetailsError).fields).sort()).toEqual([
        'drop.details',
        'flightNumber',
      ]);
    }
  });
});
