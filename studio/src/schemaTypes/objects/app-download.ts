/**
 * App download block: a heading and a sentence about the mobile app, shown with the App Store and
 * Google Play badges (the site adds the badges; they open the "Work in Progress" notice until the
 * apps are published).
 */
import { MobileDeviceIcon } from '@sanity/icons/MobileDevice';
import { defineType } from 'sanity';
import { headingField, headingPreview, textField } from '../fields';

export const appDownloadType = defineType({
  name: 'appDownload',
  title: 'App download',
  type: 'object',
  icon: MobileDeviceIcon,
  fields: [headingField(), textField({ rows: 3, max: 400 })],
  preview: headingPreview('App download'),
});
