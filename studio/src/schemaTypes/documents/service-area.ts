/**
 * Service area: one region we drive in (Brisbane, the Gold Coast, the Sunshine Coast) with its own
 * page: hero, descriptive copy about our services there, a "Why choose us" list, the enquiries
 * line with the phone number, and its own search-engine title, description and keywords.
 */
import { PinIcon } from '@sanity/icons/Pin';
import { defineArrayMember, defineField, defineType } from 'sanity';

/** The service-area pages the site has a route for (spec §2 "Service areas"). */
export const serviceAreaRoutes = [
  { title: 'Brisbane (/service-area-brisbane)', value: 'service-area-brisbane' },
  { title: 'Gold Coast (/service-area-goldcoast)', value: 'service-area-goldcoast' },
  { title: 'Sunshine Coast (/service-area-sunshinestate)', value: 'service-area-sunshinestate' },
];

interface SeoValue {
  title?: string;
  description?: string;
  keywords?: string[];
}

export const serviceAreaType = defineType({
  name: 'serviceArea',
  title: 'Service area',
  type: 'document',
  icon: PinIcon,
  groups: [
    { name: 'content', title: 'Content', default: true },
    { name: 'seo', title: 'SEO' },
  ],
  fields: [
    defineField({
      name: 'name',
      title: 'Name',
      type: 'string',
      group: 'content',
      description:
        'The area as people say it, for example "Gold Coast". Used in lists and the breadcrumb.',
      validation: (rule) => rule.required().max(40),
    }),
    defineField({
      name: 'route',
      title: 'Route key',
      type: 'slug',
      group: 'content',
      description: `Which page this is. One of: ${serviceAreaRoutes.map((r) => r.value).join(', ')}.`,
      validation: (rule) => [
        rule.required(),
        rule
          .custom((value: { current?: string } | undefined) =>
            !value?.current || serviceAreaRoutes.some((route) => route.value === value.current)
              ? true
              : `Must be one of: ${serviceAreaRoutes.map((r) => r.value).join(', ')}.`,
          )
          .error(),
      ],
      readOnly: ({ document }) => Boolean(document?._createdAt && document?.route),
    }),
    defineField({
      name: 'order',
      title: 'Order',
      type: 'number',
      group: 'content',
      description: 'Position in the numbered list on /service-areas, lowest first.',
      validation: (rule) => rule.required().integer().min(0),
    }),
    defineField({
      name: 'summary',
      title: 'Summary',
      type: 'text',
      rows: 2,
      group: 'content',
      description: 'One sentence for the list on /service-areas.',
      validation: (rule) => rule.required().max(200),
    }),
    defineField({
      name: 'hero',
      title: 'Hero',
      type: 'object',
      group: 'content',
      options: { collapsible: false },
      validation: (rule) => rule.required(),
      fields: [
        defineField({
          name: 'heading',
          title: 'Heading',
          type: 'string',
          validation: (rule) => rule.required().max(90),
        }),
        defineField({
          name: 'text',
          title: 'Text',
          type: 'text',
          rows: 3,
          validation: (rule) => rule.max(300),
        }),
        defineField({
          name: 'image',
          title: 'Image',
          type: 'image',
          description: 'A wide picture of the area (16:9 works best).',
          options: { hotspot: true },
          validation: (rule) => rule.required(),
          fields: [
            defineField({
              name: 'alt',
              title: 'Alternative text',
              type: 'string',
              description: 'What the picture shows, for people who cannot see it.',
              validation: (rule) => rule.required().max(150),
            }),
          ],
        }),
      ],
    }),
    defineField({
      name: 'copy',
      title: 'Copy',
      type: 'portableText',
      group: 'content',
      description:
        'What we do in this area: airport transfers, luxury car hire, corporate travel, weddings, chauffeur and event services. Use Heading 2 for each service.',
      validation: (rule) => rule.required().min(1),
    }),
    defineField({
      name: 'whyChooseUs',
      title: 'Why choose us',
      type: 'object',
      group: 'content',
      options: { collapsible: false },
      validation: (rule) => rule.required(),
      fields: [
        defineField({
          name: 'heading',
          title: 'Heading',
          type: 'string',
          validation: (rule) => rule.required().max(80),
        }),
        defineField({
          name: 'items',
          title: 'Points',
          type: 'array',
          of: [
            defineArrayMember({
              name: 'reason',
              title: 'Point',
              type: 'object',
              fields: [
                defineField({
                  name: 'title',
                  title: 'Title',
                  type: 'string',
                  validation: (rule) => rule.required().max(80),
                }),
                defineField({
                  name: 'text',
                  title: 'Text',
                  type: 'text',
                  rows: 3,
                  validation: (rule) => rule.required().max(400),
                }),
              ],
              preview: { select: { title: 'title', subtitle: 'text' } },
            }),
          ],
          validation: (rule) => rule.required().min(1).max(8),
        }),
      ],
    }),
    defineField({
      name: 'enquiries',
      title: 'Enquiries',
      type: 'object',
      group: 'content',
      description: 'Shown with a link that dials the phone number of the site settings.',
      options: { collapsible: false },
      validation: (rule) => rule.required(),
      fields: [
        defineField({
          name: 'heading',
          title: 'Heading',
          type: 'string',
          validation: (rule) => rule.required().max(80),
        }),
        defineField({
          name: 'text',
          title: 'Text',
          type: 'text',
          rows: 2,
          validation: (rule) => rule.required().max(300),
        }),
      ],
    }),
    defineField({
      name: 'seo',
      title: 'SEO',
      type: 'seo',
      group: 'seo',
      description: 'Each area page needs its own title, meta description and keywords.',
      validation: (rule) =>
        rule.required().custom((value: SeoValue | undefined) => {
          const missing = [
            value?.title ? null : 'a page title',
            value?.description ? null : 'a meta description',
            value?.keywords && value.keywords.length > 0 ? null : 'keywords',
          ].filter(Boolean);
          return missing.length === 0 ? true : `Add ${missing.join(', ')}.`;
        }),
    }),
  ],
  orderings: [{ title: 'Order', name: 'orderAsc', by: [{ field: 'order', direction: 'asc' }] }],
  preview: {
    select: { title: 'name', route: 'route.current', media: 'hero.image' },
    prepare: ({ title, route, media }: { title?: string; route?: string; media?: unknown }) => ({
      title: title ?? 'Untitled area',
      subtitle: route ? `/${route}` : 'No route key',
      media: media as never,
    }),
  },
});
