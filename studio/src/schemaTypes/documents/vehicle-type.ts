/**
 * Vehicle type: one class of car in the fleet (executive sedan, people mover, coach …), with what
 * the fleet pages and the booking widget show about it and the tariff its fares are computed from.
 * Archived types are kept for old bookings but never listed or priced. Stored under the id
 * `vehicleType.<slug>`; the slug is used in URLs and as the widget's `vehicle` prefill value.
 */
import { TransferIcon } from '@sanity/icons/Transfer';
import { defineField, defineType } from 'sanity';
import {
  choices,
  imageWithAltField,
  orderField,
  sectionField,
  slugFromTitleField,
  textField,
  titleField,
} from '../fields';

/** The vehicle classes the site has an illustration and wording for. */
export const vehicleClasses = choices({
  sedan: 'Sedan',
  suv: 'SUV',
  peopleMover: 'People mover',
  minibus: 'Minibus',
  coach: 'Coach',
  stretchLimousine: 'Stretch limousine',
});

export const vehicleTypeType = defineType({
  name: 'vehicleType',
  title: 'Vehicle type',
  type: 'document',
  icon: TransferIcon,
  groups: [
    { name: 'details', title: 'Details', default: true },
    { name: 'capacity', title: 'Capacity' },
    { name: 'tariff', title: 'Tariff' },
  ],
  fields: [
    titleField({
      max: 60,
      group: 'details',
      description: 'The name customers see, for example "Executive Sedan".',
    }),
    slugFromTitleField({
      group: 'details',
      description:
        'Used in the vehicle’s page address (/fleet/<slug>) and by booking links. Changing it breaks links already shared.',
    }),
    defineField({
      name: 'subTitle',
      title: 'Subtitle',
      type: 'string',
      group: 'details',
      description: 'A line under the title, for example "Mercedes-Benz E-Class or similar".',
      validation: (rule) => rule.max(80),
    }),
    textField({
      name: 'shortDescription',
      title: 'Short description',
      rows: 2,
      group: 'details',
      description: 'One sentence for the vehicle cards of the booking wizard.',
      max: 200,
    }),
    textField({
      name: 'description',
      title: 'Description',
      rows: 5,
      group: 'details',
      description: 'Shown on the fleet cards and the vehicle’s own page.',
      max: 1200,
    }),
    textField({
      name: 'disclaimer',
      title: 'Disclaimer',
      rows: 2,
      group: 'details',
      description: 'Small print under the fare, for example what "or similar" means.',
      max: 300,
    }),
    defineField({
      name: 'category',
      title: 'Category',
      type: 'reference',
      group: 'details',
      to: [{ type: 'vehicleCategory' }],
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'type',
      title: 'Vehicle class',
      type: 'string',
      group: 'details',
      description: 'Decides luggage and child-seat rules and the fallback picture.',
      options: { list: vehicleClasses, layout: 'dropdown' },
      validation: (rule) => rule.required(),
    }),
    imageWithAltField({
      group: 'details',
      description: 'A side view of the vehicle, 16:9. Set the hotspot on the car.',
    }),
    sectionField({
      name: 'features',
      title: 'Capacity',
      group: 'capacity',
      fields: [
        defineField({
          name: 'passengerMax',
          title: 'Maximum passengers',
          type: 'number',
          validation: (rule) => rule.required().integer().min(1),
        }),
        defineField({
          name: 'suitcases',
          title: 'Suitcases',
          type: 'number',
          description: 'Large checked-in suitcases that fit with every seat taken.',
          validation: (rule) => rule.integer().min(0),
        }),
        defineField({
          name: 'smallBags',
          title: 'Small bags',
          type: 'number',
          description: 'Carry-on bags and backpacks, on top of the suitcases.',
          validation: (rule) => rule.integer().min(0),
        }),
      ],
    }),
    defineField({
      name: 'cancellationNoticeHours',
      title: 'Cancellation notice for a full refund (hours)',
      type: 'number',
      group: 'tariff',
      description:
        'A booking cancelled at least this many hours before pickup is refunded in full; later, nothing is refunded. Leave empty when this vehicle is never refunded on cancellation (stretch limousines). Staff see it as a suggestion they can override with a reason.',
      validation: (rule) => rule.min(0).max(720),
    }),
    defineField({
      name: 'isArchived',
      title: 'Archived',
      type: 'boolean',
      group: 'details',
      description: 'Archived vehicles are hidden from the site and cannot be booked or priced.',
      initialValue: false,
      // A boolean is always a valid value; only its type is checked.
    }),
    orderField({
      group: 'details',
      description: 'Position within its category; lower numbers are listed first.',
    }),
    sectionField({
      name: 'tariff',
      title: 'Tariff',
      group: 'tariff',
      description:
        'Fares in AUD, GST included. By distance: the base price up to the minimum distance, then the per-km surcharge for every further km. By the hour: the hourly rate times the hours, plus the per-km surcharge beyond the hourly minimum distance.',
      fields: [
        defineField({
          name: 'basePrice',
          title: 'Base price (AUD)',
          type: 'number',
          validation: (rule) => rule.required().min(0).precision(2),
        }),
        defineField({
          name: 'minimumDistanceForBasePrice',
          title: 'Distance included in the base price (km)',
          type: 'number',
          initialValue: 10,
          validation: (rule) => rule.required().min(0),
        }),
        defineField({
          name: 'perkmSurcharge',
          title: 'Per-km surcharge (AUD per km)',
          type: 'number',
          validation: (rule) => rule.required().min(0).precision(2),
        }),
        defineField({
          name: 'hourlyRate',
          title: 'Hourly rate (AUD per hour)',
          type: 'number',
          validation: (rule) => rule.required().min(0).precision(2),
        }),
        defineField({
          name: 'minimumDistanceForHourlyRate',
          title: 'Distance included in hourly bookings (km)',
          type: 'number',
          initialValue: 20,
          validation: (rule) => rule.required().min(0),
        }),
      ],
    }),
  ],
  orderings: [
    {
      title: 'Category, then order',
      name: 'categoryOrder',
      by: [
        { field: 'category.order', direction: 'asc' },
        { field: 'order', direction: 'asc' },
      ],
    },
  ],
  preview: {
    select: {
      title: 'title',
      category: 'category.title',
      passengers: 'features.passengerMax',
      archived: 'isArchived',
      media: 'image',
    },
    prepare: ({
      title,
      category,
      passengers,
      archived,
      media,
    }: {
      title?: string;
      category?: string;
      passengers?: number;
      archived?: boolean;
      media?: unknown;
    }) => ({
      title: title ?? 'Untitled vehicle',
      subtitle: [
        archived ? 'Archived' : null,
        category,
        typeof passengers === 'number' ? `up to ${passengers} passengers` : null,
      ]
        .filter(Boolean)
        .join(' · '),
      media: media as never,
    }),
  },
});
