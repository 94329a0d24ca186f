/**
 * Link group: a headed list of links, such as the groups of the /sitemap page ("Main Pages",
 * "Service Areas", "Additional Information"). On /sitemap a group can also list every page,
 * service area or policy by itself, so a page published later shows there with no edit here.
 */
import { LinkIcon } from '@sanity/icons/Link';
import { defineArrayMember, defineField, defineType } from 'sanity';
import { choices, countPreview, listField, titleField } from '../fields';

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
    defineField({
      name: 'collect',
      title: 'Also list',
      type: 'string',
      description:
        'On the Sitemap page only: after the links above, every published document of this kind that they do not already link to (pages only when "List on the Sitemap page" is on).',
      options: {
        list: choices({
          pages: 'Every page',
          serviceAreas: 'Every service area',
          policies: 'Every policy listed on the Policies page',
        }),
        layout: 'radio',
      },
    }),
  ],
  preview: countPreview({ heading: 'title', list: 'links', fallback: 'Link group', noun: 'links' }),
});
