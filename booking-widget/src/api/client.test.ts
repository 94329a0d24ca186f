// The widget's API client against a fake fetch: the requests it sends (paths, bodies, headers,
// cookies) and how it reads answers and failures.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { quoteFor, savedBooking } from '../machine/booking-machine.fixtures';
import { ApiError } from './api-types';
import { createBookingApi } from './client';

interface Call {
  url: string;
  init: RequestInit;
}

function fakeFetch(status: number, body: unknown) {
  const calls: Call[] = [];
  const impl = vi.fn(async (url: string | URL | Request, init: RequestInit = {}) => {
    calls.push({ url: String(url), init });
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return { calls, impl: impl as unknown as typeof fetch };
}

const statusBody = {
  bookingId: 'bk_1',
  bookingReferenceId: 'MH3K9Q2A',
  status: 'CONFIRMED',
  totalCents: 9550,
  currency: 'AUD',
  payment: { status: 'succeeded', error: null },
};

afterEach(() => vi.unstubAllGlobals());

describe('createBookingApi', () => {
  it('asks for places with the query and session token, without cookies across origins', async () => {
    vi.stubGlobal('location', new URL('https://partner.example/transfers'));
    const fetch = fakeFetch(200, {
      suggestions: [{ placeId: 'gz:bne', description: 'Brisbane Airport', kind: 'airport' }],
    });
    const api = createBookingApi('https://book.example/', fetch.impl);
    expect(await api.searchPlaces('Bris bane', 'token-1')).toEqual([
      { placeId: 'gz:bne', description: 'Brisbane Airport', kind: 'airport' },
    ]);
    expect(fetch.calls[0]?.url).toBe(
      'https://book.example/api/places?q=Bris+bane&sessionToken=token-1',
    );
    expect(fetch.calls[0]?.init.credentials).toBe('omit');
  });

  it('posts the quote request as JSON and checks the answer against the contract', async () => {
    vi.stubGlobal('location', new URL('https://book.example/booking'));
    const quote = quoteFor();
    const fetch = fakeFetch(200, quote);
    const api = createBookingApi('https://book.example', fetch.impl);
    const request = { pickup: null, drop: null, date: '', time: '', passengers: 1 };
    expect(await api.quote(request)).toEqual(quote);
    const call = fetch.calls[0];
    expect(call?.url).toBe('https://book.example/api/quotes');
    expect(call?.init.method).toBe('POST');
    expect(call?.init.credentials).toBe('same-origin');
    expect((call?.init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(JSON.parse(String(call?.init.body))).toEqual(request);
  });

  it('sends the idempotency key as header and in the body, with the partner, and no amount', async () => {
    vi.stubGlobal('location', new URL('https://partner.example/'));
    const fetch = fakeFetch(200, savedBooking());
    const api = createBookingApi('https://book.example', fetch.impl);
    await api.createBooking(
      {
        quoteToken: 't',
        vehicleId: 'vehicleType.sedan',
        passenger: {
          firstName: 'Ada',
          lastName: 'Lovelace',
          email: 'ada@example.com',
          countryCode: '+61',
          mobileNumber: '412345678',
        },
        partner: 'riverside-grand',
      },
      'key-1234567890',
    );
    const call = fetch.calls[0];
    expect(call?.url).toBe('https://book.example/api/bookings');
    expect((call?.init.headers as Record<string, string>)['Idempotency-Key']).toBe(
      'key-1234567890',
    );
    const body = JSON.parse(String(call?.init.body)) as Record<string, unknown>;
    expect(body).toMatchObject({ idempotencyKey: 'key-1234567890', partner: 'riverside-grand' });
    expect(body).not.toHaveProperty('amount');
  });

  it('confirms a sandbox card and reads the payment status with the client secret', async () => {
    vi.stubGlobal('location', new URL('https://book.example/'));
    const fetch = fakeFetch(200, statusBody);
    const api = createBookingApi('https://book.example', fetch.impl);
    const card = { number: '4242424242424242', expiry: '12/34', cvc: '123' };
    await api.confirmSandboxPayment(savedBooking(), card);
    expect(fetch.calls[0]?.url).toBe('https://book.example/api/bookings/bk_1/sandbox-confirm');
    expect(JSON.parse(String(fetch.calls[0]?.init.body))).toEqual({
      clientSecret: 'pi_sandbox_1_secret',
      card,
      termsAccepted: true,
    });
    expect((await api.paymentStatus(savedBooking())).status).toBe('CONFIRMED');
    expect(fetch.calls[1]?.url).toBe(
      'https://book.example/api/bookings/bk_1/payment-status?clientSecret=pi_sandbox_1_secret',
    );
  });

  it('posts a promo code with the client secret and reads the re-priced booking', async () => {
    vi.stubGlobal('location', new URL('https://book.example/'));
    const repriced = savedBooking({ totalCents: 8595, promoCode: 'WELCOME10' });
    const fetch = fakeFetch(200, repriced);
    const api = createBookingApi('https://book.example', fetch.impl);
    expect(await api.applyPromo(savedBooking(), 'WELCOME10')).toEqual(repriced);
    expect(fetch.calls[0]?.url).toBe('https://book.example/api/bookings/bk_1/promo');
    expect(fetch.calls[0]?.init.method).toBe('POST');
    expect(JSON.parse(String(fetch.calls[0]?.init.body))).toEqual({
      code: 'WELCOME10',
      clientSecret: 'pi_sandbox_1_secret',
    });
  });

  it('turns an API error into an ApiError with its code, message and fields', async () => {
    vi.stubGlobal('location', new URL('https://book.example/'));
    const fetch = fakeFetch(400, {
      error: {
        code: 'invalid_request',
        message: 'Please check the highlighted fields.',
        fields: { pickup: 'Pickup location is required.' },
      },
    });
    const api = createBookingApi('https://book.example', fetch.impl);
    const error = await api.quote({ passengers: 1 }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 'invalid_request',
      message: 'Please check the highlighted fields.',
      status: 400,
      fields: { pickup: 'Pickup location is required.' },
    });
  });

  it('sends the customer to the site when the API refuses this page, warning the owner once', async () => {
    vi.stubGlobal('location', new URL('https://partner.example/page'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const refused = fakeFetch(403, {
      error: { code: 'origin_not_allowed', message: 'This site may not call the booking API.' },
    });
    const api = createBookingApi('https://book.example/', refused.impl);
    const expected = {
      code: 'origin_not_allowed',
      message: 'Online booking is not enabled on this website. Book at https://book.example.',
      status: 403,
    };
    await expect(api.config()).rejects.toMatchObject(expected);
    await expect(api.searchPlaces('bris', 'token')).rejects.toMatchObject(expected);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toContain('Add https://partner.example to PARTNER_ORIGINS');
  });

  it('gives the phone the refusal carries, and keeps it for refusals the browser hides', async () => {
    vi.stubGlobal('location', new URL('https://partner.example/page'));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    let readable = true;
    const impl = (async (_url: string, init?: RequestInit) => {
      if (init?.mode === 'no-cors') return new Response(null, { status: 200 });
      if (!readable) throw new TypeError('Failed to fetch');
      return Response.json(
        {
          error: {
            code: 'origin_not_allowed',
            message: 'This site may not call the booking API.',
            supportPhone: '1300 975 707',
          },
        },
        { status: 403 },
      );
    }) as typeof fetch;
    const api = createBookingApi('https://book.example', impl);
    const expected = {
      code: 'origin_not_allowed',
      message:
        'Online booking is not enabled on this website. Book at https://book.example or call 1300 975 707.',
    };
    await expect(api.config()).rejects.toMatchObject({ ...expected, status: 403 });
    // A POST's refused preflight reaches the widget as a failed fetch.
    readable = false;
    await expect(api.quote({} as never)).rejects.toMatchObject({ ...expected, status: 0 });
  });

  it('tells a refused page from a lost connection when the browser hides the 403', async () => {
    vi.stubGlobal('location', new URL('https://partner.example/page'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const modes: (RequestMode | undefined)[] = [];
    const hidden = (async (_url: string, init?: RequestInit) => {
      modes.push(init?.mode);
      if (init?.mode === 'no-cors') return new Response(null, { status: 200 });
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    await expect(createBookingApi('https://book.example', hidden).config()).rejects.toMatchObject({
      code: 'origin_not_allowed',
      message: 'Online booking is not enabled on this website. Book at https://book.example.',
    });
    expect(modes).toEqual([undefined, 'no-cors']);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('says so when the site cannot be reached, or answers something unexpected', async () => {
    vi.stubGlobal('location', new URL('https://book.example/'));
    const offline = createBookingApi('https://book.example', (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch);
    await expect(offline.config()).rejects.toMatchObject({
      code: 'network',
      message: 'We could not reach Business Chauffeur. Please check your connection and try again.',
    });
    const odd = createBookingApi('https://book.example', fakeFetch(200, { nope: true }).impl);
    await expect(odd.config()).rejects.toMatchObject({
      code: 'unexpected_response',
      message: 'An unexpected error occurred. Please try again!',
    });
    const broken = createBookingApi('https://book.example', fakeFetch(502, undefined).impl);
    await expect(broken.config()).rejects.toMatchObject({ code: 'unexpected', status: 502 });
  });

  it('asks for the signed-in profile only on the site itself', async () => {
    vi.stubGlobal('location', new URL('https://partner.example/'));
    const fetch = fakeFetch(200, { user: { firstName: 'A', lastName: 'B', email: 'a@b.example' } });
    expect(await createBookingApi('https://book.example', fetch.impl).me()).toBeNull();
    expect(fetch.calls).toHaveLength(0);

    vi.stubGlobal('location', new URL('https://book.example/booking'));
    expect(await createBookingApi('https://book.example', fetch.impl).me()).toEqual({
      firstName: 'A',
      lastName: 'B',
      email: 'a@b.example',
    });
    expect(fetch.calls[0]?.init.credentials).toBe('same-origin');
  });
});
