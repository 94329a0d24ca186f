/**
 * Vehicle category: a group of the fleet such as "Sedans and SUVs" or "Coaches". The fleet pages
 * list categories in their `order`, each followed by its vehicle types. Stored under the id
 * `vehicleCategory.<slug>`.
 */
import { TiersIcon } from '@sanity/icons/Tiers';
import { defineType } from 'sanity';
import { orderAscending, orderField, slugFromTitleField, textField, titleField } from '../fields';

export const vehicleCategoryType = defineType({
  name: 'vehicleCategory',
  title: 'Vehicle category',
  type: 'document',
  icon: TiersIcon,
  fields: [
    titleField({
      max: 60,
      description: 'The heading of the group on the fleet pages, for example "Sedans and SUVs".',
    }),
    slugFromTitleField({ description: 'A short name for links and anchors, made from the title.' }),
    orderField({ description: 'Lower numbers are listed first.' }),
    textField({
      name: 'description',
      title: 'Description',
      rows: 3,
      description: 'One or two sentences under the heading: who this group of vehicles suits.',
      max: 300,
    }),
  ],
  orderings: [orderAscending],
  preview: {
    select: { title: 'title', order: 'order' },
    prepare: ({ title, order }: { title?: string; order?: number }) => ({
      title: title ?? 'Untitled category',
      subtitle: typeof order === 'number' ? `Position ${order}` : undefined,
    }),
  },
});
