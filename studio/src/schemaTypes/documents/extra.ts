/**
 * Extra: something a customer adds to a booking in the booking form (a child seat, a trailer), its
 * price and the vehicle types that can take it. A vehicle type that is not listed is shown as not
 * available when the customer asks for the extra. Stored under the id `extra.<key>`.
 */
import { PackageIcon } from '@sanity/icons/Package';
import { defineField, defineType } from 'sanity';
import { choices } from '../fields';
import { audField, uniqueAmong, vehicleClassesField, vehicleClassTitle } from '../pricing-fields';

/** The extras the booking form has a field for; the key ties a document to its field. */
export const extraChoices = choices({ childSeat: 'Child seat', trailer: 'Trailer' });

export const extraType = defineType({
  name: 'extra',
  title: 'Extra',
  type: 'document',
  icon: PackageIcon,
  fields: [
    defineField({
      name: 'key',
      title: 'Booking form field',
      type: 'string',
      description:
        'Which question of the booking form this extra answers. Each can have one document only.',
      options: { list: extraChoices, layout: 'radio' },
      validation: (rule) => [
        rule.required(),
        rule.custom(uniqueAmong('extra', 'key', 'Another extra already uses this field.')).error(),
      ],
    }),
    defineField({
      name: 'title',
      title: 'Name',
      type: 'string',
      description: 'The fare line’s label, for example "Child seat".',
      validation: (rule) => rule.required().max(40),
    }),
    defineField({
      name: 'pluralTitle',
      title: 'Name in the plural',
      type: 'string',
      description:
        'Used when a vehicle cannot take it, for example "Child seats are not available in sedans."',
      validation: (rule) => rule.required().max(40),
    }),
    audField({
      name: 'price',
      title: 'Price (AUD)',
      description:
        'Per booking, GST included: a booking with three child seats pays it once, not three times. The FAQs, the child safety policy, the terms and the vehicle descriptions state this price: change them with it.',
    }),
    vehicleClassesField({
      description: 'The vehicle types that can take it. Others are shown as not available.',
    }),
  ],
  preview: {
    select: { title: 'title', price: 'price', vehicleTypes: 'vehicleTypes' },
    prepare: ({
      title,
      price,
      vehicleTypes,
    }: {
      title?: string;
      price?: number;
      vehicleTypes?: string[];
    }) => ({
      title: title ?? 'Extra',
      subtitle: [
        typeof price === 'number' ? `$${price.toFixed(2)} per booking` : null,
        (vehicleTypes ?? []).map(vehicleClassTitle).join(', ') || null,
      ]
        .filter(Boolean)
        .join(' · '),
    }),
  },
});
