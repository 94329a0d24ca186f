// The content-route registry (app/content/content-routes.ts) lists the app's own pages; every
// other page is a CMS document at the address of its `route` slug (routes/$.tsx and the address
// index, docs/decisions/049-pages-by-address.md). The routes Remix builds, /sitemap.xml and the
// seed content follow both, and every address the site had before documents chose their own
// still answers, with its own canonical address, in any letter case.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { ServerBuild } from '@remix-run/node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CONTENT_ROUTES,
  contentRouteFor,
  documentPath,
  isAppPath,
  registryRoutedPages,
  sitemapPaths,
} from '~/content/content-routes';
import { PUBLIC_PATHS } from '~/content/sitemap-xml.server';
import { startRemixApp, type RemixApp } from '../support/remix-app';
import { useTestEnvironment } from '../support/test-environment';

vi.setConfig({ testTimeout: 60_000 });

const env = useTestEnvironment();
let app: RemixApp;
let build: ServerBuild;

beforeAll(async () => {
  app = await startRemixApp();
  build = await app.load<ServerBuild>('virtual:remix/server-build');
});

afterAll(async () => {
  await app?.close();
  env.restore();
});

interface SeedDocument {
  _type: string;
  route?: { current?: string };
  seo?: { noIndex?: boolean };
}

const seed = readFileSync('content/dataset.ndjson', 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as SeedDocument);

/** Every content address the site answered when the registry still listed every page. */
const TODAYS_ADDRESSES = [
  '/',
  '/booking',
  '/service',
  '/about',
  '/fleet',
  '/transfers',
  '/service-areas',
  '/service-area-brisbane',
  '/service-area-goldcoast',
  '/service-area-sunshinestate',
  '/reviews',
  '/faqs',
  '/joinFleet',
  '/chauffeur',
  '/contact',
  '/bccPolicies',
  '/cancellationPolicy',
  '/childSafetyPolicy',
  '/dataRetentionAndPrivacyPolicy',
  '/fatigueManagementPolicy',
  '/socialResponsibilityPolicy',
  '/termsAndConditions',
  '/sitemap',
  '/signupSuccess',
];

/** The address of every page, service area and policy of the seed. */
const seedAddresses = seed
  .filter((doc) => ['page', 'policy', 'serviceArea'].includes(doc._type) && doc.route?.current)
  .map((doc) => documentPath(doc._type, doc.route?.current as string));

/** An address of the kind a route file answers: `$param` segments filled in, `[.]` a dot. */
function sampleAddress(file: string): string {
  const segments = file
    .replace(/\.tsx?$/, '')
    .split(/\.(?![^[]*\])/)
    .filter((segment) => segment !== '_index')
    .map((segment) => (segment.startsWith('$') ? 'x' : segment.replace(/_$/, '')));
  return `/${segments.join('/')}`.replace(/\[\.\]/g, '.');
}

