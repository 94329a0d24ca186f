/**
 * Benefit tiles: a row of short promises, each with an icon, such as "Full GPS tracking" or
 * "24-hour help". The icon is a key from a fixed list because the site draws the icons itself,
 * in the same line style as the rest of the design.
 */
import { ThLargeIcon } from '@sanity/icons/ThLarge';
import { defineArrayMember, defineField, defineType } from 'sanity';
import { choices, countPreview, headingField, listField, textField, titleField } from '../fields';

/** The icons the site can draw next to a benefit (app/components/benefit-icon.tsx). */
export const benefitIcons = choices({
  gps: 'GPS tracking',
  support: '24-hour help',
  events: 'Events and conferences',
  chauffeur: 'Chauffeur',
  clock: 'Clock (punctuality)',
  shield: 'Shield (safety)',
  car: 'Car',
  star: 'Star (quality)',
});

export const benefitTilesType = defineType({
  name: 'benefitTiles',
  title: 'Benefit tiles',
  type: 'object',
  icon: ThLargeIcon,
  fields: [
    headingField({ optional: true, description: 'Optional heading above the tiles.' }),
    listField({
      name: 'tiles',
      title: 'Tiles',
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
            titleField({ max: 60 }),
            textField({ rows: 3, max: 240 }),
          ],
          preview: {
            select: { title: 'title', subtitle: 'text' },
          },
        }),
      ],
      max: 8,
    }),
  ],
  preview: countPreview({ list: 'tiles', fallback: 'Benefit tiles', noun: 'tiles' }),
});
