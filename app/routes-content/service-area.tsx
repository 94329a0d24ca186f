// Every service-area page (/service-area-brisbane …: the `serviceArea` entries of
// app/content/content-routes.ts): the service-area document with the page's route key.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { ServiceAreaPageView } from '~/components/service-area-page';
import { documentRouteOf } from '~/content/content-routes.server';
import { loadServiceArea } from '~/content/service-areas.server';
import { contentPageMeta, infoPageHandle, useContentRoute } from './content-page';
export { routeHeaders as headers } from '~/utils/route-headers';

export const handle = infoPageHandle;

export const meta = contentPageMeta<typeof loader>((data) => ({
  title: data.name,
  description: data.hero?.text,
  seo: data.seo,
  image: data.hero?.image?.url,
}));

export async function loader({ request }: LoaderFunctionArgs) {
  return loadServiceArea(request, documentRouteOf(request));
}

export default function ServiceAreaRoute() {
  return <ServiceAreaPageView area={useLoaderData<typeof loader>()} entry={useContentRoute()} />;
}
