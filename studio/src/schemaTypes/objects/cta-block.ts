/**
 * Call-to-action banner: a heading, a sentence and one or two buttons, closing a page with the
 * next step (book a ride, call us).
 */
import { EnterRightIcon } from '@sanity/icons/EnterRight';
import { defineType } from 'sanity';
import { buttonsField, headingField, headingPreview, textField } from '../fields';

export const ctaBlockType = defineType({
  name: 'ctaBlock',
  title: 'Call-to-action banner',
  type: 'object',
  icon: EnterRightIcon,
  fields: [
    headingField(),
    textField({ rows: 3, max: 300 }),
    buttonsField({ description: 'The first button is highlighted.', min: 1 }),
  ],
  preview: headingPreview('Call-to-action banner'),
});
