/**
 * Call-to-action banner: a heading, a sentence and one or two buttons, closing a page with the
 * next step (book a ride, call us).
 */
import { EnterRightIcon } from '@sanity/icons/EnterRight';
import { defineArrayMember, defineField, defineType } from 'sanity';

export const ctaBlockType = defineType({
  name: 'ctaBlock',
  title: 'Call-to-action banner',
  type: 'object',
  icon: EnterRightIcon,
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
      rows: 3,
      validation: (rule) => rule.max(300),
    }),
    defineField({
      name: 'actions',
      title: 'Buttons',
      type: 'array',
      description: 'The first button is highlighted.',
      of: [defineArrayMember({ type: 'callToAction' })],
      validation: (rule) => rule.required().min(1).max(2),
    }),
  ],
  preview: {
    select: { title: 'heading', subtitle: 'text' },
    prepare: ({ title, subtitle }: { title?: string; subtitle?: string }) => ({
      title: title ?? 'Call-to-action banner',
      subtitle,
    }),
  },
});
