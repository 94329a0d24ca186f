/**
 * Call to action: a button with a label and where it goes, such as "Book Now" to /booking. Links
 * inside the site are written as paths (/booking); phone and email links as tel: and mailto:.
 */
import { LaunchIcon } from '@sanity/icons/Launch';
import { defineField, defineType } from 'sanity';
import { linkHrefField } from '../fields';

export const callToActionType = defineType({
  name: 'callToAction',
  title: 'Call to action',
  type: 'object',
  icon: LaunchIcon,
  fields: [
    defineField({
      name: 'label',
      title: 'Label',
      type: 'string',
      description: 'Short and active, for example "Book Now".',
      validation: (rule) => rule.required().max(40),
    }),
    linkHrefField('A path on this site (/booking) or a full address (https://…, tel:…, mailto:…).'),
  ],
  preview: {
    select: { title: 'label', subtitle: 'href' },
  },
});
