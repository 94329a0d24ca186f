/**
 * Site settings: the one document that holds what every page shares — the business name, its
 * legal name and ABN (for tax invoices), contact details, default meta description, the landing
 * hero, the review summary, social links and accepted payment methods.
 * The message catalogue's placeholders ({product}, {phone}, {email}) take their values from here,
 * never from components. It is a singleton with the fixed id "siteSettings" (see ../../singletons.ts).
 */
import { isValidAbn } from '@business-chauffeur/booking-contract/abn';
import { CogIcon } from '@sanity/icons/Cog';
import { EarthGlobeIcon } from '@sanity/icons/EarthGlobe';
import { defineArrayMember, defineField, defineType } from 'sanity';
import { choices, headingField, imageWithAltField, sectionField, textField } from '../fields';

/** The social networks the footer has an icon for. */
const socialPlatforms = choices({
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  x: 'X',
  youtube: 'YouTube',
});

/** The payment methods the footer has a badge for. */
const paymentMethods = choices({
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  applepay: 'Apple Pay',
  googlepay: 'Google Pay',
});

export const siteSettingsType = defineType({
  name: 'siteSettings',
  title: 'Site settings',
  type: 'document',
  icon: CogIcon,
  groups: [
    { name: 'business', title: 'Business', default: true },
    { name: 'hero', title: 'Landing hero' },
    { name: 'footer', title: 'Footer' },
  ],
  fields: [
    defineField({
      name: 'name',
      title: 'Business name',
      type: 'string',
      group: 'business',
      description: 'Shown in the header, the footer and page titles.',
      validation: (rule) => rule.required().max(60),
    }),
    defineField({
      name: 'legalName',
      title: 'Legal name',
      type: 'string',
      group: 'business',
      description:
        'The business’s registered legal name, for example "Business Chauffeur Pty Ltd". Printed on every tax invoice.',
      validation: (rule) => rule.required().max(120),
    }),
    defineField({
      name: 'abn',
      title: 'ABN',
      type: 'string',
      group: 'business',
      description:
        'The Australian Business Number printed on every tax invoice: 11 digits, spaces allowed, for example 51 824 753 556.',
      validation: (rule) => [
        rule.required(),
        rule
          .custom((value: string | undefined) =>
            !value || isValidAbn(value)
              ? true
              : 'This is not a valid ABN: check the 11 digits against the Australian Business Register (abr.business.gov.au).',
          )
          .error(),
      ],
    }),
    defineField({
      name: 'phone',
      title: 'Phone number',
      type: 'string',
      group: 'business',
      description: 'As people should read it, for example 1300 975 707. Links dial it.',
      validation: (rule) => [
        rule.required(),
        rule
          .regex(/^\+?[0-9 ()-]{6,20}$/)
          .error('Use digits and spaces with an optional leading +, for example 1300 975 707.'),
      ],
    }),
    defineField({
      name: 'email',
      title: 'Email address',
      type: 'string',
      group: 'business',
      description: 'Support and bookings address shown in the footer and on /contact.',
      validation: (rule) => rule.required().email(),
    }),
    defineField({
      name: 'address',
      title: 'Postal address',
      type: 'string',
      group: 'business',
      description: 'Optional. Shown on /contact and in the footer only when filled in.',
      validation: (rule) => rule.max(200),
    }),
    textField({
      name: 'description',
      title: 'Default meta description',
      rows: 3,
      group: 'business',
      description:
        'One sentence used by search engines and link previews when a page has none of its own.',
      required: true,
      min: 50,
      max: 160,
    }),
    defineField({
      name: 'bookingHorizonMonths',
      title: 'Booking horizon (months)',
      type: 'number',
      group: 'business',
      description:
        'How many months ahead customers can book online, for example 12. Later dates are refused with a message asking them to call. At most 36.',
      initialValue: 12,
      validation: (rule) => rule.required().integer().min(1).max(36),
    }),
    defineField({
      name: 'airportFreeWaitingMinutes',
      title: 'Free waiting at the airport (minutes)',
      type: 'number',
      group: 'business',
      description:
        'How long a chauffeur waits after a flight lands at no charge, for example 45. The booking form shows it beside the flight number; keep the FAQ in agreement. At most 180.',
      initialValue: 45,
      validation: (rule) => rule.required().integer().min(0).max(180),
    }),
    defineField({
      name: 'dispatchBufferMinutes',
      title: 'Time between jobs (minutes)',
      type: 'number',
      group: 'business',
      description:
        'How long a chauffeur and car stay booked after a job’s estimated end, for travel to the next pickup and a break, for example 30. A chauffeur or car is not assigned to another job inside that time. At most 240.',
      initialValue: 30,
      validation: (rule) => rule.required().integer().min(0).max(240),
    }),
    defineField({
      name: 'reviewSummary',
      title: 'Review summary',
      type: 'object',
      group: 'business',
      description:
        'The overall rating and number of reviews shown on /reviews, as your review platform reports them.',
      options: { collapsible: false },
      fields: [
        defineField({
          name: 'rating',
          title: 'Average rating',
          type: 'number',
          description: 'Out of 5, with one decimal, for example 4.9.',
          validation: (rule) => rule.required().min(1).max(5).precision(1),
        }),
        defineField({
          name: 'count',
          title: 'Number of reviews',
          type: 'number',
          validation: (rule) => rule.required().integer().min(0),
        }),
      ],
    }),
    sectionField({
      name: 'hero',
      title: 'Landing hero',
      group: 'hero',
      fields: [
        headingField(),
        textField({ name: 'tagline', title: 'Tagline', rows: 2, max: 200, required: true }),
        imageWithAltField({
          description: 'A wide picture of the cars (16:9 works best). Set the hotspot on the cars.',
          required: true,
        }),
      ],
    }),
    defineField({
      name: 'socialLinks',
      title: 'Social links',
      type: 'array',
      group: 'footer',
      of: [
        defineArrayMember({
          name: 'socialLink',
          title: 'Social link',
          type: 'object',
          icon: EarthGlobeIcon,
          fields: [
            defineField({
              name: 'platform',
              title: 'Platform',
              type: 'string',
              options: { list: socialPlatforms, layout: 'dropdown' },
              validation: (rule) => rule.required(),
            }),
            defineField({
              name: 'url',
              title: 'Profile URL',
              type: 'url',
              validation: (rule) => rule.required().uri({ scheme: ['https'] }),
            }),
          ],
          preview: {
            select: { platform: 'platform', url: 'url' },
            prepare: ({ platform, url }: { platform?: string; url?: string }) => ({
              title: socialPlatforms.find((p) => p.value === platform)?.title ?? 'Social link',
              subtitle: url,
            }),
          },
        }),
      ],
      validation: (rule) =>
        rule.max(socialPlatforms.length).custom((links: { platform?: string }[] | undefined) => {
          // One icon per network: a second Facebook link would show two identical icons.
          const platforms = (links ?? []).map((link) => link.platform).filter(Boolean);
          return new Set(platforms).size === platforms.length
            ? true
            : 'Each platform can appear only once.';
        }),
    }),
    defineField({
      name: 'paymentMethods',
      title: 'Payment methods',
      type: 'array',
      group: 'footer',
      description: 'The card and wallet badges shown in the footer.',
      of: [defineArrayMember({ type: 'string' })],
      options: { list: paymentMethods },
      validation: (rule) => rule.unique(),
    }),
  ],
  preview: {
    select: { name: 'name', phone: 'phone' },
    prepare: ({ name, phone }: { name?: string; phone?: string }) => ({
      title: 'Site settings',
      subtitle: [name, phone].filter(Boolean).join(' · '),
    }),
  },
});
