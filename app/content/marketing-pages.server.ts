// Pages (home, contact, a landing page …): the `page` document with a given route slug, with its
// hero (its buttons those with a label and an address), body, sections (as
// app/content/page-sections.server.ts prepares them) and SEO fields.
import type { QueryResult } from './content-source.server';
import { getContentSource } from './content.server';
import { completeLinks, prepareSections } from './page-sections.server';
import { chauffeurCitiesQuery, marketingPageQuery } from './queries.server';

type RawPage = NonNullable<QueryResult<typeof marketingPageQuery>>;

// Prepared once per content revision: the source returns the same result until it changes.
const prepared = new WeakMap<RawPage, ReturnType<typeof withSections>>();

function withSections(page: RawPage) {
  const hero = page.hero && { ...page.hero, actions: completeLinks(page.hero.actions) };
  return { ...page, hero, sections: prepareSections(page) };
}

/** The page document for a route slug, or null when staff have not published (or removed) it. */
export async function getMarketingPage(route: string, request?: Request) {
  // The request decides whether a staff member's preview (drafts) is on.
  const page = await getContentSource(request).fetch(marketingPageQuery, { route });
  if (!page) return null;
  let result = prepared.get(page);
  if (!result) {
    result = withSections(page);
    prepared.set(page, result);
  }
  return result;
}

export type MarketingPage = NonNullable<Awaited<ReturnType<typeof getMarketingPage>>>;
export type { PageSection } from './page-sections.server';

/** The service-area names an applicant can choose as their city. */
export async function getChauffeurCities(request?: Request): Promise<string[]> {
  const areas = await getContentSource(request).fetch(chauffeurCitiesQuery);
  return areas.map((area) => area.name).filter((name): name is string => Boolean(name));
}
