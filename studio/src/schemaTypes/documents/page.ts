/**
 * Page: the copy of one page of the site (home, about, services, policies index, sitemap …),
 * found by its route key. Every page has SEO fields, a hero and rich-text body; pages with richer
 * layouts add typed sections.
 */
import { DocumentIcon } from '@sanity/icons/Document';
import { defineArrayMember, defineField, defineType } from 'sanity';
import {
  buttonsField,
  contentAndSeoGroups,
  headingField,
  imageWithAltField,
  routeKeyField,
  routePreview,
  seoField,
  titleField,
} from '../fields';
import { routesOfType } from '../../content-routes';

export const pageType = defineType({
  name: 'page',
  title: 'Page',
  type: 'document',
  icon: DocumentIcon,
  groups: contentAndSeoGroups,
  fields: [
    titleField({
      max: 80,
      group: 'content',
      description: 'The page heading and, unless SEO says otherwise, its title in search results.',
    }),
    routeKeyField({
      lead: 'Which page of the site this is, such as "home", "about", "service" or "bccPolicies". Set by developers; do not change it.',
      allowed: routesOfType('page'),
    }),
    defineField({
      name: 'hero',
      title: 'Hero',
      type: 'object',
      group: 'content',
      fields: [
        headingField({ max: 90 }),
        defineField({ name: 'text', title: 'Text', type: 'text', rows: 3 }),
        buttonsField({
          description: 'Optional buttons under the hero text; the first is highlighted.',
        }),
        imageWithAltField({ altMax: null }),
      ],
    }),
    defineField({
      name: 'body',
      title: 'Body',
      type: 'portableText',
      group: 'content',
    }),
    defineField({
      name: 'sections',
      title: 'Sections',
      type: 'array',
      group: 'content',
      description: 'Blocks shown after the body, in this order.',
      of: [
        defineArrayMember({ type: 'callToAction' }),
        defineArrayMember({ type: 'ctaBlock' }),
        defineArrayMember({ type: 'benefitTiles' }),
        defineArrayMember({ type: 'featureList' }),
        defineArrayMember({ type: 'servicesCarousel' }),
        defineArrayMember({ type: 'appDownload' }),
        defineArrayMember({ type: 'statsBlock' }),
        defineArrayMember({ type: 'linkGroup' }),
      ],
    }),
    seoField,
  ],
  preview: {
    select: { title: 'title', route: 'route.current', media: 'hero.image' },
    ...routePreview('Untitled page', (route) => `/${route === 'home' ? '' : route}`),
  },
});
