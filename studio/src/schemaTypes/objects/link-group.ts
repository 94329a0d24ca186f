/**
 * Link group: a headed list of links, such as the groups of the /sitemap page ("Main Pages",
 * "Service Areas", "Additional Information").
 */
import { LinkIcon } from '@sanity/icons/Link';
import { defineArrayMember, defineType } from 'sanity';
import { countPreview, listField, titleField } from '../fields';

export const linkGroupType = defineType({
  name: 'linkGroup',
  title: 'Link group',
  type: 'object',
  icon: LinkIcon,
  fields: [
    titleField({ max: 80 }),
    listField({
      name: 'links',
      title: 'Links',
      of: [defineArrayMember({ type: 'callToAction' })],
      max: 30,
    }),
  ],
  preview: countPreview({ heading: 'title', list: 'links', fallback: 'Link group', noun: 'links' }),
});
