// A page's sections as the site renders them (docs/decisions/050-pages-built-from-sections.md):
// the list the editor arranged, with what each section shows from elsewhere in the CMS trimmed
// to what is shown (the fleet's empty categories, the reviews past the section's count, FAQ
// sections without questions). A section of a type this site does not know (a newer Studio, a
// type removed from the code) is skipped and logged, never an error: the rest of the page shows.
//
// The items of a section's lists are trimmed here too, so components get only items they can
// render, with types that say so. An editor can save a draft (and preview it) with an item added
// and left empty, which the query returns with null fields, or half filled (a button with a label
// and no link); an import or a script can leave a null entry. Such an item is left out, or shown
// with what it has where that reads well (a tile with a title and no text), and a list section
// left with no item is left out: no empty heading, no link without an address, never an error.
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
    if (section && SECTION_TYPES.has(section._type)) {
      const prepared = prepare(section);
      return prepared ? [prepared] : [];
    }
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
    case 'ctaBlock':
      // A banner without buttons still says what to do in its heading and text.
      return { ...section, actions: completeLinks(section.actions) };
    case 'benefitTiles': {
      const tiles = titledItems(section.tiles);
      return tiles.length > 0 ? { ...section, tiles } : null;
    }
    case 'featureList': {
      const items = titledItems(section.items);
      return items.length > 0 ? { ...section, items, link: completeLink(section.link) } : null;
    }
    case 'servicesCarousel': {
      const slides = carouselSlides(section.slides);
      return slides.length > 0 ? { ...section, slides } : null;
    }
    case 'statsBlock': {
      const items = figures(section.items);
      return items.length > 0 ? { ...section, items } : null;
    }
    case 'linkGroup': {
      const links = completeLinks(section.links);
      return links.length > 0 ? { ...section, links } : null;
    }
    default:
      return section;
  }
}

/** What the query gives for an array of objects: null entries where the data holds no object. */
type Entries<T> = readonly (T | null)[] | null | undefined;

interface RawLink {
  label: string | null;
  href: string | null;
}

/** A button or link with both its label and its address, or null. */
export function completeLink<T extends RawLink>(link: T | null | undefined) {
  return link?.label && link.href ? { ...link, label: link.label, href: link.href } : null;
}

/** The buttons or links that have both a label and an address. */
export function completeLinks<T extends RawLink>(links: Entries<T>) {
  return (links ?? []).flatMap((link) => {
    const complete = completeLink(link);
    return complete ? [complete] : [];
  });
}

/** Service areas that can be listed and linked to: those with an address and a name. */
export function listedAreas<T extends { route: string | null; name: string | null }>(
  areas: Entries<T>,
) {
  return (areas ?? []).flatMap((area) =>
    area?.route && area.name ? [{ ...area, route: area.route, name: area.name }] : [],
  );
}

/** Items shown under their title (tiles, points, reasons, policy sections): those with one. */
export function titledItems<T extends { title: string | null }>(items: Entries<T>) {
  return (items ?? []).flatMap((item) => (item?.title ? [{ ...item, title: item.title }] : []));
}

/** Questions with their answer: a question alone, or an answer alone, would read as nothing. */
export function answeredQuestions<
  T extends { question: string | null; answer: readonly unknown[] | null },
>(items: Entries<T>) {
  return (items ?? []).flatMap((item) =>
    item?.question && item.answer && item.answer.length > 0
      ? [{ ...item, question: item.question, answer: item.answer }]
      : [],
  );
}

/** A figure reads as its number and what it counts: both, or it is left out. */
function figures<T extends { value: string | null; label: string | null }>(items: Entries<T>) {
  return (items ?? []).flatMap((item) =>
    item?.value && item.label ? [{ ...item, value: item.value, label: item.label }] : [],
  );
}

/** Slides with a title; their button only when complete, their picture only when uploaded. */
function carouselSlides(items: Raw<'servicesCarousel'>['slides']) {
  return titledItems(items).map((slide) => ({
    ...slide,
    link: completeLink(slide.link),
    image: slide.image?.url ? { ...slide.image, url: slide.image.url } : null,
  }));
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
    link: completeLink(section.link),
    reviews: section.reviews.slice(0, count).map((review) => ({
      ...review,
      dateText: reviewDateText(review.date),
    })),
  };
}

function faqGroup(section: Raw<'faqGroup'>) {
  // A reference to an FAQ section that is not published, or one without questions, shows nothing.
  const groups = (section.groups ?? []).flatMap((group) => {
    const items = answeredQuestions(group?.items);
    return group?.anchor && group.title && items.length > 0
      ? [{ ...group, anchor: group.anchor, title: group.title, items }]
      : [];
  });
  return groups.length > 0 ? { ...section, groups } : null;
}

function serviceAreaList(section: Raw<'serviceAreaList'>) {
  return { ...section, areas: listedAreas(section.areas) };
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

export type PageSection = NonNullable<ReturnType<typeof prepare>>;
