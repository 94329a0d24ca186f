// Every limit that counts per client address counts an IPv6 client by its /64 network, through the
// real Remix request handler with the defaults a visitor meets: requests spread over many
// addresses of one /64, each written another way (compressed, in full, in capitals, with a zone
// id), get the same 429 as one address would, for each family of limited endpoints (booking
// lookups, sign-in, sign-up, reset requests, the site's forms, places, quotes, bookings, promo
// codes, vitals). An IPv4-mapped address counts as its IPv4 address; another /64 is not affected.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as MarketingPages from '~/content/marketing-pages.server';
import { startRemixApp, TEST_ORIGIN, type RemixApp } from '../support/remix-app';
import { useTestEnvironment } from '../support/test-environment';

vi.setConfig({ testTimeout: 120_000 });

const env = useTestEnvironment({
  LIMIT_PLACES_PER_MINUTE: undefined,
  LIMIT_QUOTES_PER_MINUTE: undefined,
  LIMIT_BOOKINGS_PER_HOUR: undefined,
  LIMIT_PROMO_CODES_PER_HOUR: undefined,
});
let app: RemixApp;

beforeAll(async () => {
  app = await startRemixApp();
});

afterAll(async () => {
  await app?.close();
  env.restore();
});

let networks = 0;

/**
 * A fresh /64 (2001:db8:<n>:<n>::/64) and a function giving a new address in it on every call,
 * each with a random interface id and written in one of the ways a socket or proxy may write it.
 */
function network(): { prefix: string; next: () => string } {
  networks += 1;
  const prefix = `2001:db8:${networks.toString(16)}:${(networks * 7).toString(16)}`;
  let count = 0;
  return {
    prefix,
    next() {
      count += 1;
      const groups = Array.from({ length: 4 }, () => randomBytes(2).toString('hex'));
      const full = `${prefix}:${groups.join(':')}`;
      switch (count % 4) {
        case 0:
          return full;
        case 1:
          return full.toUpperCase();
        case 2:
          return `${prefix}::${groups[3]}`;
        default:
          return `${full}%eth0`;
      }
    },
  };
}

function statuses(responses: Response[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const response of responses) counts[response.status] = (counts[response.status] ?? 0) + 1;
  return counts;
}

/** `count` requests one after another, each from the next address of `from`. */
async function inTurn(
  count: number,
  from: () => string,
  send: (address: string) => Promise<Response>,
) {
  const responses: Response[] = [];
  for (let i = 0; i < count; i += 1) responses.push(await send(from()));
  return responses;
}

