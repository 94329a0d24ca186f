/**
 * Navigation: the header's links (a link, or a label that opens a short list such as About Us)
 * and the footer's groups of links. A singleton with the fixed id "navigation"
 * (../../singletons.ts). The header's phone number, sign-in and Book Now button, and the footer's
 * contact details, social links and badges are the site's own, from the site settings.
 */
import { MenuIcon } from '@sanity/icons/Menu';
import { defineArrayMember, defineField, defineType } from 'sanity';
import { countPreview, listField, titleField } from '../fields';

export const navigationType = defineType({
  name: 'navigation',
  title: 'Navigation',
  type: 'document',
  icon: MenuIcon,
  fields: [
    defineField({
      name: 'header',
      title: 'Header',
      type: 'array',
      description:
        'The links of the header, in this order, before the phone number, Sign in and Book Now. On phones they fold into the Menu button.',
      of: [defineArrayMember({ type: 'navLink' }), defineArrayMember({ type: 'navMenu' })],
      validation: (rule) => rule.required().min(1).max(6),
    }),
    defineField({
      name: 'footer',
      title: 'Footer',
      type: 'array',
      description:
        'Headed groups of links in the footer, before Support and Our app, for example "Company" and "Explore".',
      of: [
        defineArrayMember({
          name: 'footerGroup',
          title: 'Group',
          type: 'object',
          icon: MenuIcon,
          fields: [
            titleField({ max: 40 }),
            listField({
              name: 'links',
              title: 'Links',
              of: [defineArrayMember({ type: 'navLink' })],
              max: 10,
            }),
          ],
          preview: countPreview({
            heading: 'title',
            list: 'links',
            fallback: 'Group',
            noun: 'links',
          }),
        }),
      ],
      validation: (rule) => rule.required().max(4),
    }),
  ],
  preview: { prepare: () => ({ title: 'Navigation', subtitle: 'Header and footer menus' }) },
});
