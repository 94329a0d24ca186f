// What an editor does in the Studio, and what the site answers, through the real Remix handler on
// a copy of the seed dataset, for either content adapter (docs/decisions/049-pages-by-address.md,
// 050-pages-built-from-sections.md, 051-menus-as-content.md): a document published with a new
// address is a page there at once (served, in /sitemap.xml, on /sitemap, under its parent), a
// renamed address answers 301 to the new one, a deleted document is the 404 page, menus follow the
// pages they link, a booking section opens the form prefilled, a section of an unknown type is
// skipped and the items of a list that are not complete (left empty, half filled, null) are left
// out. `publish` is what makes an edit to the dataset live: nothing on the embedded dataset (its
// file is the revision), Sanity's webhook on the Sanity adapter.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as MarketingPagesModule from '~/content/marketing-pages.server';
import type * as NavigationModule from '~/content/navigation.server';
import { planRedirects } from '../../studio/src/redirect-plan';
import {
  toowoombaArea,
  WEDDINGS_BOOKING_SECTION,
  weddingsLandingPage,
  weddingsPage,
} from './landing-pages';
import { startRemixApp, type RemixApp } from './remix-app';
import {
  COMPLETE,
  weddingFaqSection,
  weddingsPageWithIncompleteItems,
  type IncompleteItems,
} from './section-items';
import { useSeedDatasetCopy, type SeedDatasetCopy } from './seed-dataset-copy';
import { useTestEnvironment, type TestEnvironment } from './test-environment';

export interface PagesByAddressOptions {
  /** The environment of the content adapter, given the dataset copy's path. */
  environment(datasetPath: string): Promise<Record<string, string>>;
  /** Makes what was written to the dataset copy live, as publishing in the Studio does. */
  publish(app: RemixApp): Promise<void>;
  /** Stops what `environment` started. */
  close?(): Promise<void>;
}

export interface PagesByAddressContext {
  app: RemixApp;
  seed: SeedDatasetCopy;
}

type Doc = Record<string, unknown> & { _id: string };

const h1 = (html: string) => /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1]?.replace(/<[^>]+>/g, '');
const canonical = (html: string) =>
  /<link rel="canonical" href="[a-z]+:\/\/[^/"]+([^"]*)"/.exec(html)?.[1];
const ogImage = (html: string) => /<meta property="og:image" content="([^"]*)"/.exec(html)?.[1];
const main = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'));
const header = (html: string) =>
  html.slice(html.indexOf('<header class="site-header'), html.indexOf('</header>'));
const footer = (html: string) => html.slice(html.indexOf('<footer class="site-footer'));
/** Elements that are nothing without their text: an empty heading, link, list item or figure. */
const emptyElements = (html: string) => [
  ...[...html.matchAll(/<(h[1-6]|a|li|dt|dd|p)\b[^>]*>\s*<\/\1>/g)].map((match) => match[0]),
  ...[...html.matchAll(/<span class="disclosure__title">\s*<\/span>/g)].map((match) => match[0]),
];
/** Links with no address, or one the CMS left unset. */
const linksWithoutAddress = (html: string) =>
  [...html.matchAll(/<a\b[^>]*>/g)]
    .map((match) => match[0])
    .filter((tag) => !/\shref="[^"]+"/.test(tag) || /\shref="(null|undefined)"/.test(tag));
