/**
 * Benefit tiles: a row of short promises, each with an icon, such as "Full GPS tracking" or
 * "24-hour help". The icon is a key from a fixed list because the site draws the icons itself,
 * in the same line style as the rest of the design.
 */
import { ThLargeIcon } from '@sanity/icons/ThLarge';
import { defineArrayMember, defineField, defineType } from 'sanity';

/** The icons the site can draw next to a benefit (app/components/benefit-icon.tsx). */
export const benefitIcons = [
  { title: 'GPS tracking', value: 'gps' },
  { title: '24-hour help', value: 'support' },
  { title: 'Events and conferences', value: 'events' },
  { title: 'Chauffeur', value: 'chauffeur' },
  { title: 'Clock (punctuality)', value: 'clock' },
  { title: 'Shield (safety)', value: 'shield' },
  { title: 'Car', value: 'car' },
  { title: 'Star (quality)', value: 'star' },
];

export const benefitTilesType = defineType({
  name: 'benefitTiles',
  title: 'Benefit tiles',
  type: 'object',
  icon: ThLargeIcon,
  fields: [
    defineField({
      name: 'heading',
      title: 'Heading',
      type: 'string',
      description: 'Optional heading above the tiles.',
      validation: (rule) => rule.max(80),
    }),
    defineField({
      name: 'tiles',
      title: 'Tiles',
      type: 'array',
      of: [
        defineArrayMember({
          name: 'benefitTile',
          title: 'Tile',
          type: 'object',
          fields: [
            defineField({
              name: 'icon',
              title: 'Icon',
              type: 'string',
              options: { list: benefitIcons, layout: 'dropdown' },
              validation: (rule) => rule.required(),
            }),
            defineField({
              name: 'title',
              title: 'Title',
              type: 'string',
              validation: (rule) => rule.required().max(60),
            }),
            defineField({
              name: 'text',
              title: 'Text',
              type: 'text',
              rows: 3,
              validation: (rule) => rule.max(240),
            }),
          ],
          preview: {
            select: { title: 'title', subtitle: 'text' },
          },
        }),
      ],
      validation: (rule) => rule.required().min(1).max(8),
    }),
  ],
  preview: {
    select: { heading: 'heading', tiles: 'tiles' },
    prepare: ({ heading, tiles }: { heading?: string; tiles?: unknown[] }) => ({
      title: heading ?? 'Benefit tiles',
      subtitle: `${tiles?.length ?? 0} tiles`,
    }),
  },
});
