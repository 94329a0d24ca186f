// A page's sections as the site renders them (page-sections.server.ts): a section of a type the
// site does not know is left out and logged once per content revision, never an error, and the
// known ones keep the editor's order with what they show trimmed to what is shown.
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_REVIEW_COUNT, prepareSections } from './page-sections.server';

type Page = Parameters<typeof prepareSections>[0];

/** A page as the content source returns it; sections are as loose as a newer Studio's may be. */
const page = (sections: unknown[] | null, _id = 'page.weddings') =>
  ({ _id, sections }) as unknown as Page;

function prepare(source: Page) {
  const logger = { warn: vi.fn() };
  return { sections: prepareSections(source, logger), warn: logger.warn };
}

const richText = (key: string, text: string) => ({
  _key: key,
  _type: 'richText',
  body: [{ _type: 'block', _key: `${key}-b`, children: [{ _type: 'span', text }] }],
});

const review = (n: number) => ({
  _id: `review.${n}`,
  authorName: `Passenger ${n}`,
  location: 'Brisbane',
  tripType: 'Airport transfer',
  rating: 5,
  text: `Review ${n}`,
  date: n === 1 ? '2026-03-12' : null,
});

const vehicle = (slug: string) => ({ _id: `vehicleType.${slug}`, title: slug, slug });

