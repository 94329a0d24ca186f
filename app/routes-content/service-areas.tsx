// /service-areas: the numbered list of areas, each linking to its page, the "Why choose" list and
// the booking call to action the area pages share.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { AreaList } from '~/components/area-list';
import { BookingBanner } from '~/components/booking-banner';
import { InfoPageLayout } from '~/components/info-hero';
import { WhyChooseBand } from '~/components/service-area-page';
import { loadServiceAreasIndex } from '~/content/service-areas.server';
import { indexPageMeta, infoPageHandle } from './content-page';
export { routeHeaders as headers } from '~/utils/route-headers';

export const handle = infoPageHandle;

export const meta = indexPageMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  return loadServiceAreasIndex(request);
}

export default function ServiceAreas() {
  const { page, areas } = useLoaderData<typeof loader>();
  return (
    <>
      <InfoPageLayout page={page}>
        <AreaList areas={areas} headingLevel={2} />
      </InfoPageLayout>
      <WhyChooseBand
        heading={page.whyChoose?.heading}
        intro={page.whyChoose?.intro}
        items={page.whyChoose?.items}
      />
      {page.bookingCta ? <BookingBanner banner={page.bookingCta} id="booking-cta-title" /> : null}
    </>
  );
}
