// The server's route matching, as patched (patches/, docs/decisions/038): a route table's ranked
// branches, compiled patterns and data routes are kept between requests. Keeping them must not
// change a match: the same table answers the same, another table answers for itself, and a
// pattern's flags count.
import { createRequire } from 'node:module';
import type * as RemixRouter from '@remix-run/router';
import type * as RouterServer from 'react-router-dom/server';
import { describe, expect, it } from 'vitest';

// The CommonJS build, which the server's Remix runtime loads (the patched one).
const router = createRequire(import.meta.url)('@remix-run/router') as typeof RemixRouter;

const table = (prefix: string) => [
  {
    id: `${prefix}root`,
    path: '/',
    children: [
      { id: `${prefix}home`, index: true },
      { id: `${prefix}fleet`, path: 'fleet' },
      { id: `${prefix}area`, path: 'service-area-:area' },
      { id: `${prefix}booking`, path: 'bookings/:id/:tab?' },
      { id: `${prefix}places`, path: 'api/places' },
      { id: `${prefix}notFound`, path: '*' },
    ],
  },
];

const idsOf = (routes: ReturnType<typeof table>, path: string) =>
  router.matchRoutes(routes, path)?.map((match) => match.route.id);

describe('server route matching with kept branches', () => {
  it('answers the same for every request of one table', () => {
    const routes = table('');
    for (let round = 0; round < 3; round += 1) {
      expect(idsOf(routes, '/')).toEqual(['root', 'home']);
      expect(idsOf(routes, '/fleet')).toEqual(['root', 'fleet']);
      expect(idsOf(routes, '/api/places')).toEqual(['root', 'places']);
      expect(idsOf(routes, '/no/such/page')).toEqual(['root', 'notFound']);
      expect(router.matchRoutes(routes, '/bookings/BC-1/refunds')?.[1]?.params).toEqual({
        id: 'BC-1',
        tab: 'refunds',
        '*': undefined,
      });
    }
  });

  it('gives each caller its own copy of a kept answer', () => {
    const routes = table('');
    const first = router.matchRoutes(routes, '/bookings/BC-7/trip');
    // A caller that changes its answer (the router's types say read-only; JavaScript allows it).
    (first![1]!.params as Record<string, string>).id = 'changed';
    first!.pop();
    const again = router.matchRoutes(routes, '/bookings/BC-7/trip');
    expect(again?.map((match) => match.route.id)).toEqual(['root', 'booking']);
    expect(again?.[1]?.params).toMatchObject({ id: 'BC-7', tab: 'trip' });
    // As the router makes them: the matches of one answer share one params object.
    expect(again?.[0]?.params).toBe(again?.[1]?.params);
  });

  it('keeps each table to itself', () => {
    const site = table('');
    const other = table('other-');
    expect(idsOf(site, '/fleet')).toEqual(['root', 'fleet']);
    expect(idsOf(other, '/fleet')).toEqual(['other-root', 'other-fleet']);
    expect(idsOf(site, '/fleet')).toEqual(['root', 'fleet']);
  });

  it('compiles a pattern once per case rule and end rule', () => {
    expect(
      router.matchPath({ path: '/Fleet', caseSensitive: true, end: true }, '/fleet'),
    ).toBeNull();
    expect(
      router.matchPath({ path: '/Fleet', caseSensitive: false, end: true }, '/fleet'),
    ).not.toBeNull();
    expect(
      router.matchPath({ path: '/Fleet', caseSensitive: false, end: false }, '/fleet/x')
        ?.pathnameBase,
    ).toBe('/fleet');
    expect(
      router.matchPath({ path: '/Fleet', caseSensitive: false, end: true }, '/fleet/x'),
    ).toBeNull();
  });
});

describe('server rendering with kept data routes', () => {
  // The CommonJS build the server renders with (patches/react-router-dom+6.30.4.patch).
  const { createStaticHandler, createStaticRouter } = createRequire(import.meta.url)(
    'react-router-dom/server',
  ) as typeof RouterServer;

  it('makes the data routes once per route tree, and each render gets its own matches', async () => {
    const routes = table('');
    const handler = createStaticHandler(routes);
    const context = async (path: string) => {
      const result = await handler.query(new Request(`http://localhost${path}`));
      if (result instanceof Response) throw new Error('Expected a render context');
      return result;
    };
    const fleet = createStaticRouter(routes, await context('/fleet'));
    const home = createStaticRouter(routes, await context('/'));
    expect(home.routes).toBe(fleet.routes);
    expect(fleet.state.matches.map((match) => match.route.id)).toEqual(['root', 'fleet']);
    expect(home.state.matches.map((match) => match.route.id)).toEqual(['root', 'home']);
    expect(createStaticRouter(table('other-'), await context('/fleet')).routes).not.toBe(
      fleet.routes,
    );
  });
});
