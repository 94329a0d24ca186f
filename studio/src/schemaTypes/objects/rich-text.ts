/**
 * Rich text section: paragraphs, headings, lists and links, placed anywhere in a page's list of
 * sections (between a fleet list and a booking section, for example).
 */
import { BlockContentIcon } from '@sanity/icons/BlockContent';
import { defineType } from 'sanity';
import { richTextField } from '../fields';

export const richTextType = defineType({
  name: 'richText',
  title: 'Rich text',
  type: 'object',
  icon: BlockContentIcon,
  fields: [richTextField({ name: 'body', title: 'Text' })],
  preview: {
    select: { body: 'body' },
    prepare: ({ body }: { body?: { children?: { text?: string }[] }[] }) => ({
      title: body?.[0]?.children?.map((child) => child.text ?? '').join('') || 'Rich text',
      subtitle: 'Rich text',
    }),
  },
});
