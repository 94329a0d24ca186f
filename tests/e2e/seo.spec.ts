// What search engines and link previews see: titles, descriptions, canonical links, Open Graph
// tags, structured data, /sitemap.xml and /robots.txt; and how long caches may keep pages.
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { CONTENT_ROUTES, SERVICE_AREAS } from './content-pages';

/** The attributes of every tag with this name in an HTML string. */
function tags(html: string, name: string): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${name}\\b([^>]*)>`, 'gi'))].map((match) =>
    Object.fromEntries(
      [...(match[1] ?? '').matchAll(/([\w:-]+)="([^"]*)"/g)].map((attribute) => [
        (attribute[1] ?? '').toLowerCase(),
        decode(attribute[2] ?? ''),
      ]),
    ),
  );
}

function decode(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

async function head(request: APIRequestContext, path: string) {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  const html = await response.text();
  const meta = tags(html, 'meta');
  const content = (key: string, value: string) =>
    meta.find((tag) => tag[key] === value)?.content ?? null;
  return {
    html,
    title: decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ''),
    description: content('name', 'description'),
    canonical: tags(html, 'link').find((tag) => tag.rel === 'canonical')?.href ?? null,
    og: (property: string) => content('property', `og:${property}`),
  };
}

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].flatMap(
    (match) => {
      const data = JSON.parse(match[1] ?? 'null') as unknown;
      return (Array.isArray(data) ? data : [data]) as Record<string, unknown>[];
    },
  );
}

test('every content page has a unique title, a description, an absolute canonical link and Open Graph tags', async ({
  request,
  baseURL,
}) => {
  const titles = new Map<string, string>();
  for (const path of CONTENT_ROUTES) {
    const page = await head(request, path);
    const canonical = new URL(path, baseURL).href;
    expect(page.title, path).not.toBe('');
    expect(titles.get(page.title), `${path} has the title of ${titles.get(page.title)}`).toBe(
      undefined,
    );
    titles.set(page.title, path);
    expect(page.description?.length ?? 0, `${path} description`).toBeGreaterThan(30);
    expect(page.canonical, path).toBe(canonical);
    expect(page.og('url'), path).toBe(canonical);
    expect(page.og('title'), path).toBe(page.title);
    expect(page.og('description'), path).toBe(page.description);
    expect(page.og('type'), path).toBe('website');
    expect(page.og('site_name'), path).toBe('Business Chauffeur');
  }
});

test('the home and service-area pages describe the business as structured data', async ({
  request,
  baseURL,
}) => {
  for (const path of ['/', ...SERVICE_AREAS.map((area) => area.path)]) {
    const { html } = await head(request, path);
    const business = jsonLd(html).find((item) => item['@type'] === 'AutoRental');
    expect(business, path).toMatchObject({
      '@context': 'https://schema.org',
      name: 'Business Chauffeur',
      telephone: '1300 975 707',
      url: new URL('/', baseURL).href,
      areaServed: [
        { '@type': 'City', name: 'Brisbane' },
        { '@type': 'City', name: 'Gold Coast' },
        { '@type': 'City', name: 'Sunshine Coast' },
      ],
      openingHoursSpecification: [
        {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
          opens: '00:00',
          closes: '23:59',
        },
      ],
    });
  }
  const { html } = await head(request, '/service-area-brisbane');
  const trail = jsonLd(html).find((item) => item['@type'] === 'BreadcrumbList');
  expect(trail?.itemListElement).toHaveLength(3);
});

test('/sitemap.xml lists every public page, and every one of them answers', async ({
  request,
  baseURL,
}) => {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/xml/);
  const xml = await response.text();
  const urls = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? '');
  for (const path of CONTENT_ROUTES.filter((route) => route !== '/signupSuccess')) {
    expect(urls, path).toContain(new URL(path, baseURL).href);
  }
  expect(urls).not.toContain(new URL('/signupSuccess', baseURL).href);
  for (const url of urls) {
    expect(url.startsWith(`${baseURL}/`) || url === `${baseURL}/`, url).toBe(true);
    const page = await request.get(url);
    expect(page.status(), url).toBe(200);
  }
});

test('/robots.txt lets crawlers in and points them to the sitemap', async ({
  request,
  baseURL,
}) => {
  const response = await request.get('/robots.txt');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^text\/plain/);
  const text = await response.text();
  expect(text).toMatch(/^User-agent: \*$/m);
  expect(text).toMatch(/^Disallow: \/api\/$/m);
  expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test.describe('caching', () => {
  test('anonymous page views may be kept briefly by shared caches', async ({ request }) => {
    for (const path of ['/faqs', '/service-area-brisbane', '/']) {
      const response = await request.get(path);
      expect(response.headers()['cache-control'], path).toBe(
        'public, max-age=0, s-maxage=60, stale-while-revalidate=600',
      );
      expect(response.headers()['vary'], path).toMatch(/Cookie/);
    }
  });

  test('client-side navigation data follows the same rules', async ({ request }) => {
    const response = await request.get('/faqs.data');
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toMatch(/s-maxage=60/);
    const personal = await request.get('/faqs.data', { headers: { Cookie: '__session=x' } });
    expect(personal.headers()['cache-control']).toBe('private, no-store');
  });

  test('pages for a visitor with a session, errors and 404s are never stored', async ({
    request,
  }) => {
    const signedIn = await request.get('/faqs', { headers: { Cookie: '__session=abc' } });
    expect(signedIn.headers()['cache-control']).toBe('private, no-store');
    const missing = await request.get('/no-such-page-here');
    expect(missing.status()).toBe(404);
    expect(missing.headers()['cache-control']).toBe('private, no-store');
  });

  test('built assets are cached for a year', async ({ request }) => {
    const { html } = await head(request, '/faqs');
    // The page's styles are written into its head; its script (the site's elements: a content
    // page loads no app) and fonts are built assets.
    const script = tags(html, 'script')
      .map((tag) => ({ href: tag.src }))
      .find((tag) => tag.href?.startsWith('/assets/'));
    const font = tags(html, 'link').find(
      (tag) => tag.rel === 'preload' && tag.href?.startsWith('/assets/'),
    );
    for (const asset of [script, font]) {
      expect(asset).toBeDefined();
      const response = await request.get(asset?.href ?? '');
      expect(response.headers()['cache-control']).toMatch(/max-age=31536000/);
      expect(response.headers()['cache-control']).toMatch(/immutable/);
    }
  });
});

test('draft preview does not exist without its configuration', async ({ request }) => {
  const response = await request.get('/api/preview?secret=anything&redirect=/faqs');
  expect(response.status()).toBe(404);
  expect(response.headers()['set-cookie']).toBeUndefined();
});
