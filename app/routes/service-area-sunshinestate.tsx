// /service-area-sunshinestate: a service-area page, its copy from the CMS service area with this route key.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { messages } from '@business-chauffeur/booking-contract';
import { ServiceAreaPageView } from '~/components/service-area-page';
import { loadServiceArea } from '~/content/service-areas.server';
import { contentMeta, notFoundMeta, rootMetaData } from '~/utils/content-seo';
import infoPagesStyles from '~/styles/info-pages.css?inline';
import type { StylesHandle } from '~/utils/route-styles';
export { routeHeaders as headers } from '~/utils/route-headers';

export const handle: StylesHandle = { styles: [infoPagesStyles] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? contentMeta(
        rootMetaData(matches),
        {
          title: data.name,
          description: data.hero?.text,
          seo: data.seo,
          image: data.hero?.image?.url,
        },
        '/service-area-sunshinestate',
      )
    : notFoundMeta(messages.notFound.title);

export async function loader({ request }: LoaderFunctionArgs) {
  return loadServiceArea(request, 'service-area-sunshinestate');
}

export default function ServiceAreaSunshinestate() {
  return <ServiceAreaPageView area={useLoaderData<typeof loader>()} />;
}