describe('the registry', () => {
  it('has one entry per path, each rendered by a module that exists', () => {
    const paths = CONTENT_ROUTES.map((entry) => entry.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const entry of CONTENT_ROUTES)
      expect(existsSync(`app/${entry.module}`), entry.path).toBe(true);
  });

  it('is the routes Remix builds: every entry at its path, rendered by its module', () => {
    const routes = Object.values(build.routes);
    for (const entry of CONTENT_ROUTES) {
      const id = entry.module.startsWith('routes-content/')
        ? `content${entry.path}`
        : entry.module.replace(/\.tsx$/, '');
      const route = build.routes[id];
      expect(route, entry.path).toBeDefined();
      expect(route?.parentId).toBe('root');
      if (entry.path === '/') expect(route?.index).toBe(true);
      else expect(route?.path).toBe(entry.path.slice(1));
    }
    // And the shared modules serve no address the registry does not list.
    const shared = routes.filter((route) => route.id.startsWith('content/'));
    expect(shared.map((route) => `/${route.path}`).sort()).toEqual(
      registryRoutedPages()
        .map((entry) => entry.path)
        .sort(),
    );
  });

  it('counts every address a file of app/routes answers as the app’s own, so no document takes it', () => {
    const files = readdirSync('app/routes').filter(
      (name) => /\.tsx?$/.test(name) && !/\.test\./.test(name) && name !== '$.tsx',
    );
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) expect(isAppPath(sampleAddress(file)), file).toBe(true);
    for (const path of [
      '/staff',
      '/staff/bookings/x',
      '/API/places',
      '/widget/x.js',
      '/robots.txt',
    ])
      expect(isAppPath(path), path).toBe(true);
    // A vehicle's page is the app's, but /fleet itself is a page staff edit.
    expect(isAppPath('/fleet/coach')).toBe(true);
    expect(isAppPath('/fleet')).toBe(false);
    expect(isAppPath('/weddings')).toBe(false);
    expect(isAppPath('/accounting')).toBe(false);
  });

  it('gives every app page with a document a seed document, and the seed’s documents addresses of their own', () => {
    for (const entry of CONTENT_ROUTES.filter((candidate) => candidate.document)) {
      expect(seedAddresses, entry.path).toContain(entry.path);
    }
    expect(new Set(seedAddresses.map((path) => path.toLowerCase())).size).toBe(
      seedAddresses.length,
    );
    for (const path of seedAddresses) {
      if (!contentRouteFor(path)) expect(isAppPath(path), path).toBe(false);
    }
  });

  it('keeps every address of today: the documents of the seed are at them', () => {
    expect([...seedAddresses].sort()).toEqual(
      TODAYS_ADDRESSES.filter((path) => path !== '/booking').sort(),
    );
  });
});

describe('/sitemap.xml', () => {
  it('lists the app’s pages, in order, then every document’s own page, then the vehicles', async () => {
    expect(PUBLIC_PATHS).toEqual(sitemapPaths());
    const xml = await (await app.request('/sitemap.xml')).text();
    const paths = [...xml.matchAll(/<loc>[a-z]+:\/\/[^/]+([^<]*)<\/loc>/g)].map(
      (match) => match[1] || '/',
    );
    const pages = paths.filter((path) => !path.startsWith('/fleet/'));
    expect(pages.slice(0, sitemapPaths().length)).toEqual(sitemapPaths());
    const hidden = seed
      .filter((doc) => doc.seo?.noIndex && doc.route?.current)
      .map((doc) => documentPath(doc._type, doc.route?.current as string));
    expect([...pages].sort()).toEqual(
      [...new Set([...sitemapPaths(), ...seedAddresses])]
        .filter((path) => !hidden.includes(path))
        .sort(),
    );
  });
});

describe('every address of today', () => {
  it.each(TODAYS_ADDRESSES)('%s answers with its own canonical address', async (path) => {
    const response = await app.request(path);
    const html = await response.text();
    expect(response.status).toBe(200);
    const canonical = /<link rel="canonical" href="[a-z]+:\/\/[^/"]+([^"]*)"/.exec(html)?.[1];
    expect(canonical || '/').toBe(path);
  });

  it.each([
    ['/cancellationpolicy', '/cancellationPolicy'],
    ['/JOINFLEET/', '/joinFleet'],
    ['/Service-Area-Brisbane', '/service-area-brisbane'],
    ['/FAQS', '/faqs'],
  ])('%s, in another letter case, keeps the one canonical address %s', async (asked, path) => {
    const response = await app.request(asked);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`rel="canonical" href="http://localhost${path}"`);
  });

  it('every link of the /sitemap page answers', async () => {
    const html = await (await app.request('/sitemap')).text();
    const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
    const links = [...main.matchAll(/<a [^>]*href="(\/[^"]*)"/g)].map((match) => match[1]);
    expect(links.length).toBeGreaterThan(8);
    for (const link of links) {
      const response = await app.request(link as string);
      await response.arrayBuffer();
      expect(response.status, link).toBe(200);
    }
  });
});
