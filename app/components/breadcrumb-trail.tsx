// A breadcrumb trail (Home > Policies > page): an ordered list in a labelled navigation landmark,
// the current page last and marked with aria-current. The trail of a document's page goes
// through the page its kind is listed on (DOCUMENT_PARENTS of app/content/content-routes.ts); the
// labels are the CMS documents' titles.
import { Link } from '@remix-run/react';
import { messages } from '@business-chauffeur/booking-contract/site';
import { breadcrumbJsonLd, type JsonLd } from '~/utils/json-ld';

/** Where a page is: its own address and the address of the page it is listed under. */
export interface PagePlace {
  path: string;
  parent: string | null;
}

export interface Crumb {
  label: string;
  /** Where the crumb links to; the current page has none. */
  to?: string;
}

/**
 * Home > parent > page. The parent is left out when its document has no title (or the page says
 * it is not listed under it).
 */
export function contentTrail(
  place: PagePlace,
  label: string,
  parentLabel: string | null | undefined,
): Crumb[] {
  return [
    { label: messages.infoPages.home, to: '/' },
    ...(place.parent && parentLabel ? [{ label: parentLabel, to: place.parent }] : []),
    { label, to: place.path },
  ];
}

/** The trail as structured data for search engines. */
export function trailJsonLd(siteUrl: string, crumbs: readonly Crumb[]): JsonLd {
  return breadcrumbJsonLd(
    siteUrl,
    crumbs.map((crumb) => ({ name: crumb.label, path: crumb.to ?? '/' })),
  );
}

export function BreadcrumbTrail({ items }: { items: readonly Crumb[] }) {
  return (
    <nav aria-label={messages.infoPages.breadcrumb} className="breadcrumb-trail">
      <ol>
        {items.map((item, index) => {
          const current = index === items.length - 1;
          return (
            <li key={`${index}-${item.label}`}>
              {current || !item.to ? (
                <span aria-current={current ? 'page' : undefined}>{item.label}</span>
              ) : (
                <Link to={item.to} prefetch="intent">
                  {item.label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
