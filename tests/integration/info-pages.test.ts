// The FAQ, policy, service-area, sitemap and sign-up pages, their loaders called as Remix calls
// them, on a copy of the seed dataset: the seed holds what the specification asks for, a change
// to a document shows on the next request (copy is not in the components), a missing document
// is a 404, and /sitemap.xml lists every public page.
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';

import { PUBLIC_PATHS } from '~/content/sitemap-xml.server';
import { loader as faqsLoader } from '~/routes-content/faqs';
import { loader as policiesLoader } from '~/routes-content/policies';
import { loader as areasLoader } from '~/routes-content/service-areas';
import { loader as sitemapLoader } from '~/routes-content/sitemap';
// Policies and service areas are pages at their own addresses: the address picks the document.
import { loader as documentLoader } from '~/routes/$';
import { loader as signupSuccessLoader } from '~/routes/signupSuccess';
import { loader as sitemapXmlLoader } from '~/routes/sitemap[.]xml';

async function policyLoader(loaderArgs: ReturnType<typeof args>) {
  const data = await documentLoader(loaderArgs);
  if (data.kind !== 'policy') throw new Error(`${loaderArgs.request.url} is not a policy`);
  return data.policy;
}

async function areaLoader(loaderArgs: ReturnType<typeof args>) {
  const data = await documentLoader(loaderArgs);
  if (data.kind !== 'serviceArea') throw new Error(`${loaderArgs.request.url} is not an area`);
  return data.area;
}

const privacyLoader = policyLoader;
const termsLoader = policyLoader;
const brisbaneLoader = areaLoader;

// The configuration is read once, on the first request a loader handles: point it at a copy of
// the seed dataset before that.
const previous = {
  CONTENT_DATASET_PATH: process.env.CONTENT_DATASET_PATH,
  SANITY_PROJECT_ID: process.env.SANITY_PROJECT_ID,
  SITE_URL: process.env.SITE_URL,
};
const datasetPath = path.join(mkdtempSync(path.join(tmpdir(), 'info-pages-')), 'dataset.ndjson');
process.env.CONTENT_DATASET_PATH = datasetPath;
process.env.SITE_URL = 'https://www.businesschauffeur.example';
delete process.env.SANITY_PROJECT_ID;

const contentDir = fileURLToPath(new URL('../../content/', import.meta.url));
const seed = readFileSync(path.join(contentDir, 'dataset.ndjson'), 'utf8');
symlinkSync(path.join(contentDir, 'images'), path.join(path.dirname(datasetPath), 'images'));
writeFileSync(datasetPath, seed);

afterEach(() => writeFileSync(datasetPath, seed));

