/**
 * Link group: a headed list of links, such as the groups of the /sitemap page ("Main Pages",
 * "Service Areas", "Additional Information").
 */
import { LinkIcon } from '@sanity/icons/Link';
import { defineArrayMember, defineField, defineType } from 'sanity';

export const linkGroupType = defineType({
  name: 'linkGroup',
  title: 'Link group',
  type: 'object',
  icon: LinkIcon,
  fields: [
    defineField({
      name: 'title',
      title: 'Title',
      type: 'string',
      validation: (rule) => rule.required().max(80),
    }),
    defineField({
      name: 'links',
      title: 'Links',
      type: 'array',
      of: [defineArrayMember({ type: 'callToAction' })],
      validation: (rule) => rule.required().min(1).max(30),
    }),
  ],
  preview: {
    select: { title: 'title', links: 'links' },
    prepare: ({ title, links }: { title?: string; links?: unknown[] }) => ({
      title: title ?? 'Link group',
      subtitle: `${links?.length ?? 0} links`,
    }),
  },
});
