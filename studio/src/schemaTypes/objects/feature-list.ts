/**
 * Feature list: a headed list of reasons, such as "Why choose us" with its six points, with an
 * optional link below it (the home page's list links to the service areas).
 */
import { CheckmarkCircleIcon } from '@sanity/icons/CheckmarkCircle';
import { defineArrayMember, defineField, defineType } from 'sanity';

export const featureListType = defineType({
  name: 'featureList',
  title: 'Feature list ("Why choose us")',
  type: 'object',
  icon: CheckmarkCircleIcon,
  fields: [
    defineField({
      name: 'heading',
      title: 'Heading',
      type: 'string',
      validation: (rule) => rule.required().max(80),
    }),
    defineField({
      name: 'intro',
      title: 'Introduction',
      type: 'text',
      rows: 3,
      validation: (rule) => rule.max(400),
    }),
    defineField({
      name: 'items',
      title: 'Points',
      type: 'array',
      of: [
        defineArrayMember({
          name: 'featureItem',
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
              validation: (rule) => rule.max(400),
            }),
          ],
          preview: { select: { title: 'title', subtitle: 'text' } },
        }),
      ],
      validation: (rule) => rule.required().min(1).max(12),
    }),
    defineField({
      name: 'link',
      title: 'Link',
      type: 'callToAction',
      description: 'Optional link under the list, for example to the service areas.',
    }),
  ],
  preview: {
    select: { title: 'heading', items: 'items' },
    prepare: ({ title, items }: { title?: string; items?: unknown[] }) => ({
      title: title ?? 'Feature list',
      subtitle: `${items?.length ?? 0} points`,
    }),
  },
});
