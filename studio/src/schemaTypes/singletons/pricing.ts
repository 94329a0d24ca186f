/**
 * Surcharges: the one document that holds the after-hours and public holiday surcharges the site
 * adds to a fare, and the public holidays. Every fare shown before paying includes them, as its own
 * line. It is a singleton with the fixed id "pricing" (see ../../singletons.ts). The extras (child
 * seat, trailer) and promo codes are documents of their own.
 */
import { CalendarIcon } from '@sanity/icons/Calendar';
import { ClockIcon } from '@sanity/icons/Clock';
import { CreditCardIcon } from '@sanity/icons/CreditCard';
import { defineArrayMember, defineField, defineType, type ValidationContext } from 'sanity';
import {
  audField,
  percentageField,
  rateKindField,
  rateKindIs,
  requiredWhen,
  vehicleClassTitle,
  vehicleClassValues,
} from '../pricing-fields';
import { vehicleClasses } from '../documents/vehicle-type';

const surchargeModes = [
  { title: 'A percentage of the fare', value: 'percentage' as const },
  { title: 'A fixed amount per vehicle type', value: 'fixed' as const },
];

const isPercentage = rateKindIs('mode', 'percentage');
const isFixed = rateKindIs('mode', 'fixed');

/** HH:MM on a 24-hour clock, Queensland time. */
const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

function timeField(name: string, title: string, description: string) {
  return defineField({
    name,
    title,
    type: 'string',
    description,
    validation: (rule) =>
      rule.required().regex(TIME_OF_DAY).error('Use a 24-hour time as HH:MM, for example 22:00.'),
  });
}

/** How a surcharge is worked out: the mode, then the percentage or the amounts it needs. */
function surchargeFields(what: string) {
  return [
    rateKindField({
      name: 'mode',
      title: 'Charged as',
      description: `Whether the ${what} is a percentage of the fare or a fixed amount that depends on the vehicle type.`,
      list: surchargeModes,
    }),
    percentageField({
      title: 'Percentage of the fare',
      description:
        'For example 15 for 15 %. Worked out on the fare itself (base and distance, or hourly), not on extras or tolls.',
      min: 0,
      when: isPercentage,
    }),
    defineField({
      name: 'fixedAmounts',
      title: 'Fixed amounts',
      type: 'array',
      description:
        'One amount per vehicle type, in AUD including GST. A vehicle type that is not listed has no surcharge.',
      hidden: ({ parent }) => !isFixed((parent ?? {}) as Record<string, unknown>),
      of: [
        defineArrayMember({
          name: 'fixedAmount',
          title: 'Amount',
          type: 'object',
          icon: CreditCardIcon,
          fields: [
            defineField({
              name: 'vehicleType',
              title: 'Vehicle type',
              type: 'string',
              options: { list: vehicleClasses, layout: 'dropdown' },
              validation: (rule) => rule.required(),
            }),
            audField({ name: 'amount', title: 'Amount (AUD)' }),
          ],
          preview: {
            select: { vehicleType: 'vehicleType', amount: 'amount' },
            prepare: ({ vehicleType, amount }: { vehicleType?: string; amount?: number }) => ({
              title: vehicleClassTitle(vehicleType) ?? 'Vehicle type',
              subtitle: typeof amount === 'number' ? `$${amount.toFixed(2)}` : undefined,
            }),
          },
        }),
      ],
      validation: (rule) => [
        rule.max(vehicleClassValues.length).custom(uniqueBy('vehicleType', 'vehicle type')),
        rule.custom(requiredWhen(isFixed, 'Add an amount for at least one vehicle type.')),
      ],
    }),
  ];
}

/** Refuses a list in which two items have the same `key` (two amounts for one vehicle type). */
function uniqueBy(key: string, noun: string) {
  return (items: Record<string, unknown>[] | undefined, _context: ValidationContext) => {
    const values = (items ?? []).map((item) => item[key]).filter((value) => value !== undefined);
    return new Set(values).size === values.length ? true : `Each ${noun} can appear only once.`;
  };
}

export const pricingType = defineType({
  name: 'pricing',
  title: 'Surcharges',
  type: 'document',
  icon: CreditCardIcon,
  fields: [
    defineField({
      name: 'afterHoursSurcharge',
      title: 'After-hours surcharge',
      type: 'object',
      icon: ClockIcon,
      description:
        'Added to trips picked up between the start and end time, Queensland time. The window may run past midnight (22:00 to 05:00): a pickup at the start time pays it, a pickup at the end time does not. The FAQs, the cancellation policy, the terms and the vehicle disclaimers state this surcharge: change them with it.',
      options: { collapsible: false },
      validation: (rule) => rule.required(),
      fields: [
        timeField(
          'startTime',
          'From',
          'The first minute the surcharge applies, for example 22:00.',
        ),
        defineField({
          ...timeField('endTime', 'Until', 'The minute it stops applying, for example 05:00.'),
          validation: (rule) => [
            rule.required(),
            rule.regex(TIME_OF_DAY).error('Use a 24-hour time as HH:MM, for example 05:00.'),
            rule
              .custom((end: string | undefined, context: ValidationContext) =>
                end && end === (context.parent as { startTime?: string } | undefined)?.startTime
                  ? 'The surcharge must stop at another time than it starts.'
                  : true,
              )
              .error(),
          ],
        }),
        ...surchargeFields('after-hours surcharge'),
      ],
    }),
    defineField({
      name: 'publicHolidaySurcharge',
      title: 'Public holiday surcharge',
      type: 'object',
      icon: CalendarIcon,
      description:
        'Added to trips picked up on one of the listed dates (Queensland time). When a trip is after hours on a public holiday, both surcharges apply, each worked out on the fare. The FAQs, the cancellation policy, the terms and the vehicle disclaimers state this surcharge: change them with it.',
      options: { collapsible: false },
      validation: (rule) => rule.required(),
      fields: [
        ...surchargeFields('public holiday surcharge'),
        defineField({
          name: 'dates',
          title: 'Public holidays',
          type: 'array',
          description:
            'Every date the surcharge applies on. Add next year’s dates before the year starts; past dates can stay or be removed.',
          of: [
            defineArrayMember({
              name: 'publicHoliday',
              title: 'Public holiday',
              type: 'object',
              icon: CalendarIcon,
              fields: [
                defineField({
                  name: 'date',
                  title: 'Date',
                  type: 'date',
                  options: { dateFormat: 'D MMMM YYYY' },
                  validation: (rule) => rule.required(),
                }),
                defineField({
                  name: 'name',
                  title: 'Name',
                  type: 'string',
                  description: 'For example "Christmas Day".',
                  validation: (rule) => rule.required().max(60),
                }),
              ],
              preview: { select: { title: 'name', subtitle: 'date' } },
            }),
          ],
          validation: (rule) => rule.custom(uniqueBy('date', 'date')),
        }),
      ],
    }),
  ],
  preview: {
    prepare: () => ({ title: 'Surcharges' }),
  },
});
