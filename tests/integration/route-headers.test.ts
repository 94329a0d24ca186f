// The caching headers of every route of the route table (the files of app/routes, the content
// pages of app/content/content-routes.ts and the documents' pages at their own addresses), through
// the real Remix
// request handler: shared pages are public for a minute, every page with one person's data or a
// token in its address is private and never stored (its HTML and its navigation data alike), and
// the headers loaders and actions set (Cache-Control, Referrer-Policy, Retry-After) reach the
// response.
import { readdirSync } from 'node:fs';
import { bookingResponseSchema, type BookingResponse } from '@business-chauffeur/booking-contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONTENT_MODULES, registryRoutedPages } from '~/content/content-routes';
import type * as RouteHeadersModule from '~/utils/route-headers';
import { bookingBody, passenger } from '../support/quotes';
import { startRemixApp, TEST_ORIGIN, type RemixApp } from '../support/remix-app';
import { useTestEnvironment } from '../support/test-environment';

vi.setConfig({ testTimeout: 60_000 });

const PUBLIC = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';
const PRIVATE = 'private, no-store';

const env = useTestEnvironment();
let app: RemixApp;
let paid: BookingResponse;

/**
 * Every route file, the address a visitor or caller GETs, and the Cache-Control expected for
 * an anonymous GET. `{paid}` is filled with a paid booking's completion address.
 */
const ROUTES: Record<string, { path: string; cacheControl: string | null; status?: number }> = {
  '$.tsx': { path: '/no-such-page-here', cacheControl: PRIVATE, status: 404 },
  '_index.tsx': { path: '/', cacheControl: PUBLIC },
  'api.bookings.$id.payment-status.ts': {
    path: '/api/bookings/nope/payment-status?clientSecret=x',
    cacheControl: 'no-store',
    status: 404,
  },
  'api.bookings.$id.sandbox-confirm.ts': {
    path: '/api/bookings/nope/sandbox-confirm',
    cacheControl: 'no-store',
    status: 405,
  },
  'api.bookings.$id.promo.ts': {
    path: '/api/bookings/nope/promo',
    cacheControl: 'no-store',
    status: 405,
  },
  'api.bookings._index.ts': { path: '/api/bookings', cacheControl: 'no-store', status: 405 },
  'api.bookings.lookup.ts': { path: '/api/bookings/lookup', cacheControl: 'no-store', status: 405 },
  'api.me.ts': { path: '/api/me', cacheControl: PRIVATE },
  'api.places.ts': { path: '/api/places?q=a', cacheControl: 'private, max-age=60' },
  'api.preview.ts': { path: '/api/preview', cacheControl: 'no-store', status: 404 },
  'api.preview_.exit.ts': { path: '/api/preview/exit', cacheControl: PRIVATE, status: 302 },
  'api.quotes.ts': { path: '/api/quotes', cacheControl: 'no-store', status: 405 },
  'api.vitals.ts': { path: '/api/vitals', cacheControl: 'no-store', status: 405 },
  'api.revalidate.ts': { path: '/api/revalidate', cacheControl: 'no-store', status: 405 },
  'api.webhooks.stripe.ts': { path: '/api/webhooks/stripe', cacheControl: 'no-store', status: 405 },
  'api.widget-config.ts': { path: '/api/widget-config', cacheControl: 'public, max-age=300' },
  'booking.tsx': { path: '/booking?vehicle=executive-sedan', cacheControl: PUBLIC },
  'chauffeur.tsx': { path: '/chauffeur?type=driver', cacheControl: PUBLIC },
  'completion.tsx': { path: '{paid}', cacheControl: PRIVATE },
  'contact.tsx': { path: '/contact', cacheControl: PUBLIC },
  'dev.outbox.tsx': { path: '/dev/outbox', cacheControl: PRIVATE },
  'dev.outbox_.$name.ts': { path: '/dev/outbox/nope.eml', cacheControl: 'no-store', status: 404 },
  'fleet.$slug.tsx': { path: '/fleet/executive-sedan', cacheControl: PUBLIC },
  'manage-booking.tsx': { path: '/manage-booking?bookingNumber=MH3K9Q2A', cacheControl: PRIVATE },
  'account.bookings._index.tsx': { path: '/account/bookings', cacheControl: PRIVATE, status: 302 },
  // Visitors are sent to sign in.
  'account.bookings.$reference.tsx': {
    path: '/account/bookings/MH3K9Q2A',
    cacheControl: PRIVATE,
    status: 302,
  },
  // The operations pages do not exist for a visitor: the plain 404, never stored.
  'staff.tsx': { path: '/staff', cacheControl: PRIVATE, status: 404 },
  'staff._index.tsx': { path: '/staff?q=MH3K9Q2A', cacheControl: PRIVATE, status: 404 },
  'staff.cancellations.tsx': { path: '/staff/cancellations', cacheControl: PRIVATE, status: 404 },
  'staff.feedback.tsx': { path: '/staff/feedback', cacheControl: PRIVATE, status: 404 },
  'staff.applications.tsx': { path: '/staff/applications', cacheControl: PRIVATE, status: 404 },
  'staff.bookings.$reference.tsx': {
    path: '/staff/bookings/MH3K9Q2A',
    cacheControl: PRIVATE,
    status: 404,
  },
  'staff.reports.tsx': { path: '/staff/reports?group=month', cacheControl: PRIVATE, status: 404 },
  'staff.reports[.]csv.ts': {
    path: '/staff/reports.csv?group=partner',
    cacheControl: PRIVATE,
    status: 404,
  },
  'staff.vitals.tsx': { path: '/staff/vitals?days=28', cacheControl: PRIVATE, status: 404 },
  'staff.chauffeurs.tsx': { path: '/staff/chauffeurs', cacheControl: PRIVATE, status: 404 },
  'staff.cars.tsx': { path: '/staff/cars?edit=123ABC', cacheControl: PRIVATE, status: 404 },
  'staff.day.tsx': { path: '/staff/day?date=2031-03-14', cacheControl: PRIVATE, status: 404 },
  'staff.day[.]csv.ts': {
    path: '/staff/day.csv?date=2031-03-14',
    cacheControl: PRIVATE,
    status: 404,
  },
  'readyz.ts': { path: '/readyz', cacheControl: 'no-store' },
  'reset-password.tsx': { path: '/reset-password?oobCode=x', cacheControl: PRIVATE },
  'robots[.]txt.ts': { path: '/robots.txt', cacheControl: 'public, max-age=3600, s-maxage=86400' },
  'signin.tsx': { path: '/signin?resetFlag=false', cacheControl: PRIVATE },
  // A redirect without a lifetime, which no cache keeps.
  'signout.ts': { path: '/signout', cacheControl: null, status: 302 },
  'signup.tsx': { path: '/signup', cacheControl: PRIVATE },
  'signupSuccess.tsx': { path: '/signupSuccess', cacheControl: PUBLIC },
  'sitemap[.]xml.ts': {
    path: '/sitemap.xml',
    cacheControl: 'public, max-age=0, s-maxage=3600, stale-while-revalidate=86400',
  },
};

