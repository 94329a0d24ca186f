/**
 * Booking section: the booking form on the page itself, opened with the trip this page is about
 * already filled in (an "Airport transfers" page with the airport as the pickup, a weddings page
 * with the stretch limousine chosen). Visitors can change every field.
 */
import { CalendarIcon } from '@sanity/icons/Calendar';
import { defineField, defineType } from 'sanity';
import { headingField, headingPreview, textField } from '../fields';

const placeHelp =
  'Written as the booking form suggests it, for example "Brisbane Airport (BNE) Domestic": the form looks it up and takes the first suggestion. Leave empty to let the visitor choose.';

export const bookingSectionType = defineType({
  name: 'bookingSection',
  title: 'Booking form',
  type: 'object',
  icon: CalendarIcon,
  fields: [
    headingField({ description: 'For example "Book your wedding car".' }),
    textField({ rows: 2, max: 300 }),
    defineField({
      name: 'pickup',
      title: 'Pickup',
      type: 'string',
      description: placeHelp,
      validation: (rule) => rule.max(200),
    }),
    defineField({
      name: 'drop',
      title: 'Drop-off',
      type: 'string',
      description: placeHelp,
      validation: (rule) => rule.max(200),
    }),
    defineField({
      name: 'vehicle',
      title: 'Vehicle type',
      type: 'reference',
      to: [{ type: 'vehicleType' }],
      description:
        'Chosen for the visitor when they reach the vehicles, if it carries their party. Archived vehicle types are not offered.',
      options: { filter: 'isArchived != true' },
    }),
    defineField({
      name: 'passengers',
      title: 'Passengers',
      type: 'number',
      description: 'Optional: how many passengers the form starts with, from 1 to 61.',
      validation: (rule) => rule.integer().min(1).max(61),
    }),
  ],
  preview: headingPreview('Booking form'),
});
