// A breadcrumb trail (Home > Policies > page): an ordered list in a labelled navigation landmark,
// the current page last and marked with aria-current.
import { Link } from '@remix-run/react';
import { messages } from '@business-chauffeur/booking-contract';

export interface Crumb {
  label: string;
  /** Where the crumb links to; the current page has none. */
  to?: string;
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
