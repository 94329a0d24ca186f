// Every GROQ query of the site runs on the seed dataset the embedded adapter ships with. Queries
// are found by name (every export ending in `Query`), so a new query is covered without a new test;
// one that takes $params needs sample values in `sampleParams`.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createEmbeddedContentSource } from '~/content/embedded-content-source.server';
import * as pageQueries from '~/content/queries.server';
import * as rulesQueries from '~/content/rules-queries.server';
import { documentPath } from '~/content/content-routes';
import type { QueryParams } from '~/content/content-source.server';

const contentDir = fileURLToPath(new URL('../../content/', import.meta.url));
const source = createEmbeddedContentSource({ datasetPath: `${contentDir}dataset.ndjson` });

/** Realistic values for the $params of each query that has some, keyed by the export's name. */
const sampleParams: Record<string, QueryParams> = {
  marketingPageQuery: { route: 'home' },
  vehicleDetailQuery: { slug: 'executive-sedan' },
  reviewsPageQuery: { start: 0, end: 3 },
  policyPageQuery: { route: 'dataRetentionAndPrivacyPolicy' },
  serviceAreaPageQuery: { route: 'service-area-brisbane' },
  promoCodeQuery: { code: 'WELCOME10' },
  vehicleCancellationNoticeQuery: { id: 'vehicleType.executive-sedan' },
};

interface NavLink {
  label?: string;
  page?: { _type: string; route: string | null } | null;
}

const queries = { ...pageQueries, ...rulesQueries };
const namedQueries = Object.entries(queries).filter(([name]) => name.endsWith('Query'));

describe('content queries on the embedded dataset', () => {
  it('finds the queries', () => {
    expect(namedQueries.map(([name]) => name)).toContain('siteSettingsQuery');
    for (const [name, query] of namedQueries) {
      expect(typeof query, name).toBe('string');
    }
  });

  it.each(namedQueries)('%s runs', async (name, query) => {
    const result = await source.fetch(query as string, sampleParams[name] ?? {});
    expect(result, `${name} gave undefined`).not.toBeUndefined();
  });

  it('siteSettingsQuery returns the business details and a hero image', async () => {
    const settings = (await source.fetch(queries.siteSettingsQuery)) as {
      name?: string;
      phone?: string;
      hero?: { image?: { url?: string; width?: number; height?: number; alt?: string } };
    } | null;
    expect(settings).toMatchObject({ name: 'Business Chauffeur', phone: '1300 975 707' });
    const image = settings?.hero?.image;
    expect(image?.url).toMatch(/^\/content\/images\/[\w.-]+\.svg\?v=[0-9a-f]{12}$/);
    expect(image?.width).toBeGreaterThan(0);
    expect(image?.height).toBeGreaterThan(0);
    expect(image?.alt).toBeTruthy();
    // The URL points at a file the server can serve.
    const file = (image?.url ?? '').replace(/^\/content\//, '').replace(/\?.*$/, '');
    expect(existsSync(`${contentDir}${file}`)).toBe(true);
  });

  it('navigationQuery returns today’s menus, each link a document of the site by reference', async () => {
    const navigation = (await source.fetch(queries.navigationQuery)) as {
      header?: { _type: string; label?: string; links?: NavLink[]; page?: NavLink['page'] }[];
      footer?: { title?: string; links?: NavLink[] }[];
    } | null;
    const address = (link: { page?: NavLink['page'] }) =>
      link.page?.route ? documentPath(link.page._type, link.page.route) : null;
    expect(
      navigation?.header?.map((item) =>
        item._type === 'navMenu'
          ? [item.label, item.links?.map((link) => [link.label, address(link)])]
          : [item.label, address(item)],
      ),
    ).toEqual([
      ['Services', '/service'],
      [
        'About Us',
        [
          ['About Us', '/about'],
          ['FAQs', '/faqs'],
        ],
      ],
      ['Contact Us', '/contact'],
    ]);
    expect(
      navigation?.footer?.map((group) => [
        group.title,
        group.links?.map((link) => [link.label, address(link)]),
      ]),
    ).toEqual([
      [
        'Company',
        [
          ['About Us', '/about'],
          ['Terms of Use', '/termsAndConditions'],
          ['Privacy Policy', '/bccPolicies'],
          ['Sitemap', '/sitemap'],
        ],
      ],
      [
        'Explore',
        [
          ['Our fleet', '/fleet'],
          ['Reviews', '/reviews'],
          ['Join our fleet', '/joinFleet'],
          ['Service areas', '/service-areas'],
        ],
      ],
    ]);
  });
});
