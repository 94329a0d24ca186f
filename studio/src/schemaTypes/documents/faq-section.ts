/**
 * FAQ section: one group of questions on /faqs ("Booking", "Lost Property" …), with the anchor the
 * page's "On this page" sidebar links to. Sections are listed by their order number.
 */
import { HelpCircleIcon } from '@sanity/icons/HelpCircle';
import { defineArrayMember, defineField, defineType } from 'sanity';
import {
  listField,
  orderAscending,
  orderField,
  richTextField,
  slugFromTitleField,
  titleField,
} from '../fields';

export const faqSectionType = defineType({
  name: 'faqSection',
  title: 'FAQ section',
  type: 'document',
  icon: HelpCircleIcon,
  fields: [
    titleField({
      max: 80,
      description: 'The section heading and its entry in the "On this page" list.',
    }),
    defineField({
      ...slugFromTitleField({
        name: 'anchor',
        title: 'Anchor',
        description:
          'The end of the section’s link, /faqs#<anchor>. Links already shared stop working when it changes.',
      }),
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
    orderField({
      description: 'Sections are shown from the lowest number to the highest.',
      required: true,
    }),
    listField({
      name: 'items',
      title: 'Questions',
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
            richTextField({ name: 'answer', title: 'Answer' }),
          ],
          preview: { select: { title: 'question' } },
        }),
      ],
      max: 40,
    }),
  ],
  orderings: [orderAscending],
  preview: {
    select: { title: 'title', order: 'order', items: 'items' },
    prepare: ({ title, order, items }: { title?: string; order?: number; items?: unknown[] }) => ({
      title: title ?? 'Untitled section',
      subtitle: `${order ?? '–'} · ${items?.length ?? 0} questions`,
    }),
  },
});
