// GET /api/places called as Remix calls it, on the embedded gazetteer.
import { messages, placesResponseSchema } from '@business-chauffeur/booking-contract';
import { afterAll, describe, expect, it, vi } from 'vitest';

const previous = vi.hoisted(() => {
  const names = [
    'GOOGLE_MAPS_API_KEY',
    'GOOGLE_MAPS_EMBED_KEY',
    'SANITY_PROJECT_ID',
    'SANITY_DATASET',
  ];
  const saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));
  for (const name of names) delete process.env[name];
  return saved;
});

import { getSiteSettings } from '~/content/site-settings.server';
import { ProviderUnavailableError } from '~/places/places.server';
import { getPlaces } from '~/places/places-provider.server';
import { action, loader } from '~/routes/api.places';

afterAll(() => {
  for (const [name, value] of Object.entries(previous)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

function get(query: string, headers: Record<string, string> = {}): Promise<Response> {
  const request = new Request(`http://localhost/api/places${query}`, { headers });
  return loader({ request, params: {}, context: {} });
}

async function suggestions(query: string) {
  const response = await get(query);
  expect(response.status).toBe(200);
  return placesResponseSchema.parse(await response.json()).suggestions;
}

describe('GET /api/places', () => {
  it('uses the gazetteer when no Google key is set', () => {
    expect(getPlaces().kind).toBe('gazetteer');
  });

  it('suggests the airport terminals for "bne"', async () => {
    const found = await suggestions('?q=bne');
    expect(found[0]).toEqual({
      placeId: 'gz:bne-domestic',
      description: 'Brisbane Airport (BNE) Domestic Terminal, Brisbane Airport QLD 4008',
      kind: 'airport',
    });
    expect(found[1]?.placeId).toBe('gz:bne-international');
  });

  it('gives at most 8 suggestions, each a place id and a description', async () => {
    const found = await suggestions('?q=sunshine');
    expect(found.length).toBeGreaterThan(0);
    expect(found.length).toBeLessThanOrEqual(8);
    expect((await suggestions('?q=be')).length).toBe(8);
  });

  it('answers an empty list to an empty, missing or one-letter query', async () => {
    expect(await suggestions('?q=')).toEqual([]);
    expect(await suggestions('')).toEqual([]);
    expect(await suggestions('?q=%20b%20')).toEqual([]);
  });

  it('lets the browser reuse an answer for a minute', async () => {
    const response = await get('?q=noosa');
    expect(response.headers.get('Cache-Control')).toBe('private, max-age=60');
  });

  it('passes the session token to the provider', async () => {
    const suggest = vi.spyOn(getPlaces(), 'suggest');
    await get('?q=noosa&sessionToken=3f1e2d4c-5b6a-4789-9abc-def012345678');
    expect(suggest).toHaveBeenCalledWith('noosa', '3f1e2d4c-5b6a-4789-9abc-def012345678');
  });

  it('answers 400 to a query over 200 characters', async () => {
    const response = await get(`?q=${'a'.repeat(201)}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        code: 'invalid_request',
        message: messages.api.invalidRequest,
        fields: { q: 'Please use at most 200 characters.' },
      },
    });
  });

  it('answers 503 with the support phone and Retry-After when the provider is down', async () => {
    vi.spyOn(getPlaces(), 'suggest').mockRejectedValueOnce(
      new ProviderUnavailableError('Places Autocomplete answered 429 RESOURCE_EXHAUSTED'),
    );
    const response = await get('?q=noosa');
    expect(response.status).toBe(503);
    expect(response.headers.get('Retry-After')).toBe('5');
    const { phone } = await getSiteSettings();
    expect(await response.json()).toEqual({
      error: {
        code: 'places_unavailable',
        message: messages.api.placesUnavailable(phone as string),
      },
    });
  });

  it('answers 405 to POST', async () => {
    const request = new Request('http://localhost/api/places?q=bne', {
      method: 'POST',
      body: '{}',
    });
    const response = await action({ request, params: {}, context: {} });
    expect(response.status).toBe(405);
    expect(response.headers.get('Allow')).toContain('GET');
  });
});
