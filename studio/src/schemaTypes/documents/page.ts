/**
 * Page: one page of the site at the address editors give it (a landing page such as /weddings,
 * /service, /fleet), or the text of one of the site's own pages (home, /faqs, /contact, …, whose
 * addresses cannot change). Under its hero, a page is the list of sections the editor adds,
 * reorders and removes (docs/decisions/050-pages-built-from-sections.md).
 */
import { DocumentIcon } from '@sanity/icons/Document';
import { defineArrayMember, defineField, defineType } from 'sanity';
import {
  buttonsField,
  contentAndSeoGroups,
  headingField,
  imageWithAltField,
  addressField,
  routePreview,
  seoField,
  titleField,
} from '../fields';

/** The kinds of section a page can hold, in the order the Studio's "Add item" menu lists them. */
export const PAGE_SECTION_TYPES = [
  'richText',
  'bookingSection',
  'fleetList',
  'serviceAreaList',
  'reviewList',
  'faqGroup',
  'featureList',
  'benefitTiles',
  'servicesCarousel',
  'statsBlock',
  'ctaBlock',
  'callToAction',
  'appDownload',
  'linkGroup',
] as const;

export const pageType = defineType({
  name: 'page',
  title: 'Page',
  type: 'document',
  icon: DocumentIcon,
  groups: contentAndSeoGroups,
  fields: [
    titleField({
      max: 80,
      group: 'content',
      description: 'The page heading and, unless SEO says otherwise, its title in search results.',
    }),
    addressField({ source: 'title', example: '"weddings" for /weddings' }),
    defineField({
      name: 'listed',
      title: 'List on the Sitemap page',
      type: 'boolean',
      group: 'content',
      description:
        'Shown on /sitemap in the group that lists pages. Search engines find the page either way, unless SEO hides it.',
      initialValue: true,
      // A boolean is always a valid value; only its type is checked.
    }),
    defineField({
      name: 'hero',
      title: 'Hero',
      type: 'object',
      group: 'content',
      fields: [
        headingField({ max: 90 }),
        defineField({ name: 'text', title: 'Text', type: 'text', rows: 3 }),
        buttonsField({
          description: 'Optional buttons under the hero text; the first is highlighted.',
        }),
        imageWithAltField({ altMax: null }),
      ],
    }),
    defineField({
      name: 'body',
      title: 'Body',
      type: 'portableText',
      group: 'content',
      description:
        'Text straight under the hero, before anything the site itself adds to its own pages (the form on /contact, the reviews on /reviews). On other pages, a Rich text section does the same and can go anywhere in the list.',
    }),
    defineField({
      name: 'sections',
      title: 'Sections',
      type: 'array',
      group: 'content',
      description:
        'The page under its hero, in this order: add, drag to reorder and remove sections. One booking form per page.',
      of: PAGE_SECTION_TYPES.map((type) => defineArrayMember({ type })),
      validation: (rule) =>
        rule.custom((sections: { _type?: string }[] | undefined) =>
          (sections ?? []).filter((section) => section._type === 'bookingSection').length > 1
            ? 'A page can hold one booking form: the visitor fills in one trip at a time.'
            : true,
        ),
    }),
    seoField,
  ],
  preview: {
    select: { title: 'title', route: 'route.current', media: 'hero.image' },
    ...routePreview('Untitled page', 'page'),
  },
});
