/**
 * FAQ group: a heading and the questions of one or more FAQ sections (the same sections /faqs
 * shows), each answer opening on its own. Editing a question in its FAQ section changes it on every
 * page that shows it.
 */
import { HelpCircleIcon } from '@sanity/icons/HelpCircle';
import { defineArrayMember, defineField, defineType } from 'sanity';
import { countPreview, headingField, textField } from '../fields';

export const faqGroupType = defineType({
  name: 'faqGroup',
  title: 'FAQ group',
  type: 'object',
  icon: HelpCircleIcon,
  fields: [
    headingField({ description: 'For example "Wedding car questions".' }),
    textField({ name: 'intro', title: 'Introduction', rows: 2, max: 300 }),
    defineField({
      name: 'groups',
      title: 'FAQ sections',
      type: 'array',
      description: 'The FAQ sections whose questions are shown, in this order.',
      of: [defineArrayMember({ type: 'reference', to: [{ type: 'faqSection' }] })],
      validation: (rule) => rule.required().min(1).max(10).unique(),
    }),
  ],
  preview: countPreview({ list: 'groups', fallback: 'FAQ group', noun: 'FAQ sections' }),
});