describe('sections of a type the site does not know', () => {
  const sections = () => [
    richText('intro', 'Arrive in style on your wedding day.'),
    { _key: 'hologram', _type: 'hologramShow', heading: 'Coming from a newer Studio' },
    { _key: 'cta', _type: 'callToAction', label: 'Book now', href: '/booking' },
    { _key: 'gone', _type: 'videoBanner' },
    { _key: 'book', _type: 'bookingSection', heading: 'Book your wedding car', passengers: 6 },
  ];

  it('are left out; the known ones keep the editor’s order', () => {
    const { sections: prepared } = prepare(page(sections()));
    expect(prepared.map((section) => section._key)).toEqual(['intro', 'cta', 'book']);
    expect(prepared.map((section) => section._type)).toEqual([
      'richText',
      'callToAction',
      'bookingSection',
    ]);
  });

  it('are each logged as a warning naming the page, the type and the section’s key', () => {
    const { warn } = prepare(page(sections(), 'page.landing'));
    expect(warn.mock.calls).toEqual([
      [
        'A page section of a type the site does not know was skipped',
        { page: 'page.landing', type: 'hologramShow', key: 'hologram' },
      ],
      [
        'A page section of a type the site does not know was skipped',
        { page: 'page.landing', type: 'videoBanner', key: 'gone' },
      ],
    ]);
  });

  it('are logged once per content revision: the same result again logs nothing', () => {
    const revision = page(sections());
    const logger = { warn: vi.fn() };
    const first = prepareSections(revision, logger);
    const second = prepareSections(revision, logger);
    prepareSections(revision, logger);
    expect(logger.warn).toHaveBeenCalledTimes(2);
    expect(second).toEqual(first);

    // An edit is a new result from the content source: its unknown sections are logged again.
    const edited = prepare(page(sections()));
    expect(edited.warn).toHaveBeenCalledTimes(2);
  });

  it('are no error when the type or key is missing, and a page of only those shows no section', () => {
    const { sections: prepared, warn } = prepare(
      page([{ _key: 'untyped' }, { _type: 'hologramShow' }, { _type: null, _key: 'nulled' }]),
    );
    expect(prepared).toEqual([]);
    expect(warn.mock.calls.map(([, fields]) => fields)).toEqual([
      { page: 'page.weddings', type: 'undefined', key: 'untyped' },
      { page: 'page.weddings', type: 'hologramShow', key: undefined },
      { page: 'page.weddings', type: 'null', key: 'nulled' },
    ]);
  });

  it('include entries that are not sections at all (empty, or a bare value), which are no error', () => {
    // Not something the Studio writes, but an import or a script can, and a projection of a bare
    // value is null: the page still shows, and the log says where.
    const revision = page([
      richText('intro', 'Arrive in style on your wedding day.'),
      null,
      'Coming from an import',
      42,
      { _key: 'book', _type: 'bookingSection', heading: 'Book your wedding car' },
    ]);
    const logger = { warn: vi.fn() };
    const prepared = prepareSections(revision, logger);
    expect(prepared.map((section) => section._key)).toEqual(['intro', 'book']);
    expect(logger.warn.mock.calls.map(([, fields]) => fields)).toEqual([
      { page: 'page.weddings', type: 'undefined', key: undefined },
      { page: 'page.weddings', type: 'undefined', key: undefined },
      { page: 'page.weddings', type: 'undefined', key: undefined },
    ]);
    prepareSections(revision, logger);
    expect(logger.warn).toHaveBeenCalledTimes(3);
  });

  it('leave nothing to log on a page without sections', () => {
    const { sections: prepared, warn } = prepare(page(null));
    expect(prepared).toEqual([]);
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('what the known sections show', () => {
  const only = (section: Record<string, unknown>) => {
    const { sections: prepared, warn } = prepare(page([section]));
    expect(warn).not.toHaveBeenCalled();
    expect(prepared).toHaveLength(1);
    return prepared[0] as unknown as Record<string, unknown>;
  };

  it('leaves the fleet’s empty categories out', () => {
    const fleet = only({
      _key: 'fleet',
      _type: 'fleetList',
      heading: 'Our fleet',
      categories: [
        { _id: 'vehicleCategory.sedans', title: 'Sedans', vehicles: [vehicle('sedan')] },
        { _id: 'vehicleCategory.buses', title: 'Buses', vehicles: [] },
        { _id: 'vehicleCategory.limos', title: 'Limousines', vehicles: [vehicle('stretch')] },
      ],
    });
    expect(fleet.heading).toBe('Our fleet');
    expect((fleet.categories as { _id: string }[]).map((category) => category._id)).toEqual([
      'vehicleCategory.sedans',
      'vehicleCategory.limos',
    ]);
  });

  it('cuts the reviews to the section’s count, with each review’s date as the cards show it', () => {
    const reviews = [1, 2, 3, 4, 5, 6].map(review);
    const two = only({ _key: 'r', _type: 'reviewList', count: 2, reviews });
    expect(two.reviews).toEqual([
      { ...review(1), dateText: '12 March 2026' },
      { ...review(2), dateText: null },
    ]);
    const all = only({ _key: 'r', _type: 'reviewList', count: 6, reviews });
    expect((all.reviews as unknown[]).length).toBe(6);
  });

  it('shows three reviews when the editor has not set a count', () => {
    expect(DEFAULT_REVIEW_COUNT).toBe(3);
    const section = only({
      _key: 'r',
      _type: 'reviewList',
      count: null,
      reviews: [1, 2, 3, 4, 5, 6].map(review),
    });
    expect((section.reviews as { _id: string }[]).map((r) => r._id)).toEqual([
      'review.1',
      'review.2',
      'review.3',
    ]);
    // Fewer reviews than the count: all of them.
    const few = only({ _key: 'r', _type: 'reviewList', count: null, reviews: [review(1)] });
    expect((few.reviews as unknown[]).length).toBe(1);
  });

  it('leaves out FAQ groups without questions, unpublished or without a title or anchor', () => {
    const item = {
      _key: 'q1',
      question: 'Can I book for someone else?',
      answer: [{ _type: 'block', _key: 'a1', children: [{ _type: 'span', text: 'Yes.' }] }],
    };
    const group = (id: string, fields: Record<string, unknown> = {}) => ({
      _id: id,
      title: `Title of ${id}`,
      anchor: id,
      items: [item],
      ...fields,
    });
    const faq = only({
      _key: 'faq',
      _type: 'faqGroup',
      heading: 'Questions',
      groups: [
        group('bookings'),
        group('empty', { items: [] }),
        group('no-items', { items: null }),
        null,
        group('untitled', { title: null }),
        group('unanchored', { anchor: null }),
        group('payments'),
      ],
    });
    expect((faq.groups as { _id: string }[]).map((g) => g._id)).toEqual(['bookings', 'payments']);
    // With no group left, the section itself is left out: a heading over nothing.
    expect(prepare(page([{ _key: 'faq', _type: 'faqGroup', groups: null }])).sections).toEqual([]);
  });

  it('leaves out service areas without an address or a name', () => {
    const section = only({
      _key: 'areas',
      _type: 'serviceAreaList',
      areas: [
        { _id: 'serviceArea.brisbane', name: 'Brisbane', route: 'service-area-brisbane' },
        { _id: 'serviceArea.noroute', name: 'Ipswich', route: null },
        { _id: 'serviceArea.noname', name: null, route: 'service-area-logan' },
        { _id: 'serviceArea.blank', name: '', route: 'service-area-blank' },
        { _id: 'serviceArea.gold-coast', name: 'Gold Coast', route: 'service-area-gold-coast' },
      ],
    });
    expect((section.areas as { _id: string }[]).map((area) => area._id)).toEqual([
      'serviceArea.brisbane',
      'serviceArea.gold-coast',
    ]);
  });

  it('starts the booking form with the section’s passengers only when it is a positive whole number', () => {
    const passengers = (value: unknown) =>
      only({ _key: 'book', _type: 'bookingSection', heading: 'Book', passengers: value })
        .passengers;
    expect(passengers(6)).toBe(6);
    expect(passengers(1)).toBe(1);
    for (const value of [0, -2, 2.5, Number.NaN, Number.POSITIVE_INFINITY, '6', null, undefined]) {
      expect(passengers(value), String(value)).toBeNull();
    }
  });

  it('passes the other known sections on as they are', () => {
    const cta = { _key: 'cta', _type: 'callToAction', label: 'Get a quote', href: '/booking' };
    expect(only(cta)).toBe(cta);
  });
});

describe('the items of a section’s lists', () => {
  // What the query returns: an item the editor added in the Studio and left empty comes back with
  // its key and null fields; an import or a script can leave a null entry (or a bare value, which
  // the projection makes null); a half-filled item has some of what it needs.
  interface ListCase {
    type: string;
    list: string;
    fields?: Record<string, unknown>;
    complete: Record<string, unknown>;
    empty: Record<string, unknown>;
    halves: Record<string, unknown>[];
  }
  const link = (key: string, label: string | null, href: string | null) => ({
    _key: key,
    label,
    href,
  });
  const cases: ListCase[] = [
    {
      type: 'ctaBlock',
      list: 'actions',
      fields: { heading: 'Ready to ride?', text: 'Book online in two minutes.' },
      complete: link('book', 'Book now', '/booking'),
      empty: link('empty', null, null),
      halves: [link('no-href', 'Call us', null), link('no-label', null, 'tel:+61731234567')],
    },
    {
      type: 'benefitTiles',
      list: 'tiles',
      complete: { _key: 'gps', icon: 'gps', title: 'GPS tracking', text: 'Every car, live.' },
      empty: { _key: 'empty', icon: null, title: null, text: null },
      halves: [{ _key: 'no-title', icon: 'clock', title: null, text: 'Always on time.' }],
    },
    {
      type: 'featureList',
      list: 'items',
      fields: { heading: 'Why choose us', link: null },
      complete: { _key: 'local', title: 'Local chauffeurs', text: 'Based in Brisbane.' },
      empty: { _key: 'empty', title: null, text: null },
      halves: [{ _key: 'no-title', title: null, text: 'Known across the Gold Coast.' }],
    },
    {
      type: 'servicesCarousel',
      list: 'slides',
      fields: { heading: 'Our services' },
      complete: {
        _key: 'airport',
        title: 'Airport transfers',
        text: 'Met at arrivals.',
        image: { url: '/content/images/airport.svg', alt: 'A car at the terminal.' },
        link: { label: 'Book now', href: '/booking' },
      },
      empty: { _key: 'empty', title: null, text: null, image: null, link: null },
      halves: [
        {
          _key: 'no-title',
          title: null,
          text: 'Cruise terminal pick-ups.',
          image: null,
          link: { label: 'Book now', href: '/booking' },
        },
      ],
    },
    {
      type: 'statsBlock',
      list: 'items',
      complete: { _key: 'clients', value: '25000+', label: 'Happy clients' },
      empty: { _key: 'empty', value: null, label: null },
      halves: [
        { _key: 'no-label', value: '24/7', label: null },
        { _key: 'no-value', value: null, label: 'Cars on the road' },
      ],
    },
    {
      type: 'linkGroup',
      list: 'links',
      fields: { title: 'Main pages' },
      complete: link('about', 'About us', '/about'),
      empty: link('empty', null, null),
      halves: [link('no-href', 'Fleet', null), link('no-label', null, '/fleet')],
    },
  ];
  const section = (c: ListCase, items: unknown[]) => ({
    _key: c.type,
    _type: c.type,
    ...c.fields,
    [c.list]: items,
  });
  const listOf = (c: ListCase, items: unknown[]) => {
    const { sections: prepared, warn } = prepare(page([section(c, items)]));
    expect(warn).not.toHaveBeenCalled();
    return (prepared[0] as unknown as Record<string, unknown> | undefined)?.[c.list];
  };

  it.each(cases)('$list of $type: an item added and left empty is left out', (c) => {
    expect(listOf(c, [c.empty, c.complete])).toEqual([c.complete]);
  });

  it.each(cases)('$list of $type: a half-filled item is left out', (c) => {
    expect(listOf(c, [...c.halves, c.complete])).toEqual([c.complete]);
  });

  it.each(cases)('$list of $type: a null entry or a bare value is left out', (c) => {
    expect(listOf(c, [null, c.complete, 'from an import'])).toEqual([c.complete]);
  });

  it.each(cases.filter((c) => c.type !== 'ctaBlock'))(
    '$type: left out when its list is empty, missing or holds no complete item',
    (c) => {
      for (const items of [[], null, [c.empty, null, ...c.halves]]) {
        const { sections: prepared } = prepare(page([{ ...section(c, []), [c.list]: items }]));
        expect(prepared, JSON.stringify(items)).toEqual([]);
      }
    },
  );

  it('keeps a call-to-action banner without a complete button: its heading and text still read', () => {
    const cta = cases[0] as ListCase;
    const { sections: prepared } = prepare(page([section(cta, [cta.empty, null])]));
    expect(prepared).toEqual([{ ...section(cta, []), actions: [] }]);
  });

  it('shows a tile or a point with a title and no text, as it is', () => {
    const tile = { _key: 'help', icon: null, title: '24-hour help', text: null };
    expect(listOf(cases[1] as ListCase, [tile])).toEqual([tile]);
    const point = { _key: 'cars', title: 'Late-model cars', text: null };
    expect(listOf(cases[2] as ListCase, [point])).toEqual([point]);
  });

  it('shows a slide with a title without its half-filled button or a picture never uploaded', () => {
    const slide = {
      _key: 'tours',
      title: 'Winery tours',
      text: null,
      // The editor typed the alternative text but uploaded no picture: the query has no URL.
      image: { url: null, alt: 'A vineyard.', width: null, height: null },
      link: { label: 'Book now', href: null },
    };
    expect(listOf(cases[3] as ListCase, [slide])).toEqual([{ ...slide, image: null, link: null }]);
  });

  it('shows the link under a feature list or a reviews list only with its label and address', () => {
    const items = [{ _key: 'local', title: 'Local chauffeurs', text: null }];
    const linkUnder = (type: string, value: unknown) =>
      (
        prepare(page([{ _key: 's', _type: type, heading: 'H', items, reviews: [], link: value }]))
          .sections[0] as unknown as { link: unknown }
      ).link;
    for (const type of ['featureList', 'reviewList']) {
      expect(linkUnder(type, { label: 'Our areas', href: '/service-areas' })).toEqual({
        label: 'Our areas',
        href: '/service-areas',
      });
      for (const half of [
        { label: null, href: null },
        { label: 'Our areas', href: null },
        { label: null, href: '/service-areas' },
        null,
      ]) {
        expect(linkUnder(type, half), `${type} ${JSON.stringify(half)}`).toBeNull();
      }
    }
  });

  it('shows an FAQ group’s questions that have an answer, and no empty or null entry', () => {
    const answer = [{ _type: 'block', _key: 'a', children: [{ _type: 'span', text: 'Yes.' }] }];
    const complete = { _key: 'q', question: 'Can I book for someone else?', answer };
    const { sections: prepared } = prepare(
      page([
        {
          _key: 'faq',
          _type: 'faqGroup',
          heading: 'Questions',
          groups: [
            {
              _id: 'faqSection.booking',
              title: 'Booking',
              anchor: 'booking',
              items: [
                { _key: 'empty', question: null, answer: null },
                null,
                { _key: 'no-answer', question: 'Do you take cash?', answer: null },
                { _key: 'blank-answer', question: 'Do you take cards?', answer: [] },
                { _key: 'no-question', question: null, answer },
                complete,
              ],
            },
            // A group whose only questions are incomplete is left out with them.
            { _id: 'faqSection.lost', title: 'Lost', anchor: 'lost', items: [null] },
          ],
        },
      ]),
    );
    const faq = prepared[0] as unknown as { groups: { _id: string; items: unknown[] }[] };
    expect(faq.groups.map((group) => group._id)).toEqual(['faqSection.booking']);
    expect(faq.groups[0]?.items).toEqual([complete]);
  });
});