/** The links of an HTML fragment, as [text, href]. */
const links = (html: string) =>
  [...html.matchAll(/<a [^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/gs)].map((match) => [
    (match[2] ?? '').replace(/<[^>]+>/g, ''),
    match[1],
  ]);

export function pagesByAddressSuite(options: PagesByAddressOptions): PagesByAddressContext {
  const context = {} as PagesByAddressContext;
  let env: TestEnvironment;
  let stderr: string[] = [];

  beforeAll(async () => {
    context.seed = useSeedDatasetCopy();
    env = useTestEnvironment(await options.environment(context.seed.datasetPath));
    context.app = await startRemixApp();
    // Warm the content caches, as a running site's are.
    for (const path of ['/', '/sitemap', '/sitemap.xml', '/no-such-page']) {
      await (await context.app.request(path)).arrayBuffer();
    }
  });

  afterAll(async () => {
    await context.app?.close();
    await options.close?.();
    context.seed?.remove();
    env?.restore();
  });

  afterEach(() => {
    stderr = [];
    vi.restoreAllMocks();
  });

  /** The app's log lines (JSON on stderr) from here on. */
  function captureLog() {
    const write = process.stderr.write.bind(process.stderr);
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: unknown, ...rest: unknown[]) => {
      stderr.push(String(chunk));
      return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
    });
    return () => stderr.join('');
  }

  const get = async (path: string) => {
    const response = await context.app.request(path, { redirect: 'manual' });
    return { status: response.status, headers: response.headers, html: await response.text() };
  };

  function addDocuments(...documents: Doc[]) {
    context.seed.addDocuments(documents);
  }

  function unpublish(id: string) {
    context.seed.editDocument(id, (document) => {
      // Only a draft is left, as the Studio's Unpublish leaves it.
      document._id = `drafts.${id}`;
    });
  }

  describe('a document published with a new address', () => {
    it('is a page there at once: served, in /sitemap.xml and on /sitemap', async () => {
      expect((await get('/weddings')).status).toBe(404);
      addDocuments(weddingsPage());
      await options.publish(context.app);

      const page = await get('/weddings');
      expect(page.status).toBe(200);
      expect(h1(page.html)).toBe('Wedding Cars');
      expect(main(page.html)).toContain('Arrive in style on your wedding day.');
      expect(canonical(page.html)).toBe('/weddings');
      expect(page.headers.get('Cache-Control')).toMatch(/^public/);
      expect((await get('/WEDDINGS/')).status).toBe(200);

      expect((await get('/sitemap.xml')).html).toContain('<loc>http://localhost/weddings</loc>');
      const sitemap = main((await get('/sitemap')).html);
      expect(links(sitemap)).toContainEqual(['Wedding Cars', '/weddings']);
    });

    it('opens the booking form of its booking section with the section’s vehicle chosen', async () => {
      context.seed.editDocument('page.weddings', (document) => {
        const landing = weddingsLandingPage();
        delete document.body;
        Object.assign(document, { sections: landing.sections });
      });
      await options.publish(context.app);
      const { status, html } = await get('/weddings');
      expect(status).toBe(200);
      const widget = /<chauffeur-booking[^>]*>/.exec(html)?.[0] ?? '';
      expect(widget).toContain('vehicle="stretch-limousine"');
      expect(widget).toContain('passengers="6"');
      expect(html).toContain('<script type="module" src="/widget/chauffeur-booking.js">');
      expect(main(html)).toMatch(/<h2[^>]*>Book your wedding car<\/h2>/);
      // The text section keeps its place above the form.
      expect(main(html).indexOf('Arrive in style')).toBeLessThan(main(html).indexOf('<chauffeur'));
    });

    it('lists a new service area on /service-areas, on /sitemap and in /sitemap.xml', async () => {
      addDocuments(toowoombaArea());
      await options.publish(context.app);
      const area = await get('/service-area-toowoomba');
      expect(area.status).toBe(200);
      expect(h1(area.html)).toBe('Chauffeur Service in Toowoomba');
      expect(main(area.html)).toContain('href="/service-areas"');
      expect(links(main((await get('/service-areas')).html))).toContainEqual([
        'Toowoomba',
        '/service-area-toowoomba',
      ]);
      expect(links(main((await get('/sitemap')).html))).toContainEqual([
        'Toowoomba',
        '/service-area-toowoomba',
      ]);
      expect((await get('/sitemap.xml')).html).toContain('/service-area-toowoomba</loc>');
    });

    it('is the 404 page again once it is unpublished', async () => {
      expect((await get('/service-area-toowoomba')).status).toBe(200);
      unpublish('serviceArea.toowoomba');
      await options.publish(context.app);
      expect((await get('/service-area-toowoomba')).status).toBe(404);
      expect(links(main((await get('/service-areas')).html)).map(([, href]) => href)).not.toContain(
        '/service-area-toowoomba',
      );
      expect((await get('/sitemap.xml')).html).not.toContain('toowoomba');
    });
  });

  describe('a renamed address', () => {
    it('answers 301 to the new one, with the redirect the Studio makes, and menus follow', async () => {
      const plan = planRedirects({
        id: 'page.joinFleet',
        type: 'page',
        before: 'joinFleet',
        after: 'join-our-fleet',
        redirectsToIt: [],
      });
      context.seed.editDocument('page.joinFleet', (document) => {
        document.route = { _type: 'slug', current: 'join-our-fleet' };
      });
      addDocuments(plan.create as unknown as Doc);
      await options.publish(context.app);

      for (const [asked, location] of [
        ['/joinFleet', '/join-our-fleet'],
        ['/joinfleet/', '/join-our-fleet'],
        ['/JOINFLEET?utm_source=newsletter', '/join-our-fleet?utm_source=newsletter'],
      ] as const) {
        const moved = await get(asked);
        expect(moved.status, asked).toBe(301);
        expect(moved.headers.get('Location'), asked).toBe(location);
        expect(moved.headers.get('Cache-Control'), asked).toMatch(/max-age=0/);
      }
      const page = await get('/join-our-fleet');
      expect(page.status).toBe(200);
      expect(canonical(page.html)).toBe('/join-our-fleet');
      // The footer's link to the page is a reference: it follows the page.
      expect(links(footer(page.html))).toContainEqual(['Join our fleet', '/join-our-fleet']);
    });

    it('follows a chain of redirects on the server: one 301 to where it ends', async () => {
      addDocuments(
        {
          _id: 'redirect.old-weddings',
          _type: 'redirect',
          from: '/old-weddings',
          toPath: '/wedding-cars',
        },
        {
          _id: 'redirect.wedding-cars',
          _type: 'redirect',
          from: '/wedding-cars',
          to: { _type: 'reference', _ref: 'page.weddings', _weak: true },
        },
      );
      await options.publish(context.app);
      const moved = await get('/old-weddings');
      expect(moved.status).toBe(301);
      expect(moved.headers.get('Location')).toBe('/weddings');
    });

    it('uses no redirect that loops, from an app path or to another site, and says so in the log', async () => {
      const log = captureLog();
      addDocuments(
        { _id: 'redirect.loop-a', _type: 'redirect', from: '/loop-a', toPath: '/loop-b' },
        { _id: 'redirect.loop-b', _type: 'redirect', from: '/loop-b', toPath: '/loop-a' },
        { _id: 'redirect.away', _type: 'redirect', from: '/away', toPath: '//evil.example/' },
        { _id: 'redirect.booking', _type: 'redirect', from: '/booking', toPath: '/weddings' },
      );
      await options.publish(context.app);
      expect((await get('/loop-a')).status).toBe(404);
      expect((await get('/loop-b')).status).toBe(404);
      expect((await get('/away')).status).toBe(404);
      expect((await get('/booking')).status).toBe(200);
      expect(log()).toContain('A redirect leads back to itself');
      expect(log()).toContain('A redirect has no target on this site');
    });
  });

  describe('a page’s sections and SEO', () => {
    it('skips and logs a section of a type the site does not know, and shows the rest in order', async () => {
      const log = captureLog();
      context.seed.editDocument('page.weddings', (document) => {
        // Between the page's text and its booking form, as a newer Studio would store it.
        document.sections = [
          (weddingsLandingPage().sections as Doc[])[0],
          { _key: 'hologram', _type: 'hologramShow', heading: 'Coming from a newer Studio' },
          WEDDINGS_BOOKING_SECTION,
        ];
      });
      await options.publish(context.app);
      const { status, html } = await get('/weddings');
      expect(status).toBe(200);
      expect(html).not.toContain('Coming from a newer Studio');
      const text = main(html).indexOf('Arrive in style on your wedding day.');
      const booking = main(html).search(/<h2[^>]*>Book your wedding car<\/h2>/);
      expect(text).toBeGreaterThan(-1);
      expect(booking).toBeGreaterThan(text);
      expect(main(html).indexOf('<chauffeur-booking')).toBeGreaterThan(booking);

      const skipped = () =>
        log()
          .split('\n')
          .filter((line) => line.includes('A page section of a type the site does not know'))
          .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(skipped()).toEqual([
        expect.objectContaining({
          level: 'warn',
          page: 'page.weddings',
          type: 'hologramShow',
          key: 'hologram',
        }),
      ]);
      // Once per content revision: the next visitors' requests log nothing more.
      expect((await get('/weddings')).status).toBe(200);
      expect((await get('/weddings')).status).toBe(200);
      expect(skipped()).toHaveLength(1);
    });

    it('skips an entry that is not a section at all, as an import can leave, and shows the rest', async () => {
      const log = captureLog();
      context.seed.editDocument('page.weddings', (document) => {
        document.sections = [
          (weddingsLandingPage().sections as Doc[])[0],
          null,
          'Coming from an import',
          WEDDINGS_BOOKING_SECTION,
        ];
      });
      await options.publish(context.app);
      const { status, html } = await get('/weddings');
      expect(status).toBe(200);
      expect(main(html)).toContain('Arrive in style on your wedding day.');
      expect(main(html)).toMatch(/<h2[^>]*>Book your wedding car<\/h2>/);
      expect(html).not.toContain('Coming from an import');
      expect(log()).toContain('A page section of a type the site does not know was skipped');
    });

    /** Puts the weddings page's lists and its FAQ section in the given state, and publishes. */
    async function publishIncompleteItems(incomplete: IncompleteItems, first: boolean) {
      const faq = weddingFaqSection(incomplete);
      if (first) addDocuments(faq);
      else context.seed.editDocument(faq._id, (document) => Object.assign(document, faq));
      context.seed.editDocument('page.weddings', (document) => {
        Object.assign(document, weddingsPageWithIncompleteItems(incomplete));
      });
      await options.publish(context.app);
    }

    /** The weddings page answers, with the complete item of every list and nothing empty. */
    async function expectCompleteItemsOnly() {
      const { status, html } = await get('/weddings');
      expect(status).toBe(200);
      const page = main(html);
      for (const text of COMPLETE.text) expect(page, text).toContain(text);
      for (const link of COMPLETE.links) expect(links(page)).toContainEqual(link);
      for (const text of COMPLETE.hidden) expect(page, text).not.toContain(text);
      expect(emptyElements(page)).toEqual([]);
      expect(linksWithoutAddress(page)).toEqual([]);
      return page;
    }

    it('shows the complete items of every list beside items an editor added and left empty or half filled', async () => {
      await publishIncompleteItems('saved in the Studio', true);
      const page = await expectCompleteItemsOnly();
      // A tile and a slide with a title show what they have.
      for (const text of COMPLETE.partial) expect(page, text).toContain(text);
      const faqs = await get('/faqs');
      expect(faqs.status).toBe(200);
      expect(main(faqs.html)).toContain('Can the car wait during the photographs?');
      expect(main(faqs.html)).not.toContain('Do you decorate the car?');
      expect(emptyElements(main(faqs.html))).toEqual([]);
    });

    it('shows the complete items of every list beside null entries an import left', async () => {
      await publishIncompleteItems('left null by an import', false);
      await expectCompleteItemsOnly();
      expect((await get('/faqs')).status).toBe(200);
    });

    it('shows the service-area pages, a policy, /faqs and /sitemap beside null entries an import left in their lists', async () => {
      const prepend = (list: unknown) => (list as unknown[]).unshift(null);
      context.seed.editDocument('page.service-areas', (document) => {
        for (const section of document.sections as Doc[]) {
          if (section._type === 'featureList') prepend(section.items);
          if (section._type === 'ctaBlock') prepend(section.actions);
        }
      });
      context.seed.editDocument('serviceArea.brisbane', (document) => {
        prepend((document.whyChooseUs as Doc).items);
      });
      context.seed.editDocument('policy.cancellationPolicy', (document) => {
        prepend(document.sections);
      });
      context.seed.editDocument('faqSection.booking', (document) => prepend(document.items));
      context.seed.editDocument('page.sitemap', (document) => {
        for (const section of document.sections as Doc[]) prepend(section.links ?? []);
      });
      await options.publish(context.app);

      for (const [path, shown] of [
        ['/service-areas', 'Luxury Fleet'],
        ['/service-area-brisbane', 'Why Choose Us in Brisbane'],
        ['/cancellationPolicy', 'When a cancellation fee applies'],
        ['/faqs', 'How do I book a chauffeur?'],
        ['/sitemap', 'Main Pages'],
      ] as const) {
        const { status, html } = await get(path);
        expect(status, path).toBe(200);
        expect(main(html), path).toContain(shown);
        expect(emptyElements(main(html)), path).toEqual([]);
      }
      // The booking banner the service-area pages share keeps its buttons.
      expect(links(main((await get('/service-area-brisbane')).html))).toContainEqual([
        'Book Now',
        '/booking',
      ]);
    });

    it('gives the social image of SEO, else the hero’s picture, else the landing picture', async () => {
      const image = (name: string) => ({
        _type: 'image',
        alt: 'A chauffeur car.',
        _sanityAsset: `image@file://./images/${name}`,
      });
      const landing = ogImage((await get('/')).html);
      expect(landing).toMatch(/hero-cars\.svg/);
      expect(ogImage((await get('/weddings')).html)).toBe(landing);

      context.seed.editDocument('page.weddings', (document) => {
        (document.hero as Doc).image = image('service-area-brisbane.svg');
      });
      await options.publish(context.app);
      expect(ogImage((await get('/weddings')).html)).toMatch(/service-area-brisbane\.svg/);

      context.seed.editDocument('page.weddings', (document) => {
        (document.seo as Doc).image = image('service-corporate.svg');
      });
      await options.publish(context.app);
      const html = (await get('/weddings')).html;
      expect(ogImage(html)).toMatch(/^http:\/\/localhost\/content\/images\/service-corporate\.svg/);
      expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toBe(
        'Wedding Cars and Limousines | Business Chauffeur',
      );
    });
  });

  describe('menus', () => {
    it('are the navigation document’s: today’s header and footer links', async () => {
      const html = (await get('/about')).html;
      expect(links(header(html)).slice(1, 5)).toEqual([
        ['Services', '/service'],
        ['About Us', '/about'],
        ['FAQs', '/faqs'],
        ['Contact Us', '/contact'],
      ]);
      expect(html).toMatch(/<button[^>]*class="dropdown__button"[^>]*>About Us/);
      expect(links(footer(html)).slice(0, 4)).toEqual([
        ['About Us', '/about'],
        ['Terms of Use', '/termsAndConditions'],
        ['Privacy Policy', '/bccPolicies'],
        ['Sitemap', '/sitemap'],
      ]);
    });

    it('link https sites, and leave out a link whose page is not published', async () => {
      context.seed.editDocument('navigation', (document) => {
        const footerGroups = document.footer as { links: Record<string, unknown>[] }[];
        footerGroups[1]?.links.push(
          {
            _key: 'toowoomba',
            _type: 'navLink',
            label: 'Toowoomba',
            page: { _type: 'reference', _ref: 'serviceArea.toowoomba' },
          },
          {
            _key: 'ig',
            _type: 'navLink',
            label: 'Our photos',
            href: 'https://www.instagram.com/businesschauffeurqld',
          },
        );
      });
      await options.publish(context.app);
      const footerLinks = links(footer((await get('/about')).html));
      expect(footerLinks).toContainEqual([
        'Our photos',
        'https://www.instagram.com/businesschauffeurqld',
      ]);
      expect(footerLinks.map(([label]) => label)).not.toContain('Toowoomba');
    });
  });

  describe('work done per content revision', () => {
    it('prepares a page’s sections and the menus once, and again after an edit', async () => {
      const pages = await context.app.load<typeof MarketingPagesModule>(
        '/app/content/marketing-pages.server.ts',
      );
      const menus = await context.app.load<typeof NavigationModule>(
        '/app/content/navigation.server.ts',
      );
      const page = await pages.getMarketingPage('weddings');
      const navigation = await menus.getNavigation();
      // Every request of the same revision shares what was prepared (no work per request).
      expect(await pages.getMarketingPage('weddings')).toBe(page);
      expect(await menus.getNavigation()).toBe(navigation);

      context.seed.editDocument('page.weddings', (document) => {
        document.title = 'Wedding Cars in South East Queensland';
      });
      context.seed.editDocument('navigation', (document) => {
        const [first] = document.header as Doc[];
        if (first) first.label = 'Our services';
      });
      await options.publish(context.app);
      const edited = await pages.getMarketingPage('weddings');
      expect(edited).not.toBe(page);
      expect(edited?.title).toBe('Wedding Cars in South East Queensland');
      expect(edited?.sections.map((section) => section._type)).toEqual(
        page?.sections.map((section) => section._type),
      );
      const editedMenus = await menus.getNavigation();
      expect(editedMenus).not.toBe(navigation);
      expect(editedMenus.header[0]).toMatchObject({ kind: 'link', label: 'Our services' });
    });
  });

  return context;
}
