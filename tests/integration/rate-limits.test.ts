// The rate limits under attack, through the real Remix request handler on the embedded store: an
// attempt is counted before the work it guards (the password hash, the lookup, the save), so a
// burst of concurrent requests gets exactly the limit through; the booking API is limited per
// client address with the default figures; two app instances on one store share every count.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as AccountsModule from '~/accounts/get-accounts.server';
import { startRemixApp, TEST_ORIGIN, type RemixApp } from '../support/remix-app';
import { useTestEnvironment } from '../support/test-environment';

vi.setConfig({ testTimeout: 120_000 });

// The defaults of the booking API's limits, as a visitor meets them.
const env = useTestEnvironment({
  LIMIT_PLACES_PER_MINUTE: undefined,
  LIMIT_QUOTES_PER_MINUTE: undefined,
  LIMIT_BOOKINGS_PER_HOUR: undefined,
});
let app: RemixApp;
let second: RemixApp;
let address = 0;
const nextAddress = () => `198.51.100.${(address += 1)}`;

const PASSWORD = 'Harbour#2031';
let signInCalls = 0;

beforeAll(async () => {
  [app, second] = await Promise.all([startRemixApp(), startRemixApp()]);
});

// Counts the password checks the first instance makes (the work the limit must guard).
beforeEach(async () => {
  signInCalls = 0;
  const { getAccounts } = await app.load<typeof AccountsModule>(
    '/app/accounts/get-accounts.server.ts',
  );
  const accounts = getAccounts();
  const signIn = accounts.signIn.bind(accounts);
  vi.spyOn(accounts, 'signIn').mockImplementation((input) => {
    signInCalls += 1;
    return signIn(input);
  });
});

afterAll(async () => {
  await Promise.all([app?.close(), second?.close()]);
  env.restore();
});

function post(
  target: RemixApp,
  path: string,
  form: Record<string, string>,
  clientAddress = nextAddress(),
) {
  return target.request(path, {
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

async function signUp(email: string) {
  const response = await post(app, '/signup', {
    firstName: 'Ngaio',
    lastName: 'Marsh',
    email,
    confirmEmail: email,
    password: PASSWORD,
  });
  expect(response.status).toBe(302);
}

const wrongSignIn = (email: string) => ({ intent: 'signin', email, password: 'Wrong#Guess1' });

// A burst is posted as the site's own script posts a form (Remix's `.data` request): the same action
// and limits, without forty pages rendered at once, which on a busy machine can outlast the
// render's time limit and say nothing about the limits.
const SIGN_IN_DATA = '/signin.data?resetFlag=false';

function statuses(responses: Response[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const response of responses) counts[response.status] = (counts[response.status] ?? 0) + 1;
  return counts;
}

describe('sign-in attempts are counted before the password is checked', () => {
  it('40 concurrent wrong passwords for one account from one client: 10 checked, 30 refused', async () => {
    await signUp('burst@example.com');
    const client = nextAddress();
    const responses = await Promise.all(
      Array.from({ length: 40 }, () =>
        post(app, SIGN_IN_DATA, wrongSignIn('burst@example.com'), client),
      ),
    );
    expect(statuses(responses)).toEqual({ 401: 10, 429: 30 });
    expect(signInCalls).toBe(10);
    const refused = responses.find((response) => response.status === 429);
    expect(Number(refused?.headers.get('Retry-After'))).toBeGreaterThan(0);
    // The right password is refused too until the window passes: the account is what is guarded.
    const right = await post(app, '/signin?resetFlag=false', {
      intent: 'signin',
      email: 'burst@example.com',
      password: PASSWORD,
    });
    expect(right.status).toBe(429);
  });

  it('40 concurrent wrong passwords for one account from 40 addresses: 10 checked', async () => {
    await signUp('spread@example.com');
    const responses = await Promise.all(
      Array.from({ length: 40 }, () => post(app, SIGN_IN_DATA, wrongSignIn('spread@example.com'))),
    );
    expect(statuses(responses)).toEqual({ 401: 10, 429: 30 });
    expect(signInCalls).toBe(10);
  });

  it('a successful sign-in does not count against the account', async () => {
    await signUp('regular@example.com');
    for (let i = 0; i < 12; i += 1) {
      const response = await post(app, '/signin?resetFlag=false', {
        intent: 'signin',
        email: 'regular@example.com',
        password: PASSWORD,
      });
      expect(response.status).toBe(302);
    }
  });

  it('two instances on one store share the count: 12 wrong passwords alternating → 10 checked', async () => {
    await signUp('pair@example.com');
    const responses: Response[] = [];
    for (let i = 0; i < 12; i += 1) {
      responses.push(
        await post(i % 2 === 0 ? app : second, '/signin?resetFlag=false', {
          ...wrongSignIn('pair@example.com'),
        }),
      );
    }
    expect(statuses(responses)).toEqual({ 401: 10, 429: 2 });
  });
});

describe('other forms count before they work', () => {
  it('sign-up: 15 concurrent from one client → 10 evaluated, 5 refused', async () => {
    const client = nextAddress();
    const responses = await Promise.all(
      Array.from({ length: 15 }, (_, index) =>
        post(
          app,
          '/signup',
          {
            firstName: 'Ngaio',
            lastName: 'Marsh',
            email: `many-${index}@example.com`,
            confirmEmail: `many-${index}@example.com`,
            password: PASSWORD,
          },
          client,
        ),
      ),
    );
    expect(statuses(responses)).toEqual({ 302: 10, 429: 5 });
  });

  it('reset requests: 15 concurrent for one address → 10 answered, 5 refused with Retry-After', async () => {
    const responses = await Promise.all(
      Array.from({ length: 15 }, () =>
        post(app, '/signin?resetFlag=true', { intent: 'reset', email: 'nobody@example.com' }),
      ),
    );
    expect(statuses(responses)).toEqual({ 302: 10, 429: 5 });
    const refused = responses.find((response) => response.status === 429);
    expect(refused?.headers.get('Retry-After')).toMatch(/^\d+$/);
  });

  it('feedback: 8 concurrent from one client → 5 saved, 3 refused', async () => {
    const client = nextAddress();
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        post(
          app,
          '/contact',
          {
            firstName: 'Ngaio',
            lastName: 'Marsh',
            email: 'ngaio@example.com',
            phone: '0412345678',
            subject: `Pickup ${index}`,
            message: 'The chauffeur was early and very kind.',
          },
          client,
        ),
      ),
    );
    expect(statuses(responses)).toEqual({ 200: 5, 429: 3 });
  });

  it('booking lookups: 20 concurrent from one client → 10 looked up, 10 refused', async () => {
    const client = nextAddress();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        app.request('/api/bookings/lookup', {
          method: 'POST',
          json: { email: `guess-${index}@example.com`, bookingNumber: 'ABCDEFGH' },
          clientAddress: client,
        }),
      ),
    );
    expect(statuses(responses)).toEqual({ 404: 10, 429: 10 });
  });
});

