/**
 * Page: the copy of one page of the site (home, about, services, policies index, sitemap …),
 * found by its route key. Every page has SEO fields, a hero and rich-text body; pages with richer
 * layouts add typed sections.
 */
import { DocumentIcon } from '@sanity/icons/Document';
import { defineArrayMember, defineField, defineType } from 'sanity';

export const pageType = defineType({
  name: 'page',
  title: 'Page',
  type: 'document',
  icon: DocumentIcon,
  groups: [
    { name: 'content', title: 'Content', default: true },
    { name: 'seo', title: 'SEO' },
  ],
  fields: [
    defineField({
      name: 'title',
      title: 'Title',
      type: 'string',
      group: 'content',
      description: 'The page heading and, unless SEO says otherwise, its title in search results.',
      validation: (rule) => rule.required().max(80),
    }),
    defineField({
      name: 'route',
      title: 'Route key',
      type: 'slug',
      group: 'content',
      description:
        'Which page of the site this is, such as "home", "about", "service" or "bccPolicies". Set by developers; do not change it.',
      validation: (rule) => rule.required(),
      readOnly: ({ document }) => Boolean(document?._createdAt && document?.route),
    }),
    defineField({
      name: 'hero',
      title: 'Hero',
      type: 'object',
      group: 'content',
      fields: [
        defineField({
          name: 'heading',
          title: 'Heading',
          type: 'string',
          validation: (rule) => rule.required().max(90),
        }),
        defineField({ name: 'text', title: 'Text', type: 'text', rows: 3 }),
        defineField({
          name: 'actions',
          title: 'Buttons',
          type: 'array',
          description: 'Optional buttons under the hero text; the first is highlighted.',
          of: [defineArrayMember({ type: 'callToAction' })],
          validation: (rule) => rule.max(2),
        }),
        defineField({
          name: 'image',
          title: 'Image',
          type: 'image',
          options: { hotspot: true },
          fields: [
            defineField({
              name: 'alt',
              title: 'Alternative text',
              type: 'string',
              description: 'What the picture shows, for people who cannot see it.',
              validation: (rule) => rule.required(),
            }),
          ],
        }),
      ],
    }),
    defineField({
      name: 'body',
      title: 'Body',
      type: 'portableText',
      group: 'content',
    }),
    defineField({
      name: 'sections',
      title: 'Sections',
      type: 'array',
      group: 'content',
      description: 'Blocks shown after the body, in this order.',
      of: [
        defineArrayMember({ type: 'callToAction' }),
        defineArrayMember({ type: 'ctaBlock' }),
        defineArrayMember({ type: 'benefitTiles' }),
        defineArrayMember({ type: 'featureList' }),
        defineArrayMember({ type: 'servicesCarousel' }),
        defineArrayMember({ type: 'appDownload' }),
        defineArrayMember({ type: 'statsBlock' }),
        defineArrayMember({ type: 'linkGroup' }),
      ],
    }),
    defineField({ name: 'seo', title: 'SEO', type: 'seo', group: 'seo' }),
  ],
  preview: {
    select: { title: 'title', route: 'route.current', media: 'hero.image' },
    prepare: ({ title, route, media }: { title?: string; route?: string; media?: unknown }) => ({
      title: title ?? 'Untitled page',
      subtitle: route ? `/${route === 'home' ? '' : route}` : 'No route key',
      media: media as never,
    }),
  },
});