const routeFiles = readdirSync('app/routes').filter((name) => !/\.test\.tsx?$/.test(name));
// Each content page the registry maps onto a shared module (keyed by its path, which no file name
// starts with) is the same for everyone, public for a minute.
for (const page of registryRoutedPages()) {
  ROUTES[`${page.path} (${page.module})`] = { path: page.path, cacheControl: PUBLIC };
}
// A page, a service area and a policy at their own addresses (routes/$.tsx) are public too.
for (const path of ['/fleet', '/service-area-brisbane', '/cancellationPolicy']) {
  ROUTES[`${path} (document page)`] = { path, cacheControl: PUBLIC };
}

beforeAll(async () => {
  app = await startRemixApp();
  const created = await app.request('/api/bookings', { method: 'POST', json: bookingBody() });
  paid = bookingResponseSchema.parse(await created.json());
  const confirm = await app.request(`/api/bookings/${paid.bookingId}/sandbox-confirm`, {
    method: 'POST',
    json: {
      clientSecret: paid.payment.clientSecret,
      card: { number: '4242424242424242', expiry: '12/34', cvc: '123' },
    },
  });
  expect(confirm.status).toBe(200);
});

afterAll(async () => {
  await app?.close();
  env.restore();
});

const completionPath = () =>
  `/completion?booking=${paid.bookingId}&payment_intent=${paid.payment.paymentIntentId}` +
  `&payment_intent_client_secret=${encodeURIComponent(paid.payment.clientSecret ?? '')}` +
  `&redirect_status=succeeded`;
