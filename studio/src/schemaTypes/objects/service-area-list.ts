/**
 * Service areas section: every service area, numbered in its listed order, each linking to its
 * page. A service area published in the Studio joins the list at once.
 */
import { PinIcon } from '@sanity/icons/Pin';
import { defineType } from 'sanity';
import { headingField, headingPreview, textField } from '../fields';

export const serviceAreaListType = defineType({
  name: 'serviceAreaList',
  title: 'Service areas',
  type: 'object',
  icon: PinIcon,
  fields: [
    headingField({ description: 'For example "Where we drive".' }),
    textField({ name: 'intro', title: 'Introduction', rows: 2, max: 300 }),
  ],
  preview: headingPreview('Service areas'),
});
