// The numbered list of service areas, each linking to its page: on /service-areas and in a page's
// service-areas section. Each area's name is a heading of the level its page gives it.
import { Link } from '@remix-run/react';

export interface ListedArea {
  _id: string;
  route: string;
  name: string;
  summary?: string | null;
}

export function AreaList({ areas, headingLevel }: { areas: ListedArea[]; headingLevel: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ol className="area-list">
      {areas.map((area, index) => (
        <li key={area._id} className="link-card">
          <Heading>
            {/* The number is shown as well as announced by the list: "1. Brisbane". */}
            <span className="area-list__number" aria-hidden="true">
              {index + 1}.{' '}
            </span>
            <Link to={`/${area.route}`} prefetch="intent">
              {area.name}
            </Link>
          </Heading>
          {area.summary ? <p>{area.summary}</p> : null}
        </li>
      ))}
    </ol>
  );
}
