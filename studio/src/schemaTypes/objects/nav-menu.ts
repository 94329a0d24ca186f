/**
 * Menu with a list: a label in the header that opens a short list of links, such as "About Us"
 * with About Us and FAQs.
 */
import { MenuIcon } from '@sanity/icons/Menu';
import { defineArrayMember, defineField, defineType } from 'sanity';
import { countPreview, listField } from '../fields';

export const navMenuType = defineType({
  name: 'navMenu',
  title: 'Menu with a list',
  type: 'object',
  icon: MenuIcon,
  fields: [
    defineField({
      name: 'label',
      title: 'Label',
      type: 'string',
      description: 'The header button that opens the list, for example "About Us".',
      validation: (rule) => rule.required().max(40),
    }),
    listField({
      name: 'links',
      title: 'Links',
      of: [defineArrayMember({ type: 'navLink' })],
      max: 8,
    }),
  ],
  preview: countPreview({ heading: 'label', list: 'links', fallback: 'Menu', noun: 'links' }),
});
