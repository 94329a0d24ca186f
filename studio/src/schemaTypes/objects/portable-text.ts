/**
 * Portable text: the rich text editors write body copy in. Deliberately small — paragraphs, two
 * heading levels, lists, bold, italic and links — so every page renders it the same way and the
 * outline of headings stays correct (each page has its own h1).
 */
import { BlockContentIcon } from '@sanity/icons/BlockContent';
import { LinkIcon } from '@sanity/icons/Link';
import { defineArrayMember, defineType } from 'sanity';
import { linkHrefField } from '../fields';

export const portableTextType = defineType({
  name: 'portableText',
  title: 'Rich text',
  type: 'array',
  icon: BlockContentIcon,
  of: [
    defineArrayMember({
      type: 'block',
      styles: [
        { title: 'Normal', value: 'normal' },
        { title: 'Heading 2', value: 'h2' },
        { title: 'Heading 3', value: 'h3' },
      ],
      lists: [
        { title: 'Bullet', value: 'bullet' },
        { title: 'Numbered', value: 'number' },
      ],
      marks: {
        decorators: [
          { title: 'Bold', value: 'strong' },
          { title: 'Italic', value: 'em' },
        ],
        annotations: [
          defineArrayMember({
            name: 'link',
            title: 'Link',
            type: 'object',
            icon: LinkIcon,
            fields: [
              linkHrefField(
                'A path on this site (/fleet) or a full address (https://…, tel:…, mailto:…).',
              ),
            ],
          }),
        ],
      },
    }),
  ],
});
