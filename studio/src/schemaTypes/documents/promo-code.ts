/**
 * Promo code: a discount customers enter on the payment step. The site checks every rule below on
 * the server, and an email that has paid with a code cannot apply it again. Any code that cannot be
 * used gets the same answer, "This promo code is not valid.", so customers cannot probe the rules.
 * Stored under the id `promoCode.<CODE>`.
 */
import { TagIcon } from '@sanity/icons/Tag';
import { defineField, defineType, type ValidationContext } from 'sanity';
import {
  audField,
  percentageField,
  rateKindField,
  rateKindIs,
  uniqueAmong,
  vehicleClassesField,
} from '../pricing-fields';

const discountTypes = [
  { title: 'A percentage off the total', value: 'percentage' as const },
  { title: 'A fixed amount off the total', value: 'fixed' as const },
];

const isPercentage = rateKindIs('discountType', 'percentage');
const isFixed = rateKindIs('discountType', 'fixed');

/** The form a code is stored and matched in; customers may type it in any case. */
const CODE = /^[A-Z0-9-]{3,30}$/;

export const promoCodeType = defineType({
  name: 'promoCode',
  title: 'Promo code',
  type: 'document',
  icon: TagIcon,
  description:
    'A customer email that has paid with a code cannot apply it again, whatever the maximum number of uses.',
  fields: [
    defineField({
      name: 'code',
      title: 'Code',
      type: 'string',
      description:
        'What customers type, for example WELCOME10: 3 to 30 capital letters, digits and hyphens. Customers may type it in lower case. An email that has paid with it cannot apply it again.',
      validation: (rule) => [
        rule.required(),
        rule
          .regex(CODE)
          .error('Use 3 to 30 capital letters (A–Z), digits and hyphens, for example WELCOME10.'),
        rule
          .custom(uniqueAmong('promoCode', 'code', 'Another promo code already uses this code.'))
          .error(),
      ],
    }),
    rateKindField({ name: 'discountType', title: 'Discount', list: discountTypes }),
    percentageField({
      title: 'Percentage off',
      description:
        'From 1 to 100, taken off the whole fare (surcharges, extras and tolls included). The total never goes below the smallest amount a card can be charged.',
      min: 1,
      when: isPercentage,
    }),
    audField({
      name: 'amount',
      title: 'Amount off (AUD)',
      description:
        'Taken off the whole fare, GST included. The total never goes below the smallest amount a card can be charged.',
      positive: true,
      when: isFixed,
      hidden: (parent) => !isFixed(parent),
    }),
    defineField({
      name: 'validFrom',
      title: 'Valid from',
      type: 'date',
      description: 'The first day it can be used (Queensland). Empty: from now on.',
      options: { dateFormat: 'D MMMM YYYY' },
    }),
    defineField({
      name: 'validUntil',
      title: 'Valid until',
      type: 'date',
      description: 'The last day it can be used, that day included (Queensland). Empty: no end.',
      options: { dateFormat: 'D MMMM YYYY' },
      validation: (rule) =>
        rule.custom((until: string | undefined, context: ValidationContext) => {
          const from = (context.document as { validFrom?: string } | undefined)?.validFrom;
          return !until || !from || until >= from ? true : 'Must be on or after "Valid from".';
        }),
    }),
    defineField({
      name: 'maxUses',
      title: 'Maximum uses',
      type: 'number',
      description:
        'How many paid bookings can use it in total. A use is held while a booking waits for payment and given back if the booking is refused or abandoned.',
      validation: (rule) => rule.required().integer().min(1),
    }),
    audField({
      name: 'minimumFare',
      title: 'Minimum fare (AUD)',
      description:
        'Optional: the code works only when the total before the discount is at least this.',
      optional: true,
    }),
    vehicleClassesField({
      description:
        'Optional: the code works only for these vehicle types. Empty: every vehicle type.',
      optional: true,
    }),
  ],
  preview: {
    select: {
      code: 'code',
      discountType: 'discountType',
      percentage: 'percentage',
      amount: 'amount',
      validUntil: 'validUntil',
    },
    prepare: ({
      code,
      discountType,
      percentage,
      amount,
      validUntil,
    }: {
      code?: string;
      discountType?: string;
      percentage?: number;
      amount?: number;
      validUntil?: string;
    }) => ({
      title: code ?? 'Promo code',
      subtitle: [
        discountType === 'fixed' && typeof amount === 'number' ? `$${amount.toFixed(2)} off` : null,
        discountType === 'percentage' && typeof percentage === 'number'
          ? `${percentage} % off`
          : null,
        validUntil ? `until ${validUntil}` : null,
      ]
        .filter(Boolean)
        .join(' · '),
    }),
  },
});
