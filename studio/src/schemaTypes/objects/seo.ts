/**
 * SEO: what a page tells search engines and link previews. Pages that leave a field empty fall back
 * to the page's own title, text and picture, then to the site settings (name, default meta
 * description, the landing picture).
 */
import { SearchIcon } from '@sanity/icons/Search';
import { defineArrayMember, defineField, defineType } from 'sanity';

export const seoType = defineType({
  name: 'seo',
  title: 'SEO',
  type: 'object',
  icon: SearchIcon,
  options: { collapsible: true, collapsed: true },
  fields: [
    defineField({
      name: 'title',
      title: 'Page title',
      type: 'string',
      description: 'Shown in the browser tab and search results. About 60 characters at most.',
      validation: (rule) => [
        rule.max(70),
        rule.max(60).warning('Search engines usually cut titles after about 60 characters.'),
      ],
    }),
    defineField({
      name: 'description',
      title: 'Meta description',
      type: 'text',
      rows: 3,
      description: 'One or two sentences for search results. 160 characters at most.',
      validation: (rule) => rule.max(160),
    }),
    defineField({
      name: 'image',
      title: 'Social image',
      type: 'image',
      description:
        'The picture shown when the page is shared (1200 × 630 works best). Empty: the page’s hero picture, else the landing picture of the site settings.',
      options: { hotspot: true },
    }),
    defineField({
      name: 'keywords',
      title: 'Keywords',
      type: 'array',
      of: [defineArrayMember({ type: 'string', validation: (rule) => rule.required().max(60) })],
      options: { layout: 'tags' },
      validation: (rule) => rule.unique().max(20),
    }),
    defineField({
      name: 'noIndex',
      title: 'Hide from search engines',
      type: 'boolean',
      description: 'Adds a noindex robots tag. Leave off for public pages.',
      initialValue: false,
      // A boolean is always a valid value; only its type is checked.
    }),
  ],
  preview: {
    select: { title: 'title', description: 'description', noIndex: 'noIndex' },
    prepare: ({
      title,
      description,
      noIndex,
    }: {
      title?: string;
      description?: string;
      noIndex?: boolean;
    }) => ({
      title: title ?? 'SEO',
      subtitle: noIndex ? 'Hidden from search engines' : description,
    }),
  },
});