function postForm(path: string, form: Record<string, string>, clientAddress: string) {
  return app.request(path, {
    method: 'POST',
    headers: {
      Host: new URL(TEST_ORIGIN).host,
      Origin: TEST_ORIGIN,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(form).toString(),
    clientAddress,
    redirect: 'manual',
  });
}

const postJson = (path: string, json: unknown, clientAddress: string) =>
  app.request(path, { method: 'POST', json, clientAddress });

const unique = () => randomBytes(4).toString('hex');
const PASSWORD = 'Harbour#2031';

describe('the booking API counts an IPv6 client by its /64', () => {
  it('places: 120 suggestions a minute from one /64, then 429; another /64 is unaffected', async () => {
    const mine = network();
    const responses = await inTurn(121, mine.next, (clientAddress) =>
      app.request('/api/places?q=Brisbane', { clientAddress }),
    );
    expect(statuses(responses)).toEqual({ 200: 120, 429: 1 });
    expect(Number(responses.at(-1)?.headers.get('Retry-After'))).toBeGreaterThan(0);
    const other = network();
    expect(
      (await app.request('/api/places?q=Brisbane', { clientAddress: other.next() })).status,
    ).toBe(200);
  });

  it('quotes: 30 a minute from one /64, then 429', async () => {
    const mine = network();
    const responses = await inTurn(31, mine.next, (address) =>
      postJson('/api/quotes', {}, address),
    );
    expect(statuses(responses)).toEqual({ 400: 30, 429: 1 });
  });

  it('bookings: 30 drafts an hour from one /64, then 429', async () => {
    const mine = network();
    const responses = await inTurn(31, mine.next, (address) =>
      postJson('/api/bookings', {}, address),
    );
    expect(statuses(responses)).toEqual({ 400: 30, 429: 1 });
  });

  it('promo codes: 20 attempts an hour from one /64, then 429', async () => {
    const mine = network();
    const responses = await inTurn(21, mine.next, (address) =>
      postJson(
        '/api/bookings/no-such-booking/promo',
        { code: 'GUESS', clientSecret: 'x' },
        address,
      ),
    );
    expect(statuses(responses)[429]).toBe(1);
    expect(responses.at(-1)?.status).toBe(429);
  });

  it('vitals: 120 batches a minute from one /64, then 429', async () => {
    const mine = network();
    const responses = await inTurn(121, mine.next, (clientAddress) =>
      app.request('/api/vitals', {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain;charset=UTF-8', Origin: TEST_ORIGIN },
        body: '{}',
        clientAddress,
      }),
    );
    expect(statuses(responses)).toEqual({ 400: 120, 429: 1 });
  });
});

describe('booking lookups count an IPv6 client by its /64', () => {
  it('10 lookups a minute from one /64, by the API and the page together, then 429', async () => {
    const mine = network();
    let sent = 0;
    const responses = await inTurn(11, mine.next, (address) => {
      const guess = { email: `guess-${unique()}@example.com`, bookingNumber: 'ABCDEFGH' };
      sent += 1;
      return sent % 2 === 0
        ? postJson('/api/bookings/lookup', guess, address)
        : postForm('/manage-booking', guess, address);
    });
    expect(statuses(responses)).toEqual({ 404: 10, 429: 1 });
  });
});

describe('the account forms count an IPv6 client by its /64', () => {
  it('sign-in: 10 failed attempts from one /64 on ten accounts, then 429', async () => {
    const mine = network();
    const responses = await inTurn(11, mine.next, (address) =>
      postForm(
        '/signin?resetFlag=false',
        { intent: 'signin', email: `nobody-${unique()}@example.com`, password: 'Wrong#Guess1' },
        address,
      ),
    );
    expect(statuses(responses)).toEqual({ 401: 10, 429: 1 });
  });

  it('sign-up: 10 from one /64, then 429', async () => {
    const mine = network();
    const responses = await inTurn(11, mine.next, (address) => {
      const email = `new-${unique()}@example.com`;
      return postForm(
        '/signup',
        { firstName: 'Ngaio', lastName: 'Marsh', email, confirmEmail: email, password: PASSWORD },
        address,
      );
    });
    expect(statuses(responses)).toEqual({ 302: 10, 429: 1 });
  });

  it('reset requests: 10 from one /64, then 429', async () => {
    const mine = network();
    const responses = await inTurn(11, mine.next, (address) =>
      postForm(
        '/signin?resetFlag=true',
        { intent: 'reset', email: `nobody-${unique()}@example.com` },
        address,
      ),
    );
    expect(statuses(responses)).toEqual({ 302: 10, 429: 1 });
  });
});

describe('the site forms count an IPv6 client by its /64', () => {
  it('feedback: 5 messages from one /64, then 429', async () => {
    const mine = network();
    const responses = await inTurn(6, mine.next, (address) =>
      postForm(
        '/contact',
        {
          firstName: 'Ngaio',
          lastName: 'Marsh',
          email: 'ngaio@example.com',
          phone: '0412345678',
          subject: `Pickup ${unique()}`,
          message: 'The chauffeur was early and very kind.',
        },
        address,
      ),
    );
    expect(statuses(responses)).toEqual({ 200: 5, 429: 1 });
  });

  it('applications: 5 from one /64, then 429', async () => {
    const { getChauffeurCities } = await app.load<typeof MarketingPages>(
      '/app/content/marketing-pages.server.ts',
    );
    const [city = ''] = await getChauffeurCities();
    const inYears = (years: number) => `${new Date().getUTCFullYear() + years}-06-30`;
    const mine = network();
    const responses = await inTurn(6, mine.next, (address) =>
      postForm(
        '/chauffeur',
        {
          applicantType: 'chauffeur',
          city,
          experienceYears: '7',
          firstName: 'Arthur',
          lastName: `Upfield-${unique()}`,
          dateOfBirth: '1980-04-02',
          licenceNumber: '123456789',
          licenceClass: 'C (car)',
          licenceState: 'Queensland',
          licenceExpiry: inYears(3),
          street: '1 Queen Street',
          suburb: 'Brisbane City',
          state: 'Queensland',
          postcode: '4000',
          email: `arthur-${unique()}@example.com`,
          mobile: '0400 111 222',
        },
        address,
      ),
    );
    expect(statuses(responses)).toEqual({ 200: 5, 429: 1 });
  });
});

describe('IPv4 clients', () => {
  it('an IPv4-mapped IPv6 address counts as its IPv4 address', async () => {
    const ipv4 = '203.0.113.64';
    const responses = await inTurn(
      11,
      (() => {
        let i = 0;
        return () => (i++ % 2 === 0 ? ipv4 : `::ffff:${ipv4}`);
      })(),
      (address) =>
        postForm(
          '/signin?resetFlag=true',
          { intent: 'reset', email: `nobody-${unique()}@example.com` },
          address,
        ),
    );
    expect(statuses(responses)).toEqual({ 302: 10, 429: 1 });
  });
});
