// The header's and the footer's menus, from the navigation singleton
// (docs/decisions/051-menus-as-content.md): each link's address is the address its document has
// now (so renaming a page renames its links), or the address typed in. A link whose document is
// not published, or with nothing to point at, is left out, and so is a list or group left empty.
import type { QueryResult } from './content-source.server';
import { getContentSource } from './content.server';
import { documentPath } from './content-routes';
import { navigationQuery } from './queries.server';

export interface MenuLink {
  key: string;
  label: string;
  href: string;
}

export type HeaderItem =
  ({ kind: 'link' } & MenuLink) | { kind: 'menu'; key: string; label: string; links: MenuLink[] };

export interface FooterGroup {
  key: string;
  title: string;
  links: MenuLink[];
}

export interface Navigation {
  header: HeaderItem[];
  footer: FooterGroup[];
}

interface RawLink {
  _key: string;
  label: string | null;
  page: { _type: string; route: string | null } | null;
  href: string | null;
}

function menuLinks(links: readonly RawLink[] | null | undefined): MenuLink[] {
  return (links ?? []).flatMap((link) => {
    const href = link.page
      ? link.page.route && documentPath(link.page._type, link.page.route)
      : link.href;
    return link.label && href ? [{ key: link._key, label: link.label, href }] : [];
  });
}

type RawNavigation = NonNullable<QueryResult<typeof navigationQuery>>;

const EMPTY: Navigation = { header: [], footer: [] };

// Built once per content revision: the source returns the same result object until it changes.
const built = new WeakMap<object, Navigation>();

/** The menus, empty when staff have not published the navigation document. */
export async function getNavigation(request?: Request): Promise<Navigation> {
  const navigation = await getContentSource(request).fetch(navigationQuery);
  if (!navigation) return EMPTY;
  let menus = built.get(navigation);
  if (!menus) {
    menus = buildNavigation(navigation);
    built.set(navigation, menus);
  }
  return menus;
}

function buildNavigation(navigation: RawNavigation): Navigation {
  const header = (navigation.header ?? []).flatMap((item): HeaderItem[] => {
    if (item._type === 'navMenu') {
      const links = menuLinks(item.links);
      return item.label && links.length > 0
        ? [{ kind: 'menu', key: item._key, label: item.label, links }]
        : [];
    }
    return menuLinks([item]).map((link) => ({ kind: 'link', ...link }));
  });
  const footer = (navigation.footer ?? []).flatMap((group) => {
    const links = menuLinks(group.links);
    return group.title && links.length > 0 ? [{ key: group._key, title: group.title, links }] : [];
  });
  return { header, footer };
}
