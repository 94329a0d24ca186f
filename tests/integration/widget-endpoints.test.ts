// The two small endpoints the booking widget reads besides the booking flow, through the site's
// real request handler: GET /api/me (the signed-in profile, for prefilling step 3 on /booking)
// and GET /api/widget-config (public values, also for partner pages).
import {
  meResponseSchema,
  widgetConfigResponseSchema,
} from '@business-chauffeur/booking-contract/widget';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as GetAccounts from '~/accounts/get-accounts.server';
import type * as SessionServer from '~/accounts/session.server';
import { startRemixApp, type RemixApp } from '../support/remix-app';
import { TEST_PARTNER_ORIGIN, useTestEnvironment } from '../support/test-environment';

const env = useTestEnvironment();
let app: RemixApp;

beforeAll(async () => {
  app = await startRemixApp();
});

afterAll(async () => {
  await app?.close();
  env.restore();
});

type SessionModule = typeof SessionServer;
type AccountsModule = typeof GetAccounts;

/** Signs a customer in the way the sign-in page does, and returns the session cookie. */
async function signedInCookie(): Promise<string> {
  const { getAccounts } = await app.load<AccountsModule>('/app/accounts/get-accounts.server.ts');
  const { createUserSession } = await app.load<SessionModule>('/app/accounts/session.server.ts');
  const created = await getAccounts().createAccount({
    email: 'ada@example.com',
    password: 'Analytical1!',
  });
  if (!created.ok) throw new Error('The test account exists already');
  const { user, session } = created.signedIn;
  const response = await createUserSession({
    user: { id: user.id, email: user.email, firstName: 'Ada', lastName: 'Lovelace' },
    auth: session,
    redirectTo: '/',
  });
  return (response.headers.get('Set-Cookie') ?? '').split(';')[0] ?? '';
}

describe('GET /api/me', () => {
  it('is null for a guest, never cached', async () => {
    const response = await app.request('/api/me');
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    expect(meResponseSchema.parse(await response.json())).toEqual({ user: null });
  });

  it("gives the signed-in customer's name and email, and nothing else", async () => {
    const response = await app.request('/api/me', { headers: { Cookie: await signedInCookie() } });
    const body = (await response.json()) as unknown;
    expect(body).toEqual({
      user: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
    });
  });

  it('answers only GET', async () => {
    const response = await app.request('/api/me', { method: 'POST', body: '{}' });
    expect(response.status).toBe(405);
  });
});

describe('GET /api/widget-config', () => {
  it("has the support phone, no Maps key in embedded mode, the CMS's booking horizon and airport waiting time", async () => {
    const response = await app.request('/api/widget-config');
    expect(response.status).toBe(200);
    expect(widgetConfigResponseSchema.parse(await response.json())).toEqual({
      mapsEmbedKey: null,
      supportPhone: '1300 975 707',
      bookingHorizonMonths: 12,
      airportFreeWaitingMinutes: 45,
    });
  });

  it('is open to partner origins and closed to others', async () => {
    const partner = await app.request('/api/widget-config', {
      headers: { Origin: TEST_PARTNER_ORIGIN },
    });
    expect(partner.status).toBe(200);
    expect(partner.headers.get('Access-Control-Allow-Origin')).toBe(TEST_PARTNER_ORIGIN);

    const stranger = await app.request('/api/widget-config', {
      headers: { Origin: 'https://evil.example' },
    });
    expect(stranger.status).toBe(403);
    // Only the refusal is readable by the stranger (so the widget can say why), without cookies.
    expect(stranger.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(stranger.headers.get('Access-Control-Allow-Credentials')).toBeNull();
    expect(await stranger.json()).toMatchObject({
      error: { code: 'origin_not_allowed', supportPhone: '1300 975 707' },
    });
  });
});
