/**
 * Reviews section: the rating summary of the site settings and the first reviews in their
 * listed order (as /reviews shows them), with an optional link to every review.
 */
import { StarIcon } from '@sanity/icons/Star';
import { defineField, defineType } from 'sanity';
import { headingField, headingPreview, textField } from '../fields';

export const reviewListType = defineType({
  name: 'reviewList',
  title: 'Reviews',
  type: 'object',
  icon: StarIcon,
  fields: [
    headingField({ description: 'For example "What our passengers say".' }),
    textField({ name: 'intro', title: 'Introduction', rows: 2, max: 300 }),
    defineField({
      name: 'count',
      title: 'Number of reviews',
      type: 'number',
      description: 'How many reviews to show, from 1 to 6.',
      initialValue: 3,
      validation: (rule) => rule.required().integer().min(1).max(6),
    }),
    defineField({
      name: 'link',
      title: 'Link',
      type: 'callToAction',
      description: 'Optional, for example "Read all reviews" to /reviews.',
    }),
  ],
  preview: headingPreview('Reviews'),
});
