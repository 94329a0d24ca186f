// The content-route registry (app/content/content-routes.ts) is the one list of content pages:
// the routes Remix builds, /sitemap.xml and the seed content all follow it (the Studio's
// route-key options: studio/src/content-routes.test.ts). So adding a policy page is one registry entry plus its policy document: the route,
// the sitemap line and the Studio option come from the entry, and the checks below fail for a
// document or a route that is in one place only.
import { existsSync, readFileSync } from 'node:fs';
import type { ServerBuild } from '@remix-run/node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CONTENT_ROUTES,
  contentRouteFor,
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
  sections?: { _type: string; title?: string; links?: { href?: string }[] }[];
}

const seed = readFileSync('content/dataset.ndjson', 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as SeedDocument);

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

  it('is what /sitemap.xml lists, in order, before the vehicle pages', async () => {
    expect(PUBLIC_PATHS).toEqual(sitemapPaths());
    const xml = await (await app.request('/sitemap.xml')).text();
    const paths = [...xml.matchAll(/<loc>[a-z]+:\/\/[^/]+([^<]*)<\/loc>/g)].map(
      (match) => match[1] || '/',
    );
    expect(paths.filter((path) => !path.startsWith('/fleet/'))).toEqual(sitemapPaths());
  });

  it('lists the document of every page, and the seed has a document for every entry', () => {
    const seeded = new Set(
      seed
        .filter((doc) => ['page', 'policy', 'serviceArea'].includes(doc._type))
        .map((doc) => `${doc._type}:${doc.route?.current}`),
    );
    const listed = CONTENT_ROUTES.flatMap((entry) =>
      entry.document ? [`${entry.document.type}:${entry.document.route}`] : [],
    );
    expect([...listed].sort()).toEqual([...seeded].sort());
  });

  it('places each link of the /sitemap page in the group the registry gives it', () => {
    const groups = seed
      .find((doc) => doc._type === 'page' && doc.route?.current === 'sitemap')
      ?.sections?.filter((section) => section._type === 'linkGroup');
    const byTitle: Record<string, string> = {
      'Main Pages': 'main',
      'Service Areas': 'serviceAreas',
      'Additional Information': 'information',
    };
    expect(groups?.length).toBe(3);
    for (const group of groups ?? []) {
      const hrefs = (group.links ?? []).map((link) => link.href);
      const expected = CONTENT_ROUTES.filter(
        (entry) => entry.sitemap === byTitle[group.title ?? ''],
      ).map((entry) => entry.path);
      expect([...hrefs].sort(), group.title).toEqual([...expected].sort());
    }
  });
});

describe('every registered page', () => {
  it.each(CONTENT_ROUTES.map((entry) => entry.path))(
    '%s answers with its own canonical address',
    async (path) => {
      const response = await app.request(path);
      const html = await response.text();
      expect(response.status).toBe(200);
      const canonical = /<link rel="canonical" href="[a-z]+:\/\/[^/"]+([^"]*)"/.exec(html)?.[1];
      expect(canonical || '/').toBe(path);
    },
  );

  it('keeps one canonical address when Remix matches another letter case', async () => {
    expect(contentRouteFor('/CANCELLATIONPOLICY/')?.path).toBe('/cancellationPolicy');
    const html = await (await app.request('/cancellationpolicy')).text();
    expect(html).toMatch(/<link rel="canonical" href="[^"]*\/cancellationPolicy"/);
  });
});
