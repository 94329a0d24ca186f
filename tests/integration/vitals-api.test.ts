// POST /api/vitals through the site's real request handler on the embedded store: a valid batch is
// stored per route, metric and Queensland day (204, nothing else kept: no address, no user agent);
// malformed JSON, an unknown metric, too many samples and an oversized body are refused with
// nothing stored; foreign and partner origins are refused; each client address is limited. The
// staff page /staff/vitals shows the p75 table to staff and is the plain 404 for anyone else.
import { todayInBrisbane } from '@business-chauffeur/booking-contract';
import { DatabaseSync } from 'node:sqlite';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServerBuild } from '@remix-run/node';
import type * as AccountsModule from '~/accounts/get-accounts.server';
import type * as StoreModule from '~/store/store.server';
import type * as VitalsServer from '~/vitals/vitals.server';
import { startRemixApp, TEST_ORIGIN, type RemixApp } from '../support/remix-app';
import { TEST_PARTNER_ORIGIN, useTestEnvironment } from '../support/test-environment';

vi.setConfig({ testTimeout: 60_000 });

const env = useTestEnvironment();
let app: RemixApp;
let address = 0;
const nextAddress = () => `198.51.100.${(address += 1)}`;

const USER_AGENT = 'Mozilla/5.0 (iPhone; CPU iPhone OS 19_0 like Mac OS X) Safari/604.1';

beforeAll(async () => {
  app = await startRemixApp();
});

afterAll(async () => {
  await app?.close();
  env.restore();
});

beforeEach(async () => {
  const { vitalsLimiter } = await app.load<typeof VitalsServer>('/app/vitals/vitals.server.ts');
  await vitalsLimiter.reset();
});

