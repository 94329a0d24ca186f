/**
 * Feature list: a headed list of reasons, such as "Why choose us" with its six points, with an
 * optional link below it (the home page's list links to the service areas).
 */
import { CheckmarkCircleIcon } from '@sanity/icons/CheckmarkCircle';
import { defineField, defineType } from 'sanity';
import { countPreview, headingField, listField, textField, titledTextMember } from '../fields';

export const featureListType = defineType({
  name: 'featureList',
  title: 'Feature list ("Why choose us")',
  type: 'object',
  icon: CheckmarkCircleIcon,
  fields: [
    headingField(),
    textField({ name: 'intro', title: 'Introduction', rows: 3, max: 400 }),
    listField({
      name: 'items',
      title: 'Points',
      of: [titledTextMember({ name: 'featureItem', textRequired: false })],
      max: 12,
    }),
    defineField({
      name: 'link',
      title: 'Link',
      type: 'callToAction',
      description: 'Optional link under the list, for example to the service areas.',
    }),
  ],
  preview: countPreview({ list: 'items', fallback: 'Feature list', noun: 'points' }),
});
