// A page's sections as the site renders them (docs/decisions/050-pages-built-from-sections.md):
// the list the editor arranged, with what each section shows from elsewhere in the CMS trimmed
// to what is shown (the fleet's empty categories, the reviews past the section's count, FAQ
// sections without questions). A section of a type this site does not know (a newer Studio, a
// type removed from the code) is skipped and logged, never an error: the rest of the page shows.
import { log } from '~/utils/log.server';
import type { QueryResult } from './content-source.server';
import type { marketingPageQuery } from './queries.server';
import { reviewDateText } from './reviews.server';

type RawPage = NonNullable<QueryResult<typeof marketingPageQuery>>;
type RawSection = NonNullable<RawPage['sections']>[number];
type Raw<T extends RawSection['_type']> = Extract<RawSection, { _type: T }>;

/** Every section type the site renders (app/components/page-sections.tsx). */
export const SECTION_TYPES: ReadonlySet<string> = new Set<RawSection['_type']>([
  'richText',
  'callToAction',
  'ctaBlock',
  'benefitTiles',
  'featureList',
  'servicesCarousel',
  'appDownload',
  'statsBlock',
  'linkGroup',
  'faqGroup',
  'fleetList',
  'reviewList',
  'serviceAreaList',
  'bookingSection',
]);

/** How many reviews a reviews section shows when the editor has not said. */
export const DEFAULT_REVIEW_COUNT = 3;

// Skipped sections are logged once per content revision: the same result objects (the list of
// sections among them) come back for every request until the content changes.
const reported = new WeakSet<object>();

/**
 * The sections to render, in the editor's order; unknown ones are left out and logged. So is an
 * entry that is no section at all (null, or a bare value an import left, which the query's
 * projection makes null): the Studio never writes one, but the page must show all the same.
 */
export function prepareSections(
  page: Pick<RawPage, '_id' | 'sections'>,
  logger: Pick<typeof log, 'warn'> = log,
) {
  const sections: readonly (RawSection | null)[] = page.sections ?? [];
  const report = !reported.has(sections);
  reported.add(sections);
  return sections.flatMap((section) => {
    if (section && SECTION_TYPES.has(section._type)) return [prepare(section)];
    if (report) {
      logger.warn('A page section of a type the site does not know was skipped', {
        page: page._id,
        type: String(section?._type),
        key: section?._key,
      });
    }
    return [];
  });
}

function prepare(section: RawSection) {
  switch (section._type) {
    case 'fleetList':
      return fleetList(section);
    case 'reviewList':
      return reviewList(section);
    case 'faqGroup':
      return faqGroup(section);
    case 'serviceAreaList':
      return serviceAreaList(section);
    case 'bookingSection':
      return bookingSection(section);
    default:
      return section;
  }
}

function fleetList(section: Raw<'fleetList'>) {
  // An empty category would show a heading with nothing under it.
  return {
    ...section,
    categories: section.categories.filter((category) => category.vehicles.length > 0),
  };
}

function reviewList(section: Raw<'reviewList'>) {
  const count = section.count ?? DEFAULT_REVIEW_COUNT;
  return {
    ...section,
    reviews: section.reviews.slice(0, count).map((review) => ({
      ...review,
      dateText: reviewDateText(review.date),
    })),
  };
}

function faqGroup(section: Raw<'faqGroup'>) {
  // A reference to an FAQ section that is not published, or one without questions, shows nothing.
  const groups = (section.groups ?? []).flatMap((group) =>
    group?.anchor && group.title && (group.items?.length ?? 0) > 0 ? [group] : [],
  );
  return { ...section, groups };
}

function serviceAreaList(section: Raw<'serviceAreaList'>) {
  return { ...section, areas: section.areas.filter((area) => area.route && area.name) };
}

function bookingSection(section: Raw<'bookingSection'>) {
  const passengers = section.passengers;
  return {
    ...section,
    passengers:
      typeof passengers === 'number' && Number.isInteger(passengers) && passengers > 0
        ? passengers
        : null,
  };
}

export type PageSection = ReturnType<typeof prepare>;
