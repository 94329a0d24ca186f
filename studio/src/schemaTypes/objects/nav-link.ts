/**
 * Menu link: a label and where it goes, either a page of the site chosen from the content (the
 * link follows the page when its address changes) or an address typed in: an https address on
 * another site, or one of the site's own pages that is not content, such as /booking.
 */
import { LinkIcon } from '@sanity/icons/Link';
import { defineField, defineType } from 'sanity';
import { isAppPath } from '../../../../app/content/content-routes';
import { ADDRESSED_TYPES } from '../../addresses';

interface NavLinkValue {
  page?: { _ref?: string };
  href?: string;
}

export const navLinkType = defineType({
  name: 'navLink',
  title: 'Link',
  type: 'object',
  icon: LinkIcon,
  fields: [
    defineField({
      name: 'label',
      title: 'Label',
      type: 'string',
      description: 'As the menu shows it, for example "Services".',
      validation: (rule) => rule.required().max(40),
    }),
    defineField({
      name: 'page',
      title: 'Page',
      type: 'reference',
      to: ADDRESSED_TYPES.map((type) => ({ type })),
      description:
        'A page, service area or policy of the site. Renaming its address keeps the link.',
    }),
    defineField({
      name: 'href',
      title: 'Or an address',
      type: 'string',
      description:
        'Instead of a page: an address on another site (https://…), or one of the site’s own pages that is not content, such as /booking or /manage-booking.',
      validation: (rule) =>
        rule.custom((href: string | undefined) => {
          if (!href) return true;
          if (/^https:\/\/[^\s/]+\.[^\s/]+(\/\S*)?$/.test(href)) return true;
          if (href.startsWith('/') && isAppPath(href.replace(/[?#].*$/, ''))) return true;
          return href.startsWith('/')
            ? `${href} is not one of the site's own pages: choose the page under Page instead, so the link follows it when its address changes.`
            : 'Use an https:// address.';
        }),
    }),
  ],
  validation: (rule) =>
    rule.custom((value: NavLinkValue | undefined) => {
      const page = Boolean(value?.page?._ref);
      const href = Boolean(value?.href);
      if (page === href) return 'Choose a page or type an address: one of the two.';
      return true;
    }),
  preview: {
    select: { title: 'label', route: 'page.route.current', href: 'href' },
    prepare: ({ title, route, href }: { title?: string; route?: string; href?: string }) => ({
      title: title ?? 'Link',
      subtitle: route ? `/${route}` : href,
    }),
  },
});
