// POST /api/quotes for valid and invalid trips: legs summed, every vehicle priced from its tariff,
// the gazetteer's names signed into the token, and the step-1 messages.
import {
  DAY_MS,
  SECRET,
  errorOf,
  place,
  postJson,
  trip,
  quotesApiSuite,
} from '../support/quotes-api';
import {
  messages,
  quoteResponseSchema,
  todayInBrisbane,
  type QuoteRequest,
  type QuoteResponse,
} from '@business-chauffeur/booking-contract';
import { describe, expect, it } from 'vitest';
import { computeFare, toCents } from '~/booking/fares.server';
import { QUOTE_TTL_MS, verifyQuote } from '~/booking/quote-token.server';
import { createGazetteerPlaces } from '~/places/gazetteer-places.server';

quotesApiSuite();

describe('POST /api/quotes', () => {
  it('quotes a multi-stop trip by the hour: legs summed, every non-archived vehicle priced, a signed token', async () => {
    const request = trip({
      stops: [
        { enabled: true, ...place('gz:south-bank-parklands') },
        { enabled: true, ...place('gz:portside-wharf') },
        { enabled: false, placeId: null, description: null },
        { enabled: false, placeId: null, description: null },
      ],
      passengers: 5,
      byTheHour: true,
      hours: 3,
      notes: 'Wedding party; ribbons on the car',
      // Whatever amount a client sends is ignored: the server alone prices.
      amount: 1,
    } as Partial<QuoteRequest>);
    const response = await postJson(request);
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    const quote: QuoteResponse = quoteResponseSchema.parse(await response.json());

    // The route: pickup → South Bank → Portside → CBD, measured by the gazetteer and summed.
    const expectedLegs = await createGazetteerPlaces().route([
      'gz:bne-domestic',
      'gz:south-bank-parklands',
      'gz:portside-wharf',
      'gz:brisbane-cbd',
    ]);
    expect(quote.legs).toEqual(expectedLegs);
    const total = expectedLegs.reduce((sum, leg) => sum + leg.distanceMeters, 0);
    expect(quote.distanceMeters).toBe(total);
    expect(quote.durationSeconds).toBe(
      expectedLegs.reduce((sum, leg) => sum + leg.durationSeconds, 0),
    );
    expect(quote.distanceText).toBe(`${(total / 1000).toFixed(1)} km`);
    expect(quote.trip.stops.map((stop) => stop.placeId)).toEqual([
      'gz:south-bank-parklands',
      'gz:portside-wharf',
    ]);
    expect(quote.trip).toMatchObject({ byTheHour: true, hours: 3, passengers: 5 });

    // The fleet: in category order, the archived, draft and untariffed types left out.
    expect(quote.vehicles.map((vehicle) => vehicle.id)).toEqual([
      'vehicleType.executive-sedan',
      'vehicleType.people-mover',
      'vehicleType.coach',
    ]);
    const [sedan, mover, coach] = quote.vehicles;
    // Hourly formula: rate × 3 h, plus the km beyond the included 20 at the per-km surcharge.
    const km = total / 1000;
    const hourlyCents = (rate: number, perKm: number) =>
      Math.round((rate * 3 + Math.max(0, km - 20) * perKm) * 100);
    expect(sedan?.totalCents).toBe(hourlyCents(85, 3.2));
    expect(mover?.totalCents).toBe(hourlyCents(120, 4.2));
    expect(coach?.totalCents).toBe(hourlyCents(260, 8.9));
    expect(sedan?.totalCents).toBe(
      toCents(
        computeFare({
          tariff: {
            basePrice: 95,
            perkmSurcharge: 3.2,
            hourlyRate: 85,
            minimumDistanceForHourlyRate: 20,
          },
          distanceMeters: total,
          byTheHour: true,
          hours: 3,
        }) ?? NaN,
      ),
    );
    expect(sedan).toMatchObject({
      slug: 'executive-sedan',
      title: 'Executive Sedan',
      subTitle: 'Mercedes-Benz E-Class or similar',
      disclaimer: 'Pictured vehicle may differ.',
      category: { slug: 'cars', title: 'Sedans and SUVs' },
      passengers: 3,
      suitcases: 2,
      smallBags: 0,
      currency: 'AUD',
      canCarry: false,
      image: { alt: 'A dark executive sedan', width: 640, height: 360 },
    });
    expect(mover?.canCarry).toBe(true);
    expect(coach?.canCarry).toBe(true);

    // The token carries what was quoted, and the server can read it back.
    const payload = verifyQuote(quote.quoteToken);
    expect(payload.trip).toEqual(quote.trip);
    expect(payload.distanceMeters).toBe(total);
    expect(
      payload.vehicles.map((vehicle) => [vehicle.id, vehicle.fare, vehicle.fareCents]),
    ).toEqual(
      // The token's `fare` is the same in dollars, kept for the previous release's instances.
      quote.vehicles.map((vehicle) => [
        vehicle.id,
        (vehicle.totalCents as number) / 100,
        vehicle.totalCents,
      ]),
    );
    expect(Date.parse(quote.expiresAt) - payload.issuedAt).toBe(QUOTE_TTL_MS);
  });

  it('prices by distance when not by the hour, with the tariff’s default included distance', async () => {
    const response = await postJson(trip());
    const quote = quoteResponseSchema.parse(await response.json());
    expect(quote.trip.hours).toBe(0);
    const km = quote.distanceMeters / 1000;
    // The people mover's tariff leaves minimumDistanceForBasePrice out: 10 km applies.
    const mover = quote.vehicles.find((vehicle) => vehicle.slug === 'people-mover');
    expect(mover?.totalCents).toBe(Math.round((140 + Math.max(0, km - 10) * 4.2) * 100));
  });

  it('answers 400 with the exact step-1 messages for an empty step', async () => {
    const response = await postJson({ passengers: 0, byTheHour: true, hours: 0, time: '' });
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.code).toBe('invalid_request');
    expect(error.fields).toEqual({
      pickup: 'Pickup location is required.',
      drop: 'Drop location is required.',
      date: 'Booking date is required.',
      time: 'Booking time is required.',
      passengers: 'Number of passengers is required.',
      hours: 'Since you have opted booking by the hours, Number of hours is required.',
    });
  });

  it.each([
    [
      'a pickup less than an hour ahead',
      () => ({ date: todayInBrisbane(new Date(Date.now() - DAY_MS)), time: '23:00' }),
      { time: 'Booking must be at least one hour from now.' },
    ],
    [
      'stop 1 switched on without a place',
      () => ({ stops: [{ enabled: true, placeId: null, description: null }] }),
      { 'stops.0': 'Since you have selected, add another stop, Stop location is required.' },
    ],
    [
      'notes with characters outside the rule',
      () => ({ notes: 'Flight QF512 (gate 4)!' }),
      { notes: 'Only alphanumeric characters, commas, semicolons, and underscores are allowed.' },
    ],
    [
      'notes over 300 characters',
      () => ({ notes: 'a'.repeat(301) }),
      { notes: 'Booking notes can be at most 300 characters.' },
    ],
  ])('answers 400 for %s', async (_case, overrides, fields) => {
    const response = await postJson(trip(overrides() as Partial<QuoteRequest>));
    expect(response.status).toBe(400);
    expect((await errorOf(response)).fields).toEqual(fields);
  });

  it("quotes and signs the gazetteer's names of the places, not the descriptions the client sent", async () => {
    const response = await postJson(
      trip({
        pickup: {
          placeId: 'gz:4000-brisbane-city',
          description: 'Cairns Airport QLD',
          details: '200 Adelaide Street',
        },
        stops: [{ enabled: true, placeId: 'gz:south-bank-parklands', description: 'Uluru NT' }],
        drop: { placeId: 'gz:brisbane-cbd', description: 'Sydney Opera House' },
      }),
    );
    expect(response.status).toBe(200);
    const quote = quoteResponseSchema.parse(await response.json());
    const expected = {
      pickup: {
        placeId: 'gz:4000-brisbane-city',
        description: 'Brisbane City QLD 4000',
        kind: 'locality',
        details: '200 Adelaide Street',
      },
      stops: [place('gz:south-bank-parklands')],
      drop: place('gz:brisbane-cbd'),
    };
    expect(quote.trip).toMatchObject(expected);
    expect(verifyQuote(quote.quoteToken, new Date(), { secret: SECRET }).trip).toMatchObject(
      expected,
    );
    expect(JSON.stringify(quote)).not.toMatch(/Cairns|Uluru|Sydney/);
    // The flight the client sent is not kept: the pickup is not an airport.
    expect(quote.trip.flightNumber).toBeUndefined();
  });

  it.each([0.01, 0.5, 0.75, 1.25, 100])(
    'answers 400 with the hours field to %s hours by the hour',
    async (hours) => {
      const response = await postJson(trip({ byTheHour: true, hours }));
      expect(response.status).toBe(400);
      const error = await errorOf(response);
      expect(error.code).toBe('invalid_request');
      expect(Object.keys(error.fields ?? {})).toEqual(['hours']);
      expect(error.fields?.hours).toBe(
        hours > 24 ? messages.booking.hoursTooMany(24) : messages.booking.hoursSteps(1),
      );
    },
  );

  it('quotes 1.5 hours by the hour', async () => {
    const response = await postJson(trip({ byTheHour: true, hours: 1.5 }));
    expect(response.status).toBe(200);
    expect(quoteResponseSchema.parse(await response.json()).trip.hours).toBe(1.5);
  });

  it('refuses a pickup date beyond the 12-month horizon with the message, and quotes one within it', async () => {
    const monthsAhead = (months: number) => {
      const [year, month, day] = todayInBrisbane().split('-').map(Number) as [
        number,
        number,
        number,
      ];
      const target = new Date(Date.UTC(year, month - 1 + months, Math.min(day, 28)));
      return target.toISOString().slice(0, 10);
    };
    for (const date of ['9999-01-01', monthsAhead(13)]) {
      const response = await postJson(trip({ date }));
      expect(response.status, date).toBe(400);
      expect((await errorOf(response)).fields).toEqual({
        date: messages.booking.dateTooFar(12),
      });
    }
    const within = await postJson(trip({ date: monthsAhead(11) }));
    expect(within.status).toBe(200);
  });
});
