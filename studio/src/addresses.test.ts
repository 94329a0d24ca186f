// The Studio's rules for addresses and redirects (studio/src/addresses.ts), as pure functions and
// through the Studio's own validation of documents against the seed dataset (uniqueness and
// loops read the content): app paths, duplicates, bad characters and redirect loops are refused.
import { describe, expect, it } from 'vitest';
import { addressProblem, duplicateMessage, redirectFromProblem, redirectLoops } from './addresses';
import { planRedirects, redirectId } from './redirect-plan';
import {
  asStored,
  readSeed,
  seedDocument,
  studioErrorMarkers,
  type Doc,
} from './seed-test-support';

const seed = readSeed();

/** The messages of the errors the Studio shows for a document, each after its path. */
async function studioErrors(document: Doc, dataset: Doc[]): Promise<string[]> {
  const markers = await studioErrorMarkers(asStored(document), dataset);
  return markers.map((marker) => `${marker.path.join('.')}: ${marker.message}`);
}

/** A new page, as an editor creates it in the Studio, with this address. */
function newPage(slug: string, type = 'page'): Doc {
  const base = {
    _id: `drafts.new-${type}`,
    _type: type,
    _createdAt: '2026-11-27T00:00:00Z',
    _updatedAt: '2026-11-27T00:00:00Z',
    _rev: 'new',
    route: { _type: 'slug', current: slug },
  };
  if (type === 'page') return { ...base, title: 'Wedding cars' } as Doc;
  const area = seedDocument(seed, 'serviceArea.brisbane');
  return { ...area, ...base, name: 'Toowoomba' } as Doc;
}

describe('a document’s address', () => {
  it.each([
    ['booking', '/booking is one of the site'],
    ['signin', '/signin is one of the site'],
    ['staff', '/staff is one of the site'],
    ['api', '/api is one of the site'],
    ['account', '/account is one of the site'],
    ['manage-booking', '/manage-booking is one of the site'],
    ['completion', '/completion is one of the site'],
    ['widget', '/widget is one of the site'],
  ])('refuses the app’s own address %s', (slug, message) => {
    expect(addressProblem({ type: 'page', slug })).toContain(message);
  });

  it('refuses an app page’s address to any document but that page’s own', () => {
    expect(addressProblem({ type: 'policy', slug: 'contact' })).toContain('/contact is one of');
    expect(addressProblem({ type: 'serviceArea', slug: 'faqs' })).toContain('/faqs is one of');
    // The page document /contact shows keeps its address.
    expect(addressProblem({ type: 'page', slug: 'contact', publishedSlug: 'contact' })).toBeNull();
  });

  it.each([
    ['Weddings', 'capitals'],
    ['wedding cars', 'a space'],
    ['wedding_cars', 'an underscore'],
    ['wedding--cars', 'two hyphens'],
    ['-weddings', 'a leading hyphen'],
    ['weddings-', 'a trailing hyphen'],
    ['weddings/gold-coast', 'a slash'],
    ['hochzeit-ä', 'a letter outside a–z'],
    ['w'.repeat(97), '97 characters'],
  ])('refuses %s (%s)', (slug) => {
    expect(addressProblem({ type: 'page', slug })).not.toBeNull();
  });

  it('accepts lower-case words joined by hyphens', () => {
    for (const slug of ['weddings', 'service-area-toowoomba', 'byron-bay-2027']) {
      expect(addressProblem({ type: 'page', slug }), slug).toBeNull();
    }
  });

  it('keeps today’s addresses with capitals while they are unchanged, not new ones', () => {
    expect(
      addressProblem({ type: 'page', slug: 'joinFleet', publishedSlug: 'joinFleet' }),
    ).toBeNull();
    expect(
      addressProblem({ type: 'page', slug: 'joinOurFleet', publishedSlug: 'joinFleet' }),
    ).toMatch(/lower-case/);
  });

  it('keeps the address of a page the app shows (home, /faqs)', () => {
    expect(addressProblem({ type: 'page', slug: 'questions', publishedSlug: 'faqs' })).toMatch(
      /site's own page at \/faqs/,
    );
    expect(addressProblem({ type: 'page', slug: 'start', publishedSlug: 'home' })).toMatch(
      /site's own page at \/:/,
    );
  });

  it('names the document that already has an address', () => {
    expect(duplicateMessage('fleet', { _type: 'page', title: 'Our Fleet' })).toBe(
      'The page "Our Fleet" already has the address /fleet. Each address belongs to one page.',
    );
  });
});

