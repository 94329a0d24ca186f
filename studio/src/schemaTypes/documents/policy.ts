/**
 * Policy: one of the site's policy pages (cancellation, child safety, fatigue management, social
 * responsibility, data retention and privacy, the terms and conditions, or a new one), at the
 * address the editor gives it. Each has an introduction and sections readers open one at a time.
 */
import { DocumentTextIcon } from '@sanity/icons/DocumentText';
import { defineArrayMember, defineField, defineType } from 'sanity';
import {
  contentAndSeoGroups,
  listField,
  orderAscending,
  orderField,
  richTextField,
  addressField,
  routePreview,
  seoField,
  textField,
  titleField,
} from '../fields';

export const policyType = defineType({
  name: 'policy',
  title: 'Policy',
  type: 'document',
  icon: DocumentTextIcon,
  groups: contentAndSeoGroups,
  fields: [
    titleField({
      max: 80,
      group: 'content',
      description: 'The page heading, for example "Cancellation Policy".',
    }),
    addressField({ source: 'title', example: '"refund-policy" for /refund-policy' }),
    textField({
      name: 'summary',
      title: 'Summary',
      rows: 3,
      group: 'content',
      description:
        'One or two sentences: shown under the title, on the Policies page and (unless SEO says otherwise) in search results.',
      required: true,
      min: 40,
      max: 220,
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
    richTextField({
      name: 'intro',
      title: 'Introduction',
      group: 'content',
      description: 'Always visible, before the sections. The general terms go here.',
    }),
    listField({
      name: 'sections',
      title: 'Sections',
      group: 'content',
      description: 'Readers open and close each section on its own.',
      of: [
        defineArrayMember({
          name: 'policySection',
          title: 'Section',
          type: 'object',
          icon: DocumentTextIcon,
          fields: [titleField({ max: 100 }), richTextField({ name: 'body', title: 'Text' })],
          preview: { select: { title: 'title' } },
        }),
      ],
      max: 30,
    }),
    orderField({
      group: 'content',
      description: 'Position on the Policies page, lowest first.',
      required: true,
    }),
    seoField,
  ],
  orderings: [orderAscending],
  preview: {
    select: { title: 'title', route: 'route.current' },
    ...routePreview('Untitled policy', 'policy'),
  },
});