afterAll(() => {
  rmSync(path.dirname(datasetPath), { recursive: true, force: true });
  for (const [name, value] of Object.entries(previous)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

type Doc = Record<string, unknown> & { _id: string };

/** Rewrites the dataset copy, changing or dropping documents. */
function editDataset(change: (doc: Doc) => Doc | null) {
  const lines = seed
    .split('\n')
    .filter(Boolean)
    .map((line) => change(JSON.parse(line) as Doc))
    .filter((doc): doc is Doc => doc !== null)
    .map((doc) => JSON.stringify(doc));
  writeFileSync(datasetPath, `${lines.join('\n')}\n`);
}

const args = (pathname: string) => ({
  request: new Request(`https://www.businesschauffeur.example${pathname}`),
  params: {},
  context: {},
});

async function statusOf(load: () => Promise<unknown>): Promise<number> {
  try {
    await load();
    return 200;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    throw thrown;
  }
}

describe('seed content', () => {
  it('has the five FAQ sections, in order, each with questions', async () => {
    const { sections } = await faqsLoader(args('/faqs'));
    expect(sections.map((section) => section.title)).toEqual([
      'Booking',
      'Travelling with luggage',
      'Travelling with children',
      'Changes, Cancellations & Surcharges',
      'Lost Property',
    ]);
    for (const section of sections) {
      expect(section.anchor).toMatch(/^[a-z][a-z0-9-]*$/);
      expect(section.items?.length).toBeGreaterThan(0);
    }
  });

  it('lists the five policies on /bccPolicies', async () => {
    const { policies } = await policiesLoader(args('/bccPolicies'));
    expect(policies.map((policy) => policy.route).sort()).toEqual([
      'cancellationPolicy',
      'childSafetyPolicy',
      'dataRetentionAndPrivacyPolicy',
      'fatigueManagementPolicy',
      'socialResponsibilityPolicy',
    ]);
  });

  it('has the nine sections of the privacy page, under Policies', async () => {
    const policy = await privacyLoader(args('/dataRetentionAndPrivacyPolicy'));
    expect(policy.sections?.map((section) => section.title)).toEqual([
      'What is Personal Information',
      'Types of Personal Information We Collect and Hold',
      'How We Collect Personal Information',
      'Why We Collect, Use, and Hold',
      'Disclosure',
      'Marketing',
      'Management and Security',
      'Overseas transfer',
      'How We Handle Complaints',
    ]);
    expect(policy.parent).toEqual({ title: 'Policies', route: 'bccPolicies' });
  });

  it('gives the terms general text and sections, outside the policies list', async () => {
    const terms = await termsLoader(args('/termsAndConditions'));
    expect(terms.listed).toBe(false);
    expect(terms.intro?.length).toBeGreaterThan(0);
    expect(terms.sections?.length).toBeGreaterThan(3);
  });

  it('has the three service areas in order, each with its own SEO fields', async () => {
    const { areas, page } = await areasLoader(args('/service-areas'));
    expect(areas.map((area) => [area.name, area.route])).toEqual([
      ['Brisbane', 'service-area-brisbane'],
      ['Gold Coast', 'service-area-goldcoast'],
      ['Sunshine Coast', 'service-area-sunshinestate'],
    ]);
    expect(page.whyChoose?.items?.map((item) => item.title)).toEqual([
      'Luxury Fleet',
      'Professional Chauffeurs',
      'Timely Service',
      'Customized Packages',
    ]);
    expect(page.bookingCta?.actions?.[0]).toMatchObject({ href: '/booking' });

    const brisbane = await brisbaneLoader(args('/service-area-brisbane'));
    expect(brisbane.seo?.title).toBeTruthy();
    expect(brisbane.seo?.description).toBeTruthy();
    expect(brisbane.seo?.keywords?.length).toBeGreaterThan(0);
    expect(brisbane.hero?.image?.url).toMatch(/^\/content\/images\/service-area-brisbane\.svg\?v=/);
    expect(brisbane.parent?.bookingCta?.actions?.[0]?.href).toBe('/booking');
    expect(brisbane.areasServed).toEqual(['Brisbane', 'Gold Coast', 'Sunshine Coast']);
  });

  it('groups the sitemap page as the specification says', async () => {
    const page = await sitemapLoader(args('/sitemap'));
    expect(
      page.groups?.map((group) => [group.title, group.links?.map((link) => link.href)]),
    ).toEqual([
      ['Main Pages', ['/', '/booking', '/about', '/service', '/contact']],
      [
        'Service Areas',
        ['/service-area-brisbane', '/service-area-goldcoast', '/service-area-sunshinestate'],
      ],
      ['Additional Information', ['/bccPolicies']],
    ]);
  });

  it('confirms a new account with a link home, hidden from search engines', async () => {
    const page = await signupSuccessLoader(args('/signupSuccess'));
    expect(page.hero?.heading).toBe('Account Created Successfully!');
    expect(page.links).toEqual([expect.objectContaining({ label: 'Go to Home', href: '/' })]);
    expect(page.seo?.noIndex).toBe(true);
  });
});

describe('content changes', () => {
  it('a changed document shows on the next request', async () => {
    expect((await privacyLoader(args('/dataRetentionAndPrivacyPolicy'))).title).toBe(
      'Data Retention and Privacy Policy',
    );
    editDataset((doc) =>
      doc._id === 'policy.dataRetentionAndPrivacyPolicy'
        ? { ...doc, title: 'Privacy Policy (updated)' }
        : doc,
    );
    await vi.waitFor(async () =>
      expect((await privacyLoader(args('/dataRetentionAndPrivacyPolicy'))).title).toBe(
        'Privacy Policy (updated)',
      ),
    );
  });

  it('a removed document is a 404, not an empty page', async () => {
    editDataset((doc) =>
      doc._id === 'serviceArea.brisbane' || doc._id === 'page.faqs' ? null : doc,
    );
    await vi.waitFor(async () => {
      expect(await statusOf(() => brisbaneLoader(args('/service-area-brisbane')))).toBe(404);
      expect(await statusOf(() => faqsLoader(args('/faqs')))).toBe(404);
    });
  });
});

describe('/sitemap.xml', () => {
  async function sitemapUrls() {
    const response = await sitemapXmlLoader();
    expect(response.headers.get('Content-Type')).toMatch(/^application\/xml/);
    const xml = await response.text();
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/,
    );
    return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
  }

  it('lists every public page and every bookable vehicle, with absolute URLs', async () => {
    const urls = await sitemapUrls();
    for (const pathname of PUBLIC_PATHS) {
      expect(urls).toContain(`https://www.businesschauffeur.example${pathname}`);
    }
    const vehicles = seed
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Doc & { slug?: { current: string }; isArchived?: boolean })
      .filter((doc) => doc._type === 'vehicleType');
    expect(vehicles.length).toBeGreaterThan(0);
    for (const vehicle of vehicles) {
      const url = `https://www.businesschauffeur.example/fleet/${vehicle.slug?.current}`;
      if (vehicle.isArchived) expect(urls).not.toContain(url);
      else expect(urls).toContain(url);
    }
    expect(urls.some((url) => url?.endsWith('/signupSuccess'))).toBe(false);
    expect(new Set(urls).size).toBe(urls.length);
  });

  it('drops a page staff hid from search engines', async () => {
    editDataset((doc) =>
      doc._id === 'policy.fatigueManagementPolicy'
        ? { ...doc, seo: { ...(doc.seo as object), noIndex: true } }
        : doc,
    );
    await vi.waitFor(async () =>
      expect(await sitemapUrls()).not.toContain(
        'https://www.businesschauffeur.example/fatigueManagementPolicy',
      ),
    );
  });
});