describe('the Studio’s validation of addresses, on the seed', () => {
  it('accepts a new page and a new service area at addresses of their own', async () => {
    expect(await studioErrors(newPage('weddings'), seed)).toEqual([]);
    expect(await studioErrors(newPage('service-area-toowoomba', 'serviceArea'), seed)).toEqual([]);
  });

  it('refuses an address another document has, of any type and in any letter case', async () => {
    expect(await studioErrors(newPage('fleet'), seed)).toEqual([
      'route: The page "Our Fleet" already has the address /fleet. Each address belongs to one page.',
    ]);
    expect(await studioErrors(newPage('service-area-brisbane'), seed)).toEqual([
      'route: The service area "Brisbane" already has the address /service-area-brisbane. Each address belongs to one page.',
    ]);
    expect(await studioErrors(newPage('cancellationpolicy', 'serviceArea'), seed)).toEqual([
      'route: The policy "Cancellation Policy" already has the address /cancellationpolicy. Each address belongs to one page.',
    ]);
  });

  it('refuses an app path and bad characters', async () => {
    expect(await studioErrors(newPage('booking'), seed)).toEqual([
      "route: /booking is one of the site's own pages. Choose another address.",
    ]);
    expect(await studioErrors(newPage('Wedding Cars'), seed)).toEqual([
      expect.stringMatching(/^route: Use lower-case letters and digits/),
    ]);
  });

  it('refuses to move a page the app shows, and lets a landing page move', async () => {
    const faqs = seedDocument(seed, 'page.faqs');
    faqs.route = { _type: 'slug', current: 'questions' };
    expect(await studioErrors(faqs, seed)).toEqual([
      expect.stringMatching(/^route: This is the text of the site's own page at \/faqs/),
    ]);
    const service = seedDocument(seed, 'page.service');
    service.route = { _type: 'slug', current: 'our-services' };
    expect(await studioErrors(service, seed)).toEqual([]);
  });
});

describe('a redirect', () => {
  it.each(['/booking', '/staff/reports', '/api/quotes', '/robots.txt', '/fleet/coach', '/'])(
    'refuses to come from the app’s own address %s',
    (from) => {
      expect(redirectFromProblem(from)).not.toBeNull();
    },
  );

  it.each(['old-page', '/old page', 'https://example.com/old', '/old//page', '/old?x=1'])(
    'refuses %s, which is not a path on this site',
    (from) => {
      expect(redirectFromProblem(from)).toMatch(/starting with \//);
    },
  );

  it('accepts an old address of the client’s site', () => {
    expect(redirectFromProblem('/wedding-cars')).toBeNull();
    expect(redirectFromProblem('/services/Weddings.html')).toBeNull();
  });

  it('finds loops, direct and through other redirects, but not a chain that ends at a page', () => {
    expect(redirectLoops('/a', '/a', [], [])).toBe(true);
    expect(redirectLoops('/a', '/b', [{ from: '/b', target: '/a' }], [])).toBe(true);
    expect(
      redirectLoops(
        '/a',
        '/b',
        [
          { from: '/b', target: '/c' },
          { from: '/C', target: '/A?utm_source=x' },
        ],
        [],
      ),
    ).toBe(true);
    expect(redirectLoops('/a', '/b', [{ from: '/b', target: '/weddings' }], ['/weddings'])).toBe(
      false,
    );
    // A page at the address ends the chain: it answers there.
    expect(redirectLoops('/a', '/b', [{ from: '/b', target: '/a' }], ['/b'])).toBe(false);
  });
});

describe('the Studio’s validation of redirects, on the seed', () => {
  const redirect = (fields: Record<string, unknown>): Doc =>
    ({
      _id: 'drafts.redirect.new',
      _type: 'redirect',
      _createdAt: '2026-11-27T00:00:00Z',
      _updatedAt: '2026-11-27T00:00:00Z',
      _rev: 'new',
      ...fields,
    }) as Doc;
  const toFleet = { _type: 'reference', _ref: 'page.fleet', _weak: true };

  it('accepts a redirect from an old address to a page', async () => {
    expect(await studioErrors(redirect({ from: '/our-cars', to: toFleet }), seed)).toEqual([]);
  });

  it('refuses one from an app path, or from a page’s address', async () => {
    expect(await studioErrors(redirect({ from: '/booking', to: toFleet }), seed)).toEqual([
      expect.stringMatching(/^from: \/booking is one of the site's own pages/),
    ]);
    expect(await studioErrors(redirect({ from: '/joinfleet', to: toFleet }), seed)).toEqual([
      ': "Join Our Fleet" is at /joinFleet: a redirect from its address would never be used. Give that page another address first.',
    ]);
  });

  it('refuses one with both a page and an address, or neither', async () => {
    const oneOfTwo = ': Choose the new page or type an address: one of the two.';
    expect(
      await studioErrors(redirect({ from: '/our-cars', to: toFleet, toPath: '/fleet' }), seed),
    ).toEqual([oneOfTwo]);
    expect(await studioErrors(redirect({ from: '/our-cars' }), seed)).toEqual([oneOfTwo]);
  });

  it('refuses one that would close a loop with a redirect already published', async () => {
    const withRedirect = [
      ...seed,
      {
        _id: 'redirect.cars',
        _type: 'redirect',
        from: '/cars',
        toPath: '/our-cars',
      } as unknown as Doc,
    ];
    expect(
      await studioErrors(redirect({ from: '/our-cars', toPath: '/cars' }), withRedirect),
    ).toEqual([
      ': This redirect would send visitors round in a circle back to /our-cars. Point it at a page instead.',
    ]);
    expect(
      await studioErrors(redirect({ from: '/our-cars', toPath: '/fleet' }), withRedirect),
    ).toEqual([]);
  });
});

describe('publishing under a new address', () => {
  it('makes a redirect from the old address to the document, by weak reference', () => {
    expect(
      planRedirects({
        id: 'page.joinFleet',
        type: 'page',
        before: 'joinFleet',
        after: 'join-our-fleet',
        redirectsToIt: [],
      }),
    ).toEqual({
      create: {
        _id: 'redirect.joinfleet',
        _type: 'redirect',
        from: '/joinFleet',
        to: { _type: 'reference', _ref: 'page.joinFleet', _weak: true },
      },
      remove: [],
    });
  });

  it('makes none for a first publish, a change of letter case, or a page the app shows', () => {
    const plan = (before: string | null, after: string, id = 'page.x') =>
      planRedirects({ id, type: 'page', before, after, redirectsToIt: [] }).create;
    expect(plan(null, 'weddings')).toBeNull();
    expect(plan('joinFleet', 'joinfleet')).toBeNull();
    expect(plan('faqs', 'questions', 'page.faqs')).toBeNull();
  });

  it('drops the redirect from the address a document takes back, which would lead to itself', () => {
    const result = planRedirects({
      id: 'page.joinFleet',
      type: 'page',
      before: 'join-our-fleet',
      after: 'joinFleet',
      redirectsToIt: [
        { _id: 'redirect.joinfleet', from: '/joinFleet' },
        { _id: 'redirect.careers', from: '/careers' },
      ],
    });
    expect(result.remove).toEqual(['redirect.joinfleet']);
    expect(result.create?.from).toBe('/join-our-fleet');
  });

  it('gives every letter case of an address the same redirect id', () => {
    expect(redirectId('/JoinFleet/')).toBe(redirectId('/joinfleet'));
    expect(redirectId('/old/page.html')).toBe('redirect.old.page.html');
  });
});
