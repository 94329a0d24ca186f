/**
 * App download block: a heading and a sentence about the mobile app, shown with the App Store and
 * Google Play badges (the site adds the badges; they open the "Work in Progress" notice until the
 * apps are published).
 */
import { MobileDeviceIcon } from '@sanity/icons/MobileDevice';
import { defineField, defineType } from 'sanity';

export const appDownloadType = defineType({
  name: 'appDownload',
  title: 'App download',
  type: 'object',
  icon: MobileDeviceIcon,
  fields: [
    defineField({
      name: 'heading',
      title: 'Heading',
      type: 'string',
      validation: (rule) => rule.required().max(80),
    }),
    defineField({
      name: 'text',
      title: 'Text',
      type: 'text',
      rows: 3,
      validation: (rule) => rule.max(400),
    }),
  ],
  preview: {
    select: { title: 'heading', subtitle: 'text' },
    prepare: ({ title, subtitle }: { title?: string; subtitle?: string }) => ({
      title: title ?? 'App download',
      subtitle,
    }),
  },
});
