/**
 * Policy: one of the site's policy pages (cancellation, child safety, fatigue management, social
 * responsibility, data retention and privacy) or the terms and conditions. Each has an introduction
 * and sections readers open one at a time. The route key says which page it is; the site has a
 * page for each of the keys below and no other.
 */
import { DocumentTextIcon } from '@sanity/icons/DocumentText';
import { defineArrayMember, defineField, defineType } from 'sanity';

/** The policy pages the site has a route for (spec §2 "Policies"). */
export const policyRoutes = [
  { title: 'Cancellation policy (/cancellationPolicy)', value: 'cancellationPolicy' },
  { title: 'Child safety policy (/childSafetyPolicy)', value: 'childSafetyPolicy' },
  {
    title: 'Fatigue management policy (/fatigueManagementPolicy)',
    value: 'fatigueManagementPolicy',
  },
  {
    title: 'Social responsibility policy (/socialResponsibilityPolicy)',
    value: 'socialResponsibilityPolicy',
  },
  {
    title: 'Data retention and privacy policy (/dataRetentionAndPrivacyPolicy)',
    value: 'dataRetentionAndPrivacyPolicy',
  },
  { title: 'Terms and conditions (/termsAndConditions)', value: 'termsAndConditions' },
];

export const policyType = defineType({
  name: 'policy',
  title: 'Policy',
  type: 'document',
  icon: DocumentTextIcon,
  groups: [
    { name: 'content', title: 'Content', default: true },
    { name: 'seo', title: 'SEO' },
  ],
  fields: [
    defineField({
      name: 'title',
      title: 'Title',
      type: 'string',
      group: 'content',
      description: 'The page heading, for example "Cancellation Policy".',
      validation: (rule) => rule.required().max(80),
    }),
    defineField({
      name: 'route',
      title: 'Route key',
      type: 'slug',
      group: 'content',
      description: `Which policy page this is. One of: ${policyRoutes.map((r) => r.value).join(', ')}.`,
      validation: (rule) => [
        rule.required(),
        rule
          .custom((value: { current?: string } | undefined) =>
            !value?.current || policyRoutes.some((route) => route.value === value.current)
              ? true
              : `Must be one of: ${policyRoutes.map((r) => r.value).join(', ')}.`,
          )
          .error(),
      ],
      readOnly: ({ document }) => Boolean(document?._createdAt && document?.route),
    }),
    defineField({
      name: 'summary',
      title: 'Summary',
      type: 'text',
      rows: 3,
      group: 'content',
      description:
        'One or two sentences: shown under the title, on the Policies page and (unless SEO says otherwise) in search results.',
      validation: (rule) => rule.required().min(40).max(220),
    }),
    defineField({
      name: 'listed',
      title: 'List on the Policies page',
      type: 'boolean',
      group: 'content',
      description:
        'Shown on /bccPolicies and placed under "Policies" in the breadcrumb. The terms and conditions are reached from the footer instead.',
      initialValue: true,
      // A boolean is always a valid value; only its type is checked.
    }),
    defineField({
      name: 'intro',
      title: 'Introduction',
      type: 'portableText',
      group: 'content',
      description: 'Always visible, before the sections. The general terms go here.',
      validation: (rule) => rule.required().min(1),
    }),
    defineField({
      name: 'sections',
      title: 'Sections',
      type: 'array',
      group: 'content',
      description: 'Readers open and close each section on its own.',
      of: [
        defineArrayMember({
          name: 'policySection',
          title: 'Section',
          type: 'object',
          icon: DocumentTextIcon,
          fields: [
            defineField({
              name: 'title',
              title: 'Title',
              type: 'string',
              validation: (rule) => rule.required().max(100),
            }),
            defineField({
              name: 'body',
              title: 'Text',
              type: 'portableText',
              validation: (rule) => rule.required().min(1),
            }),
          ],
          preview: { select: { title: 'title' } },
        }),
      ],
      validation: (rule) => rule.required().min(1).max(30),
    }),
    defineField({
      name: 'order',
      title: 'Order',
      type: 'number',
      group: 'content',
      description: 'Position on the Policies page, lowest first.',
      validation: (rule) => rule.required().integer().min(0),
    }),
    defineField({ name: 'seo', title: 'SEO', type: 'seo', group: 'seo' }),
  ],
  orderings: [{ title: 'Order', name: 'orderAsc', by: [{ field: 'order', direction: 'asc' }] }],
  preview: {
    select: { title: 'title', route: 'route.current' },
    prepare: ({ title, route }: { title?: string; route?: string }) => ({
      title: title ?? 'Untitled policy',
      subtitle: route ? `/${route}` : 'No route key',
    }),
  },
});