/** What navigator.sendBeacon sends: a text/plain POST from the site's own page. */
function beacon(
  body: unknown,
  { origin = TEST_ORIGIN, clientAddress = nextAddress() } = {},
): Promise<Response> {
  return app.request('/api/vitals', {
    method: 'POST',
    headers: {
      'Content-Type': 'text/plain;charset=UTF-8',
      Origin: origin,
      'User-Agent': USER_AGENT,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    clientAddress,
  });
}

const sample = (overrides: Record<string, unknown> = {}) => ({
  name: 'LCP',
  value: 1834.2,
  route: 'routes/fleet.$slug',
  rating: 'good',
  ...overrides,
});

async function summary() {
  const { getVitalsStore } = await app.load<typeof StoreModule>('/app/store/store.server.ts');
  const today = todayInBrisbane();
  return getVitalsStore().summary({ from: today, to: today });
}

/** Every text and number in the vitals tables of the SQLite file. */
function storedCells(): string[] {
  const db = new DatabaseSync(path.join(env.dataDir, 'store.sqlite'), { readOnly: true });
  try {
    return ['vitals_days', 'vitals_values'].flatMap((table) =>
      db
        .prepare(`SELECT * FROM ${table}`)
        .all()
        .flatMap((row) => Object.values(row).map(String)),
    );
  } finally {
    db.close();
  }
}

describe('POST /api/vitals', () => {
  it('stores a valid batch per route and metric and answers 204, keeping nothing personal', async () => {
    const clientAddress = '203.0.113.77';
    const response = await beacon(
      {
        samples: [
          sample(),
          sample({ name: 'CLS', value: 0.042, rating: 'good' }),
          sample({ name: 'TTFB', value: 310, rating: undefined }),
          sample({ name: 'LCP', value: 2900, route: 'routes/_index', rating: 'needs-improvement' }),
        ],
      },
      { clientAddress },
    );
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(await summary()).toEqual(
      expect.arrayContaining([
        { route: 'routes/fleet.$slug', metric: 'LCP', samples: 1, p75: 1834.2 },
        { route: 'routes/fleet.$slug', metric: 'CLS', samples: 1, p75: 0.042 },
        { route: 'routes/fleet.$slug', metric: 'TTFB', samples: 1, p75: 310 },
        { route: 'routes/_index', metric: 'LCP', samples: 1, p75: 2900 },
      ]),
    );
    const cells = storedCells().join(' ');
    expect(cells).toContain('routes/fleet.$slug');
    expect(cells).not.toContain(clientAddress);
    expect(cells).not.toContain('iPhone');
    expect(cells).not.toContain('good');
  });

  it.each([
    ['malformed JSON', '{"samples": [', 400, 'malformed_json'],
    ['an unknown metric', { samples: [sample({ name: 'FID' })] }, 400, 'invalid_request'],
    ['11 samples', { samples: Array.from({ length: 11 }, () => sample()) }, 400, 'invalid_request'],
    [
      'an address for a route',
      { samples: [sample({ route: '/fleet/executive-sedan' })] },
      400,
      'invalid_request',
    ],
    [
      'a value out of bounds',
      { samples: [sample({ name: 'CLS', value: 42 })] },
      400,
      'invalid_request',
    ],
    [
      'an oversized body',
      { samples: [sample()], padding: 'x'.repeat(9 * 1024) },
      413,
      'payload_too_large',
    ],
  ])('refuses %s and stores nothing', async (_case, body, status, code) => {
    const before = await summary();
    const response = await beacon(body);
    expect(response.status).toBe(status);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe(code);
    expect(await summary()).toEqual(before);
  });

  it('refuses another site (403) and the partner widget, which does not report', async () => {
    const before = await summary();
    const foreign = await beacon({ samples: [sample()] }, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    const partner = await beacon({ samples: [sample()] }, { origin: TEST_PARTNER_ORIGIN });
    expect(partner.status).toBe(403);
    expect(await summary()).toEqual(before);
  });

  it('answers only POST', async () => {
    const response = await app.request('/api/vitals');
    expect(response.status).toBe(405);
    expect(response.headers.get('Allow')).toBe('POST, OPTIONS');
  });

  it('limits each client address (429 with Retry-After), others go on', async () => {
    const { VITALS_PER_MINUTE } = await app.load<typeof VitalsServer>(
      '/app/vitals/vitals.server.ts',
    );
    const clientAddress = '203.0.113.90';
    // Refused batches count too: the limit is checked before the body is read.
    for (let sent = 0; sent < VITALS_PER_MINUTE; sent += 1) {
      const response = await beacon({ samples: [] }, { clientAddress });
      expect(response.status).toBe(400);
    }
    const over = await beacon({ samples: [sample({ value: 4321 })] }, { clientAddress });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await summary()).some((row) => row.p75 === 4321)).toBe(false);
    const other = await beacon({ samples: [sample({ value: 4321 })] });
    expect(other.status).toBe(204);
  });
});

describe('route ids', () => {
  it('takes a sample for every route of the build', async () => {
    const build = await app.load<ServerBuild>('virtual:remix/server-build');
    const ids = Object.keys(build.routes);
    expect(ids).toContain('routes/fleet.$slug');
    for (let start = 0; start < ids.length; start += 10) {
      const samples = ids
        .slice(start, start + 10)
        .map((route) => sample({ route, name: 'TTFB', value: 777, rating: undefined }));
      const response = await beacon({ samples });
      expect(response.status, ids.slice(start, start + 10).join(' ')).toBe(204);
    }
    const stored = new Set((await summary()).map((row) => row.route));
    expect(ids.filter((id) => !stored.has(id))).toEqual([]);
  });

  it('refuses 1,000 made-up route ids from one address with 400, storing none', async () => {
    const clientAddress = '203.0.113.120';
    const before = await summary();
    for (let batch = 0; batch < 100; batch += 1) {
      const samples = Array.from({ length: 10 }, (_, index) =>
        sample({ route: `routes/made-up-${batch * 10 + index}` }),
      );
      const response = await beacon({ samples }, { clientAddress });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
        'invalid_request',
      );
    }
    expect(await summary()).toEqual(before);
  });

  it('refuses a batch whose one made-up route id sits among real ones, storing none of it', async () => {
    const before = await summary();
    const response = await beacon({
      samples: [
        sample({ value: 1111 }),
        sample({ route: 'routes/_index', value: 1111 }),
        sample({ route: 'routes/fleet.$slug.v2', value: 1111 }),
      ],
    });
    expect(response.status).toBe(400);
    expect(await summary()).toEqual(before);
  });
});

