/**
 * Where a document shows on the site, for the Presentation tool's "Used on" list
 * (docs/decisions/052-visual-editing-in-draft-mode.md): a page, service area or policy at its own
 * address (and in the list of its parent); a document a page refers to (an FAQ section, a vehicle
 * in a booking section) on that page; the vehicles, reviews and service areas on the pages whose
 * sections list them all; the menus and the site settings on every page. One query, listened to,
 * so the list follows the editor's changes; `documentLocations` turns its answer into locations.
 */
import type {
  DocumentLocation,
  DocumentLocationResolver,
  DocumentLocationsState,
} from 'sanity/presentation';
import { map } from 'rxjs';
import { ADDRESSED_TYPES, documentPath } from './addresses';

interface Addressed {
  _type: string;
  title: string | null;
  route: string | null;
}

export interface LocationQueryResult {
  document: (Addressed & { slug: string | null; listed: boolean | null }) | null;
  /** Pages, service areas and policies that refer to the document. */
  referredBy: Addressed[];
  /** Pages with a section that lists every document of the document's type. */
  listedOn: Addressed[];
}

/** The section that shows every document of a type, on whichever page has it. */
const LISTING_SECTION: Readonly<Record<string, string>> = {
  vehicleType: 'fleetList',
  vehicleCategory: 'fleetList',
  review: 'reviewList',
  serviceArea: 'serviceAreaList',
};

/** The site's own pages that show every document of a type. */
const LISTING_PAGES: Readonly<Record<string, DocumentLocation[]>> = {
  vehicleType: [{ title: 'Booking', href: '/booking' }],
  review: [{ title: 'Reviews', href: '/reviews' }],
  faqSection: [{ title: 'FAQs', href: '/faqs' }],
  serviceArea: [
    { title: 'Home', href: '/' },
    { title: 'Service areas', href: '/service-areas' },
  ],
  extra: [{ title: 'Booking', href: '/booking' }],
  pricing: [{ title: 'Booking', href: '/booking' }],
  promoCode: [{ title: 'Booking', href: '/booking' }],
};

/** Documents every page shows: the header, the footer, the site's name and contacts. */
const ON_EVERY_PAGE: ReadonlySet<string> = new Set(['navigation', 'siteSettings']);

export const LOCATIONS_QUERY = /* groq */ `{
  "document": *[_id == $id][0]{
    _type,
    "title": coalesce(title, name, heading),
    "route": route.current,
    "slug": slug.current,
    listed
  },
  "referredBy": *[_type in $addressed && references($id)]{
    _type,
    "title": coalesce(title, name),
    "route": route.current
  },
  "listedOn": *[_type == "page" && count(sections[_type == $section]) > 0]{
    _type,
    title,
    "route": route.current
  }
}`;

function locationOf(document: Addressed): DocumentLocation | null {
  if (!document.route) return null;
  const href = documentPath(document._type, document.route);
  return { title: document.title ?? href, href };
}

/** The places a document shows on the site, or a message saying why there are none. */
export function documentLocations(
  type: string,
  result: LocationQueryResult,
): DocumentLocationsState {
  if (ON_EVERY_PAGE.has(type)) {
    return {
      locations: [{ title: 'Every page of the site', href: '/' }],
      message: 'Shown in the header or footer of every page.',
    };
  }
  const { document } = result;
  const locations: DocumentLocation[] = [];
  if (document && (ADDRESSED_TYPES as readonly string[]).includes(type)) {
    const own = locationOf(document);
    if (own) locations.push(own);
    if (type === 'policy' && document.listed !== false) {
      locations.push({ title: 'Policies', href: '/bccPolicies' });
    }
  }
  if (type === 'vehicleType' && document?.slug) {
    locations.push({ title: document.title ?? document.slug, href: `/fleet/${document.slug}` });
  }
  locations.push(...(LISTING_PAGES[type] ?? []));
  for (const page of [...result.referredBy, ...result.listedOn]) {
    const location = locationOf(page);
    if (location) locations.push(location);
  }
  const unique = [...new Map(locations.map((location) => [location.href, location])).values()];
  if (unique.length === 0) {
    return {
      message: 'Not shown on any page yet: publish it with an address, or add it to a page.',
    };
  }
  return { locations: unique };
}

/** The Presentation tool's location resolver for every document type. */
export const resolveLocations: DocumentLocationResolver = ({ id, type }, { documentStore }) =>
  documentStore
    .listenQuery(
      LOCATIONS_QUERY,
      { id, addressed: [...ADDRESSED_TYPES], section: LISTING_SECTION[type] ?? '' },
      { perspective: 'drafts', tag: 'presentation-locations' },
    )
    .pipe(map((result: LocationQueryResult) => documentLocations(type, result)));
