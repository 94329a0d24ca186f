/**
 * Review: what a customer wrote about a trip, as staff received it (reviews are content, never
 * invented in code: docs/product.md, "Reviews and figures are content"). The reviews page lists
 * them by `order`, then newest first.
 */
import { StarIcon } from '@sanity/icons/Star';
import { defineField, defineType } from 'sanity';
import { orderField, textField } from '../fields';

export const reviewType = defineType({
  name: 'review',
  title: 'Review',
  type: 'document',
  icon: StarIcon,
  fields: [
    defineField({
      name: 'authorName',
      title: 'Author name',
      type: 'string',
      description: 'As the customer agreed to be named, for example "Sarah M.".',
      validation: (rule) => rule.required().max(60),
    }),
    defineField({
      name: 'location',
      title: 'Location',
      type: 'string',
      description: 'Where the customer is from or travelled, for example "Brisbane".',
      validation: (rule) => rule.max(60),
    }),
    defineField({
      name: 'tripType',
      title: 'Trip type',
      type: 'string',
      description: 'For example "Airport transfer" or "Wedding".',
      validation: (rule) => rule.max(60),
    }),
    defineField({
      name: 'rating',
      title: 'Rating',
      type: 'number',
      description: 'Stars from 1 to 5.',
      validation: (rule) => rule.required().integer().min(1).max(5),
    }),
    textField({ title: 'Review', rows: 5, required: true, min: 10, max: 1200 }),
    defineField({
      name: 'date',
      title: 'Date',
      type: 'date',
      description: 'When the review was written.',
      validation: (rule) => rule.required(),
    }),
    orderField({
      description:
        'Optional: lower numbers are listed first; reviews without one follow, newest first.',
    }),
  ],
  orderings: [
    { title: 'Newest first', name: 'dateDesc', by: [{ field: 'date', direction: 'desc' }] },
  ],
  preview: {
    select: { author: 'authorName', rating: 'rating', text: 'text' },
    prepare: ({ author, rating, text }: { author?: string; rating?: number; text?: string }) => ({
      title: `${author ?? 'Anonymous'}${typeof rating === 'number' ? ` · ${'★'.repeat(rating)}` : ''}`,
      subtitle: text,
    }),
  },
});