const STAFF = 'speed@businesschauffeur.example';

/** Signs up through the site's form and returns the session cookie ("name=value"). */
async function signUp(email: string): Promise<string> {
  const response = await app.request('/signup', {
    method: 'POST',
    headers: {
      Host: new URL(TEST_ORIGIN).host,
      Origin: TEST_ORIGIN,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      firstName: 'Ngaio',
      lastName: 'Marsh',
      email,
      confirmEmail: email,
      password: 'Harbour#2031',
    }).toString(),
    redirect: 'manual',
  });
  expect(response.status).toBe(302);
  const cookie = /__session=[^;]*/.exec(response.headers.get('Set-Cookie') ?? '')?.[0];
  if (!cookie) throw new Error('no session cookie after sign-up');
  return cookie;
}

describe('/staff/vitals', () => {
  it('is the plain 404 for a visitor and a customer, never stored', async () => {
    const visitor = await app.request('/staff/vitals');
    expect(visitor.status).toBe(404);
    expect(visitor.headers.get('Cache-Control')).toBe('private, no-store');
    const customer = await app.request('/staff/vitals?days=28', {
      headers: { Cookie: await signUp('customer@example.com') },
    });
    expect(customer.status).toBe(404);
  });

  it('shows staff the p75 per route and metric against the good thresholds, for 7 or 28 days', async () => {
    const cookie = await signUp(STAFF);
    const accounts = await app.load<typeof AccountsModule>('/app/accounts/get-accounts.server.ts');
    await accounts.getAccounts().setStaff(STAFF, true);
    expect(
      (
        await beacon({
          samples: [
            sample({ route: 'routes/booking', value: 1200 }),
            sample({ route: 'routes/booking', value: 3100 }),
            sample({ route: 'routes/booking', name: 'CLS', value: 0.25 }),
          ],
        })
      ).status,
    ).toBe(204);
    for (const days of ['7', '28']) {
      const response = await app.request(`/staff/vitals?days=${days}`, {
        headers: { Cookie: cookie },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('Cache-Control')).toBe('private, no-store');
      const html = await response.text();
      expect(html).toContain(`last ${days} days`);
      const row = (route: string, metric: string) =>
        new RegExp(
          `<code>${route}</code></th><td><abbr[^>]*>${metric}</abbr></td>` +
            '<td class="staff-amount">(\\d+)</td><td class="staff-amount">([^<]+)</td>' +
            '<td class="staff-amount">([^<]+)</td><td>([^<]+)</td>',
        )
          .exec(html)
          ?.slice(1);
      expect(row('routes/booking', 'LCP')).toEqual(['2', '3100 ms', '2500 ms', 'Needs work']);
      expect(row('routes/booking', 'CLS')).toEqual(['1', '0.250', '0.100', 'Needs work']);
    }
  });

  it('stays small whatever was stored before: rows of made-up routes are left out', async () => {
    const email = 'junk.speed@businesschauffeur.example';
    const cookie = await signUp(email);
    const accounts = await app.load<typeof AccountsModule>('/app/accounts/get-accounts.server.ts');
    await accounts.getAccounts().setStaff(email, true);
    // What an earlier version kept: a thousand made-up routes, written past the endpoint.
    const { getVitalsStore } = await app.load<typeof StoreModule>('/app/store/store.server.ts');
    await getVitalsStore().record(
      todayInBrisbane(),
      Array.from({ length: 1000 }, (_, index) => ({
        route: `routes/junk-${index}`,
        metric: 'LCP' as const,
        value: 1000 + index,
      })),
    );
    const build = await app.load<ServerBuild>('virtual:remix/server-build');
    const response = await app.request('/staff/vitals?days=28', { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).not.toContain('routes/junk-');
    const shown = [...html.matchAll(/<th scope="row"><code>([^<]+)<\/code>/g)].map(
      (match) => match[1] ?? '',
    );
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.filter((route) => !(route in build.routes))).toEqual([]);
    // One row per route and metric at most: well under the 545 kB a thousand junk rows made.
    expect(shown.length).toBeLessThanOrEqual(Object.keys(build.routes).length * 5);
    expect(html.length).toBeLessThan(200 * 1024);
  });
});
