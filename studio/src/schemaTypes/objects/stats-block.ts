/**
 * Figures: a few numbers with what they count, such as "25000+" happy clients. Entered by staff so
 * that every claim on the site is one they stand behind.
 */
import { BarChartIcon } from '@sanity/icons/BarChart';
import { defineArrayMember, defineField, defineType } from 'sanity';
import { countPreview, headingField, listField } from '../fields';

export const statsBlockType = defineType({
  name: 'statsBlock',
  title: 'Figures',
  type: 'object',
  icon: BarChartIcon,
  fields: [
    headingField({ optional: true, description: 'Optional heading above the figures.' }),
    listField({
      name: 'items',
      title: 'Figures',
      of: [
        defineArrayMember({
          name: 'statItem',
          title: 'Figure',
          type: 'object',
          fields: [
            defineField({
              name: 'value',
              title: 'Value',
              type: 'string',
              description: 'The number as it should read, for example "25000+".',
              validation: (rule) => rule.required().max(12),
            }),
            defineField({
              name: 'label',
              title: 'Label',
              type: 'string',
              description: 'What the number counts, for example "Happy Clients".',
              validation: (rule) => rule.required().max(40),
            }),
          ],
          preview: { select: { title: 'value', subtitle: 'label' } },
        }),
      ],
      max: 6,
    }),
  ],
  preview: countPreview({ list: 'items', fallback: 'Figures', noun: 'figures' }),
});
