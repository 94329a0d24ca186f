// The service-area pages: the /service-areas index and one page per area, plus the list of areas
// the business serves (structured data of the home page).
import { found } from '~/utils/not-found.server';
import { getContentSource } from './content.server';
import { areasServedQuery, serviceAreaPageQuery, serviceAreasIndexQuery } from './queries.server';

export async function loadServiceAreasIndex(request: Request) {
  const { page, areas } = await getContentSource(request).fetch(serviceAreasIndexQuery);
  return { page: found(page), areas: areas.filter((area) => area.route && area.name) };
}

/** The area with this route key, or the 404 page when staff have not published it. */
export async function loadServiceArea(request: Request, route: string) {
  return found(await getContentSource(request).fetch(serviceAreaPageQuery, { route }));
}

export type ServiceAreaPage = Awaited<ReturnType<typeof loadServiceArea>>;

/** The names of the service areas, in their listed order. */
export async function getAreasServed(request?: Request): Promise<string[]> {
  return getContentSource(request).fetch(areasServedQuery);
}
