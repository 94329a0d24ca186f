/**
 * FAQ section: one group of questions on /faqs ("Booking", "Lost Property" …), with the anchor the
 * page's "On this page" sidebar links to. Sections are listed by their order number.
 */
import { HelpCircleIcon } from '@sanity/icons/HelpCircle';
import { defineArrayMember, defineField, defineType } from 'sanity';

export const faqSectionType = defineType({
  name: 'faqSection',
  title: 'FAQ section',
  type: 'document',
  icon: HelpCircleIcon,
  fields: [
    defineField({
      name: 'title',
      title: 'Title',
      type: 'string',
      description: 'The section heading and its entry in the "On this page" list.',
      validation: (rule) => rule.required().max(80),
    }),
    defineField({
      name: 'anchor',
      title: 'Anchor',
      type: 'slug',
      description:
        'The end of the section’s link, /faqs#<anchor>. Links already shared stop working when it changes.',
      options: { source: 'title', maxLength: 60 },
      validation: (rule) => [
        rule.required(),
        rule
          .custom((value: { current?: string } | undefined) =>
            !value?.current || /^[a-z][a-z0-9-]*$/.test(value.current)
              ? true
              : 'Use lower-case letters, digits and hyphens, starting with a letter.',
          )
          .error(),
      ],
    }),
    defineField({
      name: 'order',
      title: 'Order',
      type: 'number',
      description: 'Sections are shown from the lowest number to the highest.',
      validation: (rule) => rule.required().integer().min(0),
    }),
    defineField({
      name: 'items',
      title: 'Questions',
      type: 'array',
      of: [
        defineArrayMember({
          name: 'faqItem',
          title: 'Question',
          type: 'object',
          icon: HelpCircleIcon,
          fields: [
            defineField({
              name: 'question',
              title: 'Question',
              type: 'string',
              validation: (rule) => rule.required().max(200),
            }),
            defineField({
              name: 'answer',
              title: 'Answer',
              type: 'portableText',
              validation: (rule) => rule.required().min(1),
            }),
          ],
          preview: { select: { title: 'question' } },
        }),
      ],
      validation: (rule) => rule.required().min(1).max(40),
    }),
  ],
  orderings: [{ title: 'Order', name: 'orderAsc', by: [{ field: 'order', direction: 'asc' }] }],
  preview: {
    select: { title: 'title', order: 'order', items: 'items' },
    prepare: ({ title, order, items }: { title?: string; order?: number; items?: unknown[] }) => ({
      title: title ?? 'Untitled section',
      subtitle: `${order ?? '–'} · ${items?.length ?? 0} questions`,
    }),
  },
});