const pathOf = (route: string) => (route === '{paid}' ? completionPath() : route);
/** The client-side navigation data of a page: Remix's single-fetch address. */
const dataPathOf = (path: string) => {
  const url = new URL(path, TEST_ORIGIN);
  return `${url.pathname === '/' ? '/_root' : url.pathname}.data${url.search}`;
};

describe('Cache-Control of every route', () => {
  it('has an expectation for every file of the route table, and no other', () => {
    const files = Object.keys(ROUTES).filter((key) => !key.startsWith('/'));
    expect(files.sort()).toEqual([...routeFiles].sort());
  });

  it.each(Object.entries(ROUTES))('%s', async (_file, { path, cacheControl, status = 200 }) => {
    const response = await app.request(pathOf(path), { redirect: 'manual' });
    await response.arrayBuffer();
    expect(response.status).toBe(status);
    expect(response.headers.get('Cache-Control')).toBe(cacheControl);
  });

  it.each(Object.entries(ROUTES).filter(([file]) => /\.tsx\)?$/.test(file)))(
    '%s: its navigation data is cached the same way',
    async (_file, { path, cacheControl }) => {
      const response = await app.request(dataPathOf(pathOf(path)), { redirect: 'manual' });
      await response.arrayBuffer();
      expect(response.headers.get('Cache-Control')).toBe(cacheControl);
    },
  );

  it('every page route passes on the headers its loader and action set', async () => {
    const { privatePageHeaders, routeHeaders } = await app.load<typeof RouteHeadersModule>(
      '/app/utils/route-headers.ts',
    );
    const pageModules = [
      ...routeFiles.filter((name) => name.endsWith('.tsx')).map((name) => `routes/${name}`),
      ...Object.values(CONTENT_MODULES),
    ];
    for (const file of pageModules) {
      const module = await app.load<{ headers?: unknown }>(`/app/${file}`);
      expect([routeHeaders, privatePageHeaders], file).toContain(module.headers);
    }
  });
});

/** What a browser sends with a form post (Remix compares Host and Origin). */
const FORM_HEADERS = {
  Host: new URL(TEST_ORIGIN).host,
  Origin: TEST_ORIGIN,
  'Content-Type': 'application/x-www-form-urlencoded',
};

describe('headers set by loaders and actions', () => {
  it('shows a paid booking’s completion page privately, with its status', async () => {
    const response = await app.request(completionPath());
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(paid.bookingReferenceId);
    expect(response.headers.get('Cache-Control')).toBe(PRIVATE);
  });

  it('keeps the reset code out of caches and out of the Referer header', async () => {
    const response = await app.request('/reset-password?oobCode=x');
    expect(response.headers.get('Cache-Control')).toBe(PRIVATE);
    expect(response.headers.get('Referrer-Policy')).toBe('same-origin');
  });

  it('says when to retry on a form’s 429', async () => {
    let response: Response | undefined;
    for (let attempt = 0; attempt < 40; attempt += 1) {
      const form = new URLSearchParams({
        email: passenger.email,
        bookingNumber: `ABCDEFG${attempt % 10}`,
      });
      response = await app.request('/manage-booking', {
        method: 'POST',
        body: form.toString(),
        headers: FORM_HEADERS,
        clientAddress: '198.51.100.200',
      });
      await response.arrayBuffer();
      if (response.status === 429) break;
    }
    expect(response?.status).toBe(429);
    expect(Number(response?.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(response?.headers.get('Cache-Control')).toBe(PRIVATE);
  });

  it('says when to retry on the sign-in form’s 429', async () => {
    let response: Response | undefined;
    for (let attempt = 0; attempt < 40; attempt += 1) {
      response = await app.request('/signin', {
        method: 'POST',
        body: new URLSearchParams({
          email: 'nobody@example.com',
          password: 'not-the-password-1',
        }).toString(),
        headers: FORM_HEADERS,
        clientAddress: '198.51.100.201',
      });
      await response.arrayBuffer();
      if (response.status === 429) break;
    }
    expect(response?.status).toBe(429);
    expect(Number(response?.headers.get('Retry-After'))).toBeGreaterThan(0);
  });
});
