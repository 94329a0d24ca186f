// POST /api/quotes when a route or the fleet cannot be had, its API hygiene (bodies, methods,
// origins), and the token it signs: refused once altered, signed with another key, or expired.
import {
  PHONE,
  SECRET,
  URL_,
  errorOf,
  place,
  post,
  postJson,
  trip,
  quotesApiSuite,
} from '../support/quotes-api';
import { messages, quoteResponseSchema } from '@business-chauffeur/booking-contract';
import { describe, expect, it, vi } from 'vitest';
import {
  ExpiredQuoteTokenError,
  ForgedQuoteTokenError,
  QUOTE_TTL_MS,
  verifyQuote,
} from '~/booking/quote-token.server';
import { getContentSource } from '~/content/content.server';
import { ProviderUnavailableError } from '~/places/places.server';
import { getPlaces } from '~/places/places-provider.server';
import { action, loader } from '~/routes/api.quotes';

quotesApiSuite();

describe('POST /api/quotes when it cannot answer with fares', () => {
  it('answers 422 naming the support phone when pickup and drop are the same place', async () => {
    const response = await postJson(trip({ drop: place('gz:bne-domestic') }));
    expect(response.status).toBe(422);
    const error = await errorOf(response);
    expect(error.code).toBe('route_unavailable');
    expect(error.message).toBe(messages.api.routeUnavailable(PHONE));
    expect(error.message).toContain(PHONE);
  });

  it('answers 422 naming the phone and the field for a place the provider does not know', async () => {
    const response = await postJson(
      trip({ drop: { placeId: 'ChIJ-from-another-provider', description: 'Somewhere' } }),
    );
    expect(response.status).toBe(422);
    const error = await errorOf(response);
    expect(error.message).toContain(PHONE);
    expect(error.fields).toEqual({ drop: 'Drop location is required.' });
  });

  it('answers 503 naming the phone when the route provider is down, never a 500', async () => {
    vi.spyOn(getPlaces(), 'route').mockRejectedValueOnce(
      new ProviderUnavailableError('Routes API answered 503 UNAVAILABLE'),
    );
    const response = await postJson(trip());
    expect(response.status).toBe(503);
    const error = await errorOf(response);
    expect(error).toEqual({
      code: 'route_unavailable',
      message: messages.api.routeServiceUnavailable(PHONE),
    });
    // The provider's own words stay on the server.
    expect(error.message).not.toContain('UNAVAILABLE');
  });

  it('answers 503 naming the phone when the fleet cannot be read', async () => {
    const source = getContentSource();
    const original = source.fetch.bind(source);
    vi.spyOn(source, 'fetch').mockImplementation((async (query: string, params?: never) => {
      if (query.includes('"vehicleType"')) throw new Error('Sanity is down');
      return original(query, params);
    }) as typeof source.fetch);
    const response = await postJson(trip());
    expect(response.status).toBe(503);
    expect(await errorOf(response)).toEqual({
      code: 'fleet_unavailable',
      message: messages.api.fleetUnavailable(PHONE),
    });
  });

  it('answers 400 to malformed JSON and 413 to a body over 32 kB', async () => {
    const malformed = await post('{"pickup": ');
    expect(malformed.status).toBe(400);
    expect((await errorOf(malformed)).code).toBe('malformed_json');
    const big = await postJson({ ...trip(), notes: 'a'.repeat(33 * 1024) });
    expect(big.status).toBe(413);
    expect((await errorOf(big)).code).toBe('payload_too_large');
  });

  it('answers 405 to GET', async () => {
    const response = await loader({ request: new Request(URL_), params: {}, context: {} });
    expect(response.status).toBe(405);
    expect(response.headers.get('Allow')).toContain('POST');
  });

  it('lets a partner origin call it and refuses other origins', async () => {
    const partner = await postJson(trip(), { Origin: 'https://partner-hotel.example' });
    expect(partner.status).toBe(200);
    expect(partner.headers.get('Access-Control-Allow-Origin')).toBe(
      'https://partner-hotel.example',
    );
    const stranger = await postJson(trip(), { Origin: 'https://elsewhere.example' });
    expect(stranger.status).toBe(403);
    expect(stranger.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(await stranger.json()).toMatchObject({ error: { code: 'origin_not_allowed' } });
    const preflight = await action({
      request: new Request(URL_, {
        method: 'OPTIONS',
        headers: {
          Origin: 'https://partner-hotel.example',
          'Access-Control-Request-Method': 'POST',
        },
      }),
      params: {},
      context: {},
    });
    expect(preflight.status).toBe(204);
  });
});

describe('the quote token from POST /api/quotes', () => {
  async function token(): Promise<string> {
    const response = await postJson(trip());
    return quoteResponseSchema.parse(await response.json()).quoteToken;
  }

  it('is refused once altered: a cheaper fare or more passengers', async () => {
    const original = await token();
    const [encoded, signature] = original.split('.') as [string, string];
    const payload = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
    payload.vehicles[0].fare = 1;
    payload.vehicles[0].fareCents = 100;
    const altered = `${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${signature}`;
    expect(() => verifyQuote(altered)).toThrow(ForgedQuoteTokenError);
  });

  it('is refused when signed with another secret', async () => {
    const original = await token();
    expect(verifyQuote(original, new Date(), { secret: SECRET }).v).toBe(2);
    expect(() => verifyQuote(original, new Date(), { secret: 'x'.repeat(40) })).toThrow(
      ForgedQuoteTokenError,
    );
  });

  it('expires after 30 minutes', async () => {
    const original = await token();
    expect(verifyQuote(original, new Date(Date.now() + QUOTE_TTL_MS - 60_000)).v).toBe(2);
    expect(() => verifyQuote(original, new Date(Date.now() + QUOTE_TTL_MS + 1))).toThrow(
      ExpiredQuoteTokenError,
    );
  });
});
