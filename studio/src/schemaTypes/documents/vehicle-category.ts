/**
 * Vehicle category: a group of the fleet such as "Sedans and SUVs" or "Coaches". The fleet pages
 * list categories in their `order`, each followed by its vehicle types. Stored under the id
 * `vehicleCategory.<slug>`.
 */
import { TiersIcon } from '@sanity/icons/Tiers';
import { defineField, defineType } from 'sanity';

export const vehicleCategoryType = defineType({
  name: 'vehicleCategory',
  title: 'Vehicle category',
  type: 'document',
  icon: TiersIcon,
  fields: [
    defineField({
      name: 'title',
      title: 'Title',
      type: 'string',
      description: 'The heading of the group on the fleet pages, for example "Sedans and SUVs".',
      validation: (rule) => rule.required().max(60),
    }),
    defineField({
      name: 'slug',
      title: 'Slug',
      type: 'slug',
      description: 'A short name for links and anchors, made from the title.',
      options: { source: 'title', maxLength: 60 },
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'order',
      title: 'Order',
      type: 'number',
      description: 'Lower numbers are listed first.',
      validation: (rule) => rule.integer().min(0),
    }),
    defineField({
      name: 'description',
      title: 'Description',
      type: 'text',
      rows: 3,
      description: 'One or two sentences under the heading: who this group of vehicles suits.',
      validation: (rule) => rule.max(300),
    }),
  ],
  orderings: [{ title: 'Order', name: 'orderAsc', by: [{ field: 'order', direction: 'asc' }] }],
  preview: {
    select: { title: 'title', order: 'order' },
    prepare: ({ title, order }: { title?: string; order?: number }) => ({
      title: title ?? 'Untitled category',
      subtitle: typeof order === 'number' ? `Position ${order}` : undefined,
    }),
  },
});
