// The service-area pages: the /service-areas index and one page per area, plus the list of areas
// the business serves (structured data of the home page). Their "Why choose us" reasons and the
// booking banner's buttons are trimmed to complete items as a page's sections are
// (app/content/page-sections.server.ts): the banner and the index's reasons are sections of the
// /service-areas page.
import { found } from '~/utils/not-found.server';
import { getContentSource } from './content.server';
import { completeLinks, listedAreas, titledItems } from './page-sections.server';
import { areasServedQuery, serviceAreaPageQuery, serviceAreasIndexQuery } from './queries.server';

export async function loadServiceAreasIndex(request: Request) {
  const { page, areas } = await getContentSource(request).fetch(serviceAreasIndexQuery);
  const { whyChoose, bookingCta, ...index } = found(page);
  return {
    page: {
      ...index,
      whyChoose: whyChoose && { ...whyChoose, items: titledItems(whyChoose.items) },
      bookingCta: bookingCta && { ...bookingCta, actions: completeLinks(bookingCta.actions) },
    },
    areas: listedAreas(areas),
  };
}

/** The area with this route key, or the 404 page when staff have not published it. */
export async function loadServiceArea(request: Request, route: string) {
  const { whyChooseUs, parent, ...area } = found(
    await getContentSource(request).fetch(serviceAreaPageQuery, { route }),
  );
  const bookingCta = parent?.bookingCta;
  return {
    ...area,
    whyChooseUs: whyChooseUs && { ...whyChooseUs, items: titledItems(whyChooseUs.items) },
    parent: parent && {
      ...parent,
      bookingCta: bookingCta && { ...bookingCta, actions: completeLinks(bookingCta.actions) },
    },
  };
}

export type ServiceAreaPage = Awaited<ReturnType<typeof loadServiceArea>>;

/** The names of the service areas, in their listed order. */
export async function getAreasServed(request?: Request): Promise<string[]> {
  return getContentSource(request).fetch(areasServedQuery);
}
