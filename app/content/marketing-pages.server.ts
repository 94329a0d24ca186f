// Marketing pages (home, service, about, fleet, joinFleet, contact …): the `page` document with a
// given route key, with its hero, body, typed sections and SEO fields.
import { getContentSource } from './content.server';
import { chauffeurCitiesQuery, marketingPageQuery } from './queries.server';

/** The page document for a route key, or null when staff have not created (or have removed) it. */
export async function getMarketingPage(route: string, request?: Request) {
  // The request decides whether a staff member's preview (drafts) is on.
  return getContentSource(request).fetch(marketingPageQuery, { route });
}

export type MarketingPage = NonNullable<Awaited<ReturnType<typeof getMarketingPage>>>;
export type PageSection = NonNullable<MarketingPage['sections']>[number];

/** The service-area names an applicant can choose as their city. */
export async function getChauffeurCities(request?: Request): Promise<string[]> {
  const areas = await getContentSource(request).fetch(chauffeurCitiesQuery);
  return areas.map((area) => area.name).filter((name): name is string => Boolean(name));
}
