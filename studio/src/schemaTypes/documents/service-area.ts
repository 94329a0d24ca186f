/**
 * Service area: one region we drive in (Brisbane, the Gold Coast, the Sunshine Coast, or a new
 * one) with its own page at the address the editor gives it, listed on /service-areas: hero,
 * descriptive copy about our services there, a "Why choose us" list, the enquiries line with the
 * phone number, and its own search-engine title, description and keywords.
 */
import { PinIcon } from '@sanity/icons/Pin';
import { defineField, defineType } from 'sanity';
import {
  contentAndSeoGroups,
  headingField,
  imageWithAltField,
  listField,
  orderAscending,
  orderField,
  richTextField,
  addressField,
  routePreview,
  sectionField,
  textField,
  titledTextMember,
} from '../fields';

interface SeoValue {
  title?: string;
  description?: string;
  keywords?: string[];
}

export const serviceAreaType = defineType({
  name: 'serviceArea',
  title: 'Service area',
  type: 'document',
  icon: PinIcon,
  groups: contentAndSeoGroups,
  fields: [
    defineField({
      name: 'name',
      title: 'Name',
      type: 'string',
      group: 'content',
      description:
        'The area as people say it, for example "Gold Coast". Used in lists and the breadcrumb.',
      validation: (rule) => rule.required().max(40),
    }),
    addressField({
      source: 'name',
      example: '"service-area-toowoomba" for /service-area-toowoomba',
    }),
    orderField({
      group: 'content',
      description: 'Position in the numbered list on /service-areas, lowest first.',
      required: true,
    }),
    textField({
      name: 'summary',
      title: 'Summary',
      rows: 2,
      group: 'content',
      description: 'One sentence for the list on /service-areas.',
      required: true,
      max: 200,
    }),
    sectionField({
      name: 'hero',
      title: 'Hero',
      group: 'content',
      fields: [
        headingField({ max: 90 }),
        textField({ rows: 3, max: 300 }),
        imageWithAltField({
          description: 'A wide picture of the area (16:9 works best).',
          required: true,
        }),
      ],
    }),
    richTextField({
      name: 'copy',
      title: 'Copy',
      group: 'content',
      description:
        'What we do in this area: airport transfers, luxury car hire, corporate travel, weddings, chauffeur and event services. Use Heading 2 for each service.',
    }),
    sectionField({
      name: 'whyChooseUs',
      title: 'Why choose us',
      group: 'content',
      fields: [
        headingField(),
        listField({
          name: 'items',
          title: 'Points',
          of: [titledTextMember({ name: 'reason', textRequired: true })],
          max: 8,
        }),
      ],
    }),
    sectionField({
      name: 'enquiries',
      title: 'Enquiries',
      group: 'content',
      description: 'Shown with a link that dials the phone number of the site settings.',
      fields: [headingField(), textField({ rows: 2, max: 300, required: true })],
    }),
    defineField({
      name: 'seo',
      title: 'SEO',
      type: 'seo',
      group: 'seo',
      description: 'Each area page needs its own title, meta description and keywords.',
      validation: (rule) =>
        rule.required().custom((value: SeoValue | undefined) => {
          const missing = [
            value?.title ? null : 'a page title',
            value?.description ? null : 'a meta description',
            value?.keywords && value.keywords.length > 0 ? null : 'keywords',
          ].filter(Boolean);
          return missing.length === 0 ? true : `Add ${missing.join(', ')}.`;
        }),
    }),
  ],
  orderings: [orderAscending],
  preview: {
    select: { title: 'name', route: 'route.current', media: 'hero.image' },
    ...routePreview('Untitled area', 'serviceArea'),
  },
});
