/**
 * Services carousel: slides that present one service each (corporate, airport, tours, cruise
 * ships) with a picture and a link to book it. The site turns them into an accessible carousel
 * that never moves on its own for people who prefer reduced motion.
 */
import { ImagesIcon } from '@sanity/icons/Images';
import { defineArrayMember, defineField, defineType } from 'sanity';
import {
  countPreview,
  headingField,
  imageWithAltField,
  listField,
  textField,
  titleField,
} from '../fields';

export const servicesCarouselType = defineType({
  name: 'servicesCarousel',
  title: 'Services carousel',
  type: 'object',
  icon: ImagesIcon,
  fields: [
    headingField(),
    textField({ name: 'intro', title: 'Introduction', rows: 2, max: 300 }),
    listField({
      name: 'slides',
      title: 'Slides',
      of: [
        defineArrayMember({
          name: 'serviceSlide',
          title: 'Service',
          type: 'object',
          fields: [
            titleField({ max: 60 }),
            textField({ rows: 3, max: 300, required: true }),
            imageWithAltField({ description: 'A wide picture (16:9) of this service.' }),
            defineField({
              name: 'link',
              title: 'Link',
              type: 'callToAction',
              description: 'Usually "Book Now" to /booking.',
              validation: (rule) => rule.required(),
            }),
          ],
          preview: { select: { title: 'title', subtitle: 'text', media: 'image' } },
        }),
      ],
      max: 8,
    }),
  ],
  preview: countPreview({ list: 'slides', fallback: 'Services carousel', noun: 'services' }),
});
