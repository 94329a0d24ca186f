// A weddings page whose every list (the hero's buttons and each section type that holds one) has
// one complete item beside items that are not complete, written as they are stored in the
// dataset: as the Studio saves a draft an editor is still filling in (an item added and left
// empty is its `_key` and `_type` only; a half-filled one has some of its fields), or as an
// import or a script can leave them (null entries). app/content/page-sections.server.ts leaves
// out what is not complete; `COMPLETE` is what the page must show.

type Document = Record<string, unknown> & { _id: string; _type: string };

export type IncompleteItems = 'saved in the Studio' | 'left null by an import';

const block = (key: string, text: string) => ({
  _type: 'block',
  _key: key,
  style: 'normal',
  markDefs: [],
  children: [{ _type: 'span', _key: `${key}-text`, text, marks: [] }],
});

const button = (key: string, label: string, href: string) => ({
  _type: 'callToAction',
  _key: key,
  label,
  href,
});

/** Text and links of the complete items, which the page shows whatever else the lists hold. */
export const COMPLETE = {
  links: [
    ['Book the bridal car', '/booking'],
    ['Ask for a wedding quote', '/contact'],
    ['Wedding questions', '/faqs'],
    ['Reserve a car', '/booking'],
  ],
  text: [
    'Planning a wedding?',
    'Ribbons and a red carpet',
    'Chauffeurs in formal wear',
    'Bridal party transfers',
    'Weddings driven',
    '1200+',
    'Plan your day',
    'Can the car wait during the photographs?',
  ],
  /** What a half-filled item shows where that reads well: a tile and a slide with a title only. */
  partial: ['Champagne on ice', 'Guest shuttles'],
  /** What a half-filled item has that must not show: a figure with no label, a link with no address. */
  hidden: ['5.0', 'Our limousines', 'Call the office', 'Said by nobody.'],
} as const;

/**
 * The items beside a list's complete one: an empty and a half-filled item (`halves`, of the same
 * item type) as the Studio saves them, or a null entry as an import leaves it.
 */
function others(incomplete: IncompleteItems, itemType: string, halves: object[] = []) {
  if (incomplete === 'left null by an import') return [null];
  return [{ _key: `empty-${itemType}`, _type: itemType }, ...halves];
}

/** The FAQ section a page's FAQ group shows, with an incomplete question beside the complete one. */
export function weddingFaqSection(incomplete: IncompleteItems): Document {
  return {
    _id: 'faqSection.weddings',
    _type: 'faqSection',
    title: 'Weddings',
    anchor: { _type: 'slug', current: 'weddings' },
    order: 10,
    items: [
      ...others(incomplete, 'faqItem', [
        { _key: 'no-answer', _type: 'faqItem', question: 'Do you decorate the car?' },
      ]),
      {
        _key: 'photos',
        _type: 'faqItem',
        question: 'Can the car wait during the photographs?',
        answer: [block('photos-a', 'Yes: waiting time for photographs is part of every booking.')],
      },
    ],
  };
}

/** The weddings page's hero and sections, every list holding incomplete items and one complete. */
export function weddingsPageWithIncompleteItems(incomplete: IncompleteItems) {
  return {
    hero: {
      heading: 'Wedding Cars',
      text: 'A stretch limousine for the bridal party.',
      actions: [
        ...others(incomplete, 'callToAction', [
          { _key: 'no-href', _type: 'callToAction', label: 'Call the office' },
        ]),
        button('hero-book', 'Book the bridal car', '/booking'),
      ],
    },
    sections: [
      {
        _key: 'cta',
        _type: 'ctaBlock',
        heading: 'Planning a wedding?',
        text: 'Tell us the day and the venues.',
        actions: [
          ...others(incomplete, 'callToAction', [
            { _key: 'no-label', _type: 'callToAction', href: '/contact' },
          ]),
          button('quote', 'Ask for a wedding quote', '/contact'),
        ],
      },
      {
        _key: 'tiles',
        _type: 'benefitTiles',
        tiles: [
          ...others(incomplete, 'benefitTile', [
            { _key: 'no-text', _type: 'benefitTile', icon: 'star', title: 'Champagne on ice' },
          ]),
          {
            _key: 'carpet',
            _type: 'benefitTile',
            icon: 'events',
            title: 'Ribbons and a red carpet',
            text: 'In the colours of your day.',
          },
        ],
      },
      {
        _key: 'why',
        _type: 'featureList',
        heading: 'Why couples choose us',
        items: [
          ...others(incomplete, 'featureItem', [
            { _key: 'no-title', _type: 'featureItem', text: 'Said by nobody.' },
          ]),
          {
            _key: 'formal',
            _type: 'featureItem',
            title: 'Chauffeurs in formal wear',
            text: 'Dressed for the occasion.',
          },
        ],
      },
      {
        _key: 'carousel',
        _type: 'servicesCarousel',
        heading: 'On the day',
        slides: [
          ...others(incomplete, 'serviceSlide', [
            {
              _key: 'shuttles',
              _type: 'serviceSlide',
              title: 'Guest shuttles',
              // Alternative text typed, no picture uploaded yet; a button with no address.
              image: { _type: 'image', alt: 'A minibus outside a chapel.' },
              link: { _type: 'callToAction', label: 'Call the office' },
            },
          ]),
          {
            _key: 'bridal',
            _type: 'serviceSlide',
            title: 'Bridal party transfers',
            text: 'From the preparations to the ceremony and on to the reception.',
            link: { _type: 'callToAction', label: 'Reserve a car', href: '/booking' },
          },
        ],
      },
      {
        _key: 'figures',
        _type: 'statsBlock',
        items: [
          ...others(incomplete, 'statItem', [
            { _key: 'no-label', _type: 'statItem', value: '5.0' },
          ]),
          { _key: 'weddings', _type: 'statItem', value: '1200+', label: 'Weddings driven' },
        ],
      },
      {
        _key: 'links',
        _type: 'linkGroup',
        title: 'Plan your day',
        links: [
          ...others(incomplete, 'callToAction', [
            { _key: 'no-href', _type: 'callToAction', label: 'Our limousines' },
          ]),
          button('faqs', 'Wedding questions', '/faqs'),
        ],
      },
      {
        _key: 'faq',
        _type: 'faqGroup',
        heading: 'Wedding car questions',
        groups: [{ _key: 'weddings', _type: 'reference', _ref: 'faqSection.weddings' }],
      },
    ],
  };
}
