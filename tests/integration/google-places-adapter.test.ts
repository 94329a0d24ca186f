// The Google adapter against a local HTTP stub that answers with recorded responses
// (tests/fixtures/google): the requests it sends (URL, headers, field masks, body) and how every
// kind of answer maps onto the port's results and errors.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { log } from '~/utils/log.server';
import {
  AUTOCOMPLETE_FIELD_MASK,
  createGooglePlaces,
  parseDuration,
  PLACE_DETAILS_FIELD_MASK,
  placeDescription,
  placeKindFromTypes,
  ROUTES_FIELD_MASK,
} from '~/places/google-places.server';
import {
  PlaceNotFoundError,
  ProviderUnavailableError,
  RouteUnavailableError,
  type Places,
} from '~/places/places.server';

const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/google/${name}`, import.meta.url), 'utf8');

interface Recorded {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

type Reply = { status: number; body: string } | 'hang' | 'reset';

let server: Server;
let baseUrl: string;
let requests: Recorded[] = [];
let reply: Reply = { status: 200, body: '{}' };

function answer(status: number, fixtureName: string) {
  reply = { status, body: fixture(fixtureName) };
}

beforeAll(async () => {
  server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      requests.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
      });
      if (reply === 'hang') return;
      if (reply === 'reset') {
        request.socket.destroy();
        return;
      }
      response.writeHead(reply.status, { 'Content-Type': 'application/json; charset=UTF-8' });
      response.end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  requests = [];
  reply = { status: 200, body: '{}' };
});

function adapter(): Places {
  return createGooglePlaces({
    apiKey: 'test-server-key',
    placesBaseUrl: baseUrl,
    routesBaseUrl: `${baseUrl}/`,
    suggestTimeoutMs: 200,
    routeTimeoutMs: 200,
  });
}

describe('suggestions (Places Autocomplete (New))', () => {
  it('sends the key, the field mask, the session token, Australia and a South-East Queensland bias', async () => {
    answer(200, 'autocomplete-brisbane-airport.json');
    await adapter().suggest('  Brisbane Airport ', '0f8c1b52-8d34-4a39-9a5e-6c2d1f0e7b21');
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/v1/places:autocomplete');
    expect(request?.headers['x-goog-api-key']).toBe('test-server-key');
    expect(request?.headers['x-goog-fieldmask']).toBe(AUTOCOMPLETE_FIELD_MASK);
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.body).toEqual({
      input: 'Brisbane Airport',
      sessionToken: '0f8c1b52-8d34-4a39-9a5e-6c2d1f0e7b21',
      includedRegionCodes: ['au'],
      regionCode: 'au',
      languageCode: 'en-AU',
      locationBias: {
        rectangle: {
          low: { latitude: -28.4, longitude: 152.4 },
          high: { latitude: -26.1, longitude: 153.7 },
        },
      },
    });
  });

  it('returns the place predictions and skips query predictions', async () => {
    answer(200, 'autocomplete-brisbane-airport.json');
    expect(await adapter().suggest('Brisbane Airport')).toEqual([
      {
        placeId: 'ChIJn1N0Ys9ZkWsRBG6uyxIHT5k',
        description: 'Brisbane Airport (BNE), Airport Drive, Brisbane Airport QLD, Australia',
        kind: 'airport',
      },
      {
        placeId: 'ChIJxS2nT-JZkWsR9W0aT_Vjy6A',
        description: 'Brisbane Airport Domestic Terminal, Brisbane Airport QLD, Australia',
        kind: 'airport',
      },
      {
        placeId: 'ChIJ4ZqXLRtakWsRg3l6ZxzYbpQ',
        description:
          'Brisbane Airport International Terminal, Airport Drive, Brisbane Airport QLD, Australia',
        kind: 'airport',
      },
    ]);
  });

  it("reads each prediction's kind from Google's place types", () => {
    expect(placeKindFromTypes(['airport', 'point_of_interest', 'establishment'])).toBe('airport');
    expect(placeKindFromTypes(['street_address'])).toBe('address');
    expect(placeKindFromTypes(['premise', 'establishment'])).toBe('address');
    expect(placeKindFromTypes(['subpremise'])).toBe('address');
    expect(placeKindFromTypes(['lodging', 'point_of_interest', 'establishment'])).toBe('landmark');
    expect(placeKindFromTypes(['locality', 'political'])).toBe('locality');
    expect(placeKindFromTypes(['route'])).toBe('locality');
    expect(placeKindFromTypes(['postal_code'])).toBe('locality');
    // Without types nothing says the place is exact: the form asks for the address.
    expect(placeKindFromTypes(undefined)).toBe('locality');
    expect(placeKindFromTypes([])).toBe('locality');
  });

  it('returns at most 8', async () => {
    answer(200, 'autocomplete-many.json');
    const suggestions = await adapter().suggest('Surfers Paradise');
    expect(suggestions).toHaveLength(8);
    expect(suggestions[7]?.placeId).toBe('p8');
  });

  it('leaves out a session token that Google would refuse, and sends nothing for blank input', async () => {
    await adapter().suggest('Noosa', 'not a token!');
    expect(requests[0]?.body).not.toHaveProperty('sessionToken');
    expect(await adapter().suggest('   ')).toEqual([]);
    expect(requests).toHaveLength(1);
  });

  it('answers an empty list when Google has no suggestion (empty body)', async () => {
    expect(await adapter().suggest('zzqx')).toEqual([]);
  });

  it.each([
    [403, 'error-permission-denied.json'],
    [429, 'error-quota.json'],
    [503, 'error-internal.json'],
    [400, 'error-invalid-place.json'],
  ])('maps HTTP %s to ProviderUnavailableError', async (status, name) => {
    answer(status, name);
    await expect(adapter().suggest('Brisbane')).rejects.toBeInstanceOf(ProviderUnavailableError);
  });

  it('maps a timeout to ProviderUnavailableError', async () => {
    reply = 'hang';
    const started = Date.now();
    const error = await adapter()
      .suggest('Brisbane')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect((error as Error).message).toContain('no answer within 200 ms');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('maps a dropped connection and a non-JSON body to ProviderUnavailableError', async () => {
    reply = 'reset';
    await expect(adapter().suggest('Brisbane')).rejects.toBeInstanceOf(ProviderUnavailableError);
    reply = { status: 200, body: '<html>proxy error</html>' };
    await expect(adapter().suggest('Brisbane')).rejects.toBeInstanceOf(ProviderUnavailableError);
  });

  it('maps an unreachable host to ProviderUnavailableError', async () => {
    const places = createGooglePlaces({ apiKey: 'k', placesBaseUrl: 'http://127.0.0.1:9' });
    await expect(places.suggest('Brisbane')).rejects.toBeInstanceOf(ProviderUnavailableError);
  });
});

describe('route legs (Routes API computeRoutes)', () => {
  const ids = ['ChIJpickup', 'ChIJstop1', 'ChIJstop2', 'ChIJdrop'];

  it('asks for one route through every stop, with only the legs’ distance, duration and tolls', async () => {
    answer(200, 'routes-multi-stop.json');
    await adapter().route(ids);
    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/directions/v2:computeRoutes');
    expect(request?.headers['x-goog-api-key']).toBe('test-server-key');
    expect(request?.headers['x-goog-fieldmask']).toBe(ROUTES_FIELD_MASK);
    expect(ROUTES_FIELD_MASK.split(',')).toEqual(
      expect.arrayContaining([
        'routes.legs.distanceMeters',
        'routes.legs.duration',
        'routes.legs.travelAdvisory.tollInfo',
      ]),
    );
    expect(request?.body).toEqual({
      origin: { placeId: 'ChIJpickup' },
      destination: { placeId: 'ChIJdrop' },
      intermediates: [{ placeId: 'ChIJstop1' }, { placeId: 'ChIJstop2' }],
      travelMode: 'DRIVE',
      routingPreference: 'TRAFFIC_UNAWARE',
      units: 'METRIC',
      regionCode: 'au',
      languageCode: 'en-AU',
      extraComputations: ['TOLLS'],
      routeModifiers: { vehicleInfo: { emissionType: 'GASOLINE' } },
    });
  });

  it('returns the legs in order with metres and seconds, and no tolls where Google sent no toll info', async () => {
    answer(200, 'routes-multi-stop.json');
    expect(await adapter().route(ids)).toEqual([
      { distanceMeters: 17342, durationSeconds: 1264, tollCents: 0 },
      { distanceMeters: 78215, durationSeconds: 3905, tollCents: 0 },
      { distanceMeters: 21987, durationSeconds: 1430, tollCents: 0 },
    ]);
  });

  it('reads a leg with its zero values left out as 0 m and 0 s', async () => {
    answer(200, 'routes-same-place.json');
    expect(await adapter().route(['ChIJa', 'ChIJa'])).toEqual([
      { distanceMeters: 0, durationSeconds: 0, tollCents: 0 },
    ]);
  });

  it('sums each leg’s AUD toll prices into cents, rounded once per leg', async () => {
    answer(200, 'routes-tolls.json');
    // $6.88 on the first leg; none on the second; $3.925 + $0.005 = $3.93 on the third (rounding
    // each price first would make it $3.94).
    expect((await adapter().route(ids)).map((leg) => leg.tollCents)).toEqual([688, 0, 393]);
  });

  /** A one-leg route whose leg carries this toll info. */
  function tolled(tollInfo: unknown) {
    reply = {
      status: 200,
      body: JSON.stringify({
        routes: [
          { legs: [{ distanceMeters: 9000, duration: '600s', travelAdvisory: { tollInfo } }] },
        ],
      }),
    };
    return adapter().route(['ChIJa', 'ChIJb']);
  }

  it('leaves tollCents out when Google knows of a toll but not its price', async () => {
    const [leg] = await tolled({});
    expect(leg).toEqual({ distanceMeters: 9000, durationSeconds: 600 });
    expect(leg).not.toHaveProperty('tollCents');
  });

  it('rounds half a cent away from zero', async () => {
    const [leg] = await tolled({
      estimatedPrice: [{ currencyCode: 'AUD', units: '4', nanos: 125_000_000 }],
    });
    expect(leg?.tollCents).toBe(413);
  });

  it('ignores prices in another currency with a warning; none left in AUD is an unknown price', async () => {
    const warn = vi.spyOn(log, 'warn').mockImplementation(() => {});
    const [mixed] = await tolled({
      estimatedPrice: [
        { currencyCode: 'USD', units: '5' },
        { currencyCode: 'AUD', units: '2', nanos: 500_000_000 },
      ],
    });
    expect(mixed?.tollCents).toBe(250);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/another currency/), {
      currencyCode: 'USD',
    });
    const [foreign] = await tolled({ estimatedPrice: [{ currencyCode: 'NZD', units: '3' }] });
    expect(foreign).not.toHaveProperty('tollCents');
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it.each([
    { currencyCode: 'AUD', units: '-3' },
    { currencyCode: 'AUD', units: 'three' },
    { currencyCode: 'AUD', units: '3', nanos: 1_500_000_000 },
  ])('maps an unreadable toll price (%j) to ProviderUnavailableError', async (price) => {
    await expect(tolled({ estimatedPrice: [price] })).rejects.toBeInstanceOf(
      ProviderUnavailableError,
    );
  });

  it('sends nothing for fewer than two places', async () => {
    expect(await adapter().route(['ChIJa'])).toEqual([]);
    expect(requests).toHaveLength(0);
  });

  it('maps "no route" (an empty answer) and a leg count that does not fit to RouteUnavailableError', async () => {
    answer(200, 'routes-no-route.json');
    await expect(adapter().route(ids)).rejects.toBeInstanceOf(RouteUnavailableError);
    answer(200, 'routes-multi-stop.json');
    await expect(adapter().route(['ChIJa', 'ChIJb'])).rejects.toBeInstanceOf(RouteUnavailableError);
  });

  it('maps an invalid place id to PlaceNotFoundError', async () => {
    answer(400, 'error-invalid-place.json');
    const error = await adapter()
      .route(['ChIJ-not-a-real-place', 'ChIJdrop'])
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PlaceNotFoundError);
    expect((error as PlaceNotFoundError).placeId).toBe('ChIJ-not-a-real-place');
  });

  it.each([
    [403, 'error-permission-denied.json'],
    [429, 'error-quota.json'],
    [503, 'error-internal.json'],
  ])('maps HTTP %s to ProviderUnavailableError', async (status, name) => {
    answer(status, name);
    await expect(adapter().route(ids)).rejects.toBeInstanceOf(ProviderUnavailableError);
  });

  it('maps a timeout to ProviderUnavailableError', async () => {
    reply = 'hang';
    await expect(adapter().route(ids)).rejects.toBeInstanceOf(ProviderUnavailableError);
  });

  it('reads protobuf durations', () => {
    expect(parseDuration('1264s')).toBe(1264);
    expect(parseDuration('12.6s')).toBe(13);
    expect(parseDuration(undefined)).toBe(0);
    expect(() => parseDuration('12 minutes')).toThrow(ProviderUnavailableError);
  });
});

describe("a place's own description (Place Details (New))", () => {
  it('GETs the place with the key and a name-and-address field mask, and names it as Google does', async () => {
    reply = {
      status: 200,
      body: JSON.stringify({
        id: 'ChIJn1N0Ys9ZkWsRBG6uyxIHT5k',
        formattedAddress: 'Airport Dr, Brisbane Airport QLD 4008, Australia',
        displayName: { text: 'Brisbane Airport', languageCode: 'en' },
        types: ['airport', 'point_of_interest', 'establishment'],
      }),
    };
    expect(await adapter().describe('ChIJn1N0Ys9ZkWsRBG6uyxIHT5k')).toEqual({
      description: 'Brisbane Airport, Airport Dr, Brisbane Airport QLD 4008, Australia',
      kind: 'airport',
    });
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.method).toBe('GET');
    expect(request?.url).toBe(
      '/v1/places/ChIJn1N0Ys9ZkWsRBG6uyxIHT5k?languageCode=en-AU&regionCode=au',
    );
    expect(request?.headers['x-goog-api-key']).toBe('test-server-key');
    expect(request?.headers['x-goog-fieldmask']).toBe(PLACE_DETAILS_FIELD_MASK);
  });

  it('uses the address alone when it already starts with the name (a street or a suburb)', () => {
    expect(
      placeDescription({
        displayName: { text: 'Surfers Paradise' },
        formattedAddress: 'Surfers Paradise QLD 4217, Australia',
      }),
    ).toBe('Surfers Paradise QLD 4217, Australia');
    expect(placeDescription({ formattedAddress: '1 Queen St, Brisbane City QLD 4000' })).toBe(
      '1 Queen St, Brisbane City QLD 4000',
    );
    expect(placeDescription({})).toBeUndefined();
  });

  it('maps an unknown or invalid id to PlaceNotFoundError and an outage to ProviderUnavailableError', async () => {
    answer(400, 'error-invalid-place.json');
    await expect(adapter().describe('ChIJ-not-a-real-place')).rejects.toBeInstanceOf(
      PlaceNotFoundError,
    );
    reply = { status: 404, body: '{"error":{"code":404,"status":"NOT_FOUND"}}' };
    await expect(adapter().describe('ChIJgone')).rejects.toBeInstanceOf(PlaceNotFoundError);
    answer(503, 'error-internal.json');
    await expect(adapter().describe('ChIJa')).rejects.toBeInstanceOf(ProviderUnavailableError);
    reply = { status: 200, body: '{}' };
    await expect(adapter().describe('ChIJa')).rejects.toBeInstanceOf(ProviderUnavailableError);
  });
});
