/**
 * Fleet list: every vehicle category with its vehicle types that are not archived, each card
 * with its capacity and a Book Now link, as on /fleet. The vehicles are edited under Fleet.
 */
import { TransferIcon } from '@sanity/icons/Transfer';
import { defineType } from 'sanity';
import { headingField, headingPreview } from '../fields';

export const fleetListType = defineType({
  name: 'fleetList',
  title: 'Fleet list',
  type: 'object',
  icon: TransferIcon,
  fields: [
    headingField({
      optional: true,
      description:
        'Optional, for example "Choose your wedding car". Each vehicle category has its own heading.',
    }),
  ],
  preview: headingPreview('Fleet list'),
});