describe('the booking API is limited per client address', () => {
  it('places: 120 suggestions a minute, then 429 with Retry-After; another client is unaffected', async () => {
    const client = nextAddress();
    const responses = await Promise.all(
      Array.from({ length: 121 }, () =>
        app.request('/api/places?q=Brisbane', { clientAddress: client }),
      ),
    );
    expect(statuses(responses)).toEqual({ 200: 120, 429: 1 });
    const refused = responses.find((response) => response.status === 429);
    expect(Number(refused?.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await refused?.json()).toMatchObject({ error: { code: 'rate_limited' } });
    expect(
      (await app.request('/api/places?q=Brisbane', { clientAddress: nextAddress() })).status,
    ).toBe(200);
  });

  it('quotes: 30 a minute; bookings: 30 drafts an hour, counted before the body is read', async () => {
    const client = nextAddress();
    const quotes = await Promise.all(
      Array.from({ length: 31 }, () =>
        app.request('/api/quotes', { method: 'POST', json: {}, clientAddress: client }),
      ),
    );
    expect(statuses(quotes)).toEqual({ 400: 30, 429: 1 });
    const bookings = await Promise.all(
      Array.from({ length: 31 }, () =>
        app.request('/api/bookings', { method: 'POST', json: {}, clientAddress: client }),
      ),
    );
    expect(statuses(bookings)).toEqual({ 400: 30, 429: 1 });
  });

  it('the second instance counts against the same limit', async () => {
    const client = nextAddress();
    const first = await Promise.all(
      Array.from({ length: 15 }, () =>
        app.request('/api/quotes', { method: 'POST', json: {}, clientAddress: client }),
      ),
    );
    const then = await Promise.all(
      Array.from({ length: 16 }, () =>
        second.request('/api/quotes', { method: 'POST', json: {}, clientAddress: client }),
      ),
    );
    expect(statuses([...first, ...then])).toEqual({ 400: 30, 429: 1 });
  });
});
