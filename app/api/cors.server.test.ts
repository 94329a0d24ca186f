import { describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  process.env.SITE_URL = 'https://www.businesschauffeur.example';
  process.env.PARTNER_ORIGINS = 'https://hotel.example.com.au, https://weddings.example.com:8443/';
});

// The partners staff manage have their own tests (tests/integration/partners.test.ts); here only
// PARTNER_ORIGINS's.
vi.mock('~/store/store.server', () => ({
  getPartnerStore: () => ({ listPartners: () => Promise.resolve([]) }),
}));

import { jsonError } from '~/utils/http.server';
import { handleApiRequest } from './api-pipeline.server';
import { allowedOriginOf, corsHeaders, partnerOriginOf, preflight, withCors } from './cors.server';

const API = 'https://www.businesschauffeur.example/api/bookings';
const request = (origin?: string, init: RequestInit = {}) =>
  new Request(API, {
    ...init,
    headers: { ...(origin ? { Origin: origin } : {}), ...init.headers },
  });

describe('allowedOriginOf', () => {
  it.each([
    ['https://www.businesschauffeur.example', 'https://www.businesschauffeur.example'],
    ['https://hotel.example.com.au', 'https://hotel.example.com.au'],
    ['https://weddings.example.com:8443', 'https://weddings.example.com:8443'],
  ])('allows %s', async (origin, expected) => {
    expect(await allowedOriginOf(request(origin))).toBe(expected);
  });

  it.each([
    ['null'],
    ['https://evil.example'],
    ['http://hotel.example.com.au'],
    ['https://hotel.example.com.au.evil.example'],
    ['https://hotel.example.com.au/'],
    ['file://'],
    ['not a url'],
  ])('refuses %s', async (origin) => {
    expect(await allowedOriginOf(request(origin))).toBeNull();
  });

  it('allows the address the request was sent to (same origin under another host name)', async () => {
    const local = new Request('http://127.0.0.1:3000/api/bookings', {
      headers: { Origin: 'http://127.0.0.1:3000' },
    });
    expect(await allowedOriginOf(local)).toBe('http://127.0.0.1:3000');
  });
});

describe('partnerOriginOf', () => {
  it('names partner sites only', async () => {
    expect(await partnerOriginOf(request('https://hotel.example.com.au'))).toBe(
      'https://hotel.example.com.au',
    );
    expect(await partnerOriginOf(request('https://www.businesschauffeur.example'))).toBeNull();
    expect(await partnerOriginOf(request())).toBeNull();
    expect(await partnerOriginOf(request('https://evil.example'))).toBeNull();
  });
});

describe('headers and preflight', () => {
  it('adds CORS headers for an allowed origin and only Vary for others', async () => {
    const allowed = await corsHeaders(request('https://hotel.example.com.au'), ['POST']);
    expect(Object.fromEntries(allowed)).toEqual({
      vary: 'Origin',
      'access-control-allow-origin': 'https://hotel.example.com.au',
      'access-control-allow-methods': 'POST, OPTIONS',
      'access-control-allow-headers': 'Content-Type, Idempotency-Key',
      'access-control-max-age': '600',
    });
    expect(
      Object.fromEntries(await corsHeaders(request('https://evil.example'), ['POST'])),
    ).toEqual({
      vary: 'Origin',
    });
  });

  it('keeps an existing Vary header', async () => {
    const response = await withCors(
      request('https://hotel.example.com.au'),
      new Response('x', { headers: { Vary: 'Accept-Encoding' } }),
      ['GET'],
    );
    expect(response.headers.get('Vary')).toBe('Accept-Encoding, Origin');
  });

  it('answers a preflight: 204 allowed, 403 other origins, 405 other methods', async () => {
    const ok = await preflight(
      request('https://hotel.example.com.au', {
        method: 'OPTIONS',
        headers: { 'Access-Control-Request-Method': 'POST' },
      }),
      ['POST'],
    );
    expect(ok.status).toBe(204);
    expect(ok.headers.get('Access-Control-Allow-Origin')).toBe('https://hotel.example.com.au');
    const foreign = await preflight(request('https://evil.example', { method: 'OPTIONS' }), [
      'POST',
    ]);
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('Access-Control-Allow-Origin')).toBeNull();
    const wrongMethod = await preflight(
      request('https://hotel.example.com.au', {
        method: 'OPTIONS',
        headers: { 'Access-Control-Request-Method': 'DELETE' },
      }),
      ['POST'],
    );
    expect(wrongMethod.status).toBe(405);
  });
});

describe('handleApiRequest', () => {
  const handle = vi.fn(async () => Response.json({ ok: true }));

  it('runs the handler for an allowed method and origin, with CORS headers', async () => {
    const response = await handleApiRequest(
      request('https://hotel.example.com.au', { method: 'POST' }),
      { methods: ['POST'], handle },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe(
      'https://hotel.example.com.au',
    );
  });

  it('refuses a foreign origin with 403 without running the handler', async () => {
    handle.mockClear();
    const response = await handleApiRequest(request('https://evil.example', { method: 'POST' }), {
      methods: ['POST'],
      handle,
    });
    expect(response.status).toBe(403);
    expect(handle).not.toHaveBeenCalled();
  });

  it.each([['https://evil.example'], ['null']])(
    'lets the refused page (%s) read why, with the phone, and nothing else',
    async (origin) => {
      const response = await handleApiRequest(request(origin), { methods: ['GET'], handle });
      expect(response.status).toBe(403);
      expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*');
      expect(response.headers.get('Access-Control-Allow-Credentials')).toBeNull();
      expect(response.headers.get('Vary')).toContain('Origin');
      expect(await response.json()).toEqual({
        error: {
          code: 'origin_not_allowed',
          message: 'This site may not call the booking API.',
          supportPhone: '1300 975 707',
        },
      });
    },
  );

  it('answers 405 naming the allowed methods', async () => {
    const response = await handleApiRequest(request(undefined, { method: 'PUT' }), {
      methods: ['POST'],
      handle,
    });
    expect(response.status).toBe(405);
    expect(response.headers.get('Allow')).toBe('POST, OPTIONS');
  });

  it('turns an unexpected error into a JSON 500 without its details, and passes thrown Responses', async () => {
    const error = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const failed = await handleApiRequest(request(undefined, { method: 'POST' }), {
      methods: ['POST'],
      handle: () => {
        throw new Error('database password is hunter2');
      },
    });
    expect(failed.status).toBe(500);
    expect(await failed.text()).not.toContain('hunter2');
    error.mockRestore();
    const thrown = await handleApiRequest(request(undefined, { method: 'POST' }), {
      methods: ['POST'],
      handle: () => {
        throw jsonError(418, 'invalid_request', 'No coffee here.');
      },
    });
    expect(thrown.status).toBe(418);
  });
});
