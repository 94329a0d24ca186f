// A breadcrumb trail (Home > Policies > page): an ordered list in a labelled navigation landmark,
// the current page last and marked with aria-current. The trail of a content page follows its
// entry in app/content/content-routes.ts (`parent`); the labels are the CMS documents' titles.
import { Link } from '@remix-run/react';
import { messages } from '@business-chauffeur/booking-contract';
import type { ContentRoute } from '~/content/content-routes';
import { breadcrumbJsonLd, type JsonLd } from '~/utils/json-ld';

export interface Crumb {
  label: string;
  /** Where the crumb links to; the current page has none. */
  to?: string;
}

/**
 * Home > parent > page for a registry entry. The parent is left out when its document has no
 * title (or the page says it is not listed under it).
 */
export function contentTrail(
  entry: ContentRoute,
  label: string,
  parentLabel: string | null | undefined,
): Crumb[] {
  return [
    { label: messages.infoPages.home, to: '/' },
    ...(entry.parent && parentLabel ? [{ label: parentLabel, to: entry.parent }] : []),
    { label, to: entry.path },
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
