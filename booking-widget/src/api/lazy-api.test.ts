// The lazy API's mayBook: a partner's page learns that it may book from the config answer's status
// alone, before the client's chunk (with Zod) has loaded, and config() then reads that same answer,
// so the page asks the site once; a refusal is read by the client as before.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLazyBookingApi } from './lazy-api';

const config = {
  mapsEmbedKey: null,
  supportPhone: '1300 975 707',
  bookingHorizonMonths: 12,
  airportFreeWaitingMinutes: 60,
};

afterEach(() => vi.unstubAllGlobals());

function stubFetch(answer: () => Response) {
  const urls: string[] = [];
  vi.stubGlobal('location', new URL('https://www.riverside-grand.example/weddings'));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string | URL | Request) => {
      urls.push(String(url));
      return answer();
    }),
  );
  return urls;
}

describe('createLazyBookingApi', () => {
  it('says a page may book from the answer’s status, and reads the same answer’s config', async () => {
    const urls = stubFetch(() => Response.json(config));
    const api = createLazyBookingApi('https://book.example/');
    await expect(api.mayBook!()).resolves.toBe(true);
    await expect(api.config()).resolves.toEqual(config);
    expect(urls).toEqual(['https://book.example/api/widget-config']);
    // A later config() asks anew: an answer is read once.
    await expect(api.config()).resolves.toEqual(config);
    expect(urls).toHaveLength(2);
  });

  it('says no to a refused page, and config() reads the refusal from that answer', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const urls = stubFetch(() =>
      Response.json(
        {
          error: { code: 'origin_not_allowed', message: 'Refused.', supportPhone: '1300 975 707' },
        },
        { status: 403 },
      ),
    );
    const api = createLazyBookingApi('https://book.example');
    await expect(api.mayBook!()).resolves.toBe(false);
    await expect(api.config()).rejects.toMatchObject({ code: 'origin_not_allowed', status: 403 });
    expect(urls).toEqual(['https://book.example/api/widget-config']);
  });
});
