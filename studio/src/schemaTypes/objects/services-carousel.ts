/**
 * Services carousel: slides that present one service each (corporate, airport, tours, cruise
 * ships) with a picture and a link to book it. The site turns them into an accessible carousel
 * that never moves on its own for people who prefer reduced motion.
 */
import { ImagesIcon } from '@sanity/icons/Images';
import { defineArrayMember, defineField, defineType } from 'sanity';

export const servicesCarouselType = defineType({
  name: 'servicesCarousel',
  title: 'Services carousel',
  type: 'object',
  icon: ImagesIcon,
  fields: [
    defineField({
      name: 'heading',
      title: 'Heading',
      type: 'string',
      validation: (rule) => rule.required().max(80),
    }),
    defineField({
      name: 'intro',
      title: 'Introduction',
      type: 'text',
      rows: 2,
      validation: (rule) => rule.max(300),
    }),
    defineField({
      name: 'slides',
      title: 'Slides',
      type: 'array',
      of: [
        defineArrayMember({
          name: 'serviceSlide',
          title: 'Service',
          type: 'object',
          fields: [
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
              validation: (rule) => rule.required().max(300),
            }),
            defineField({
              name: 'image',
              title: 'Image',
              type: 'image',
              description: 'A wide picture (16:9) of this service.',
              options: { hotspot: true },
              fields: [
                defineField({
                  name: 'alt',
                  title: 'Alternative text',
                  type: 'string',
                  description: 'What the picture shows, for people who cannot see it.',
                  validation: (rule) => rule.required().max(150),
                }),
              ],
            }),
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
      validation: (rule) => rule.required().min(1).max(8),
    }),
  ],
  preview: {
    select: { title: 'heading', slides: 'slides' },
    prepare: ({ title, slides }: { title?: string; slides?: unknown[] }) => ({
      title: title ?? 'Services carousel',
      subtitle: `${slides?.length ?? 0} services`,
    }),
  },
});
