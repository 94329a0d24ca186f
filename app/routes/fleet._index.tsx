// /fleet: the fleet list (spec §2 "Fleet"): the page's hero and copy, then every category with its
// vehicle types that are not archived.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { messages } from '@business-chauffeur/booking-contract';
import { FleetList } from '~/components/fleet-list';
import { ContentErrorBoundary } from '~/components/content-error-boundary';
import { MarketingPageView } from '~/components/marketing-page';
import { getFleet } from '~/content/fleet.server';
import { getMarketingPage } from '~/content/marketing-pages.server';
import { contentMeta, notFoundMeta, rootMetaData } from '~/utils/content-seo';
import fleetStyles from '~/styles/fleet.css?inline';
import pagesStyles from '~/styles/pages.css?inline';
import type { StylesHandle } from '~/utils/route-styles';
export { routeHeaders as headers } from '~/utils/route-headers';

export const handle: StylesHandle = { styles: [pagesStyles, fleetStyles] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? contentMeta(rootMetaData(matches), data.page, '/fleet')
    : notFoundMeta(messages.notFound.title);

export async function loader({ request }: LoaderFunctionArgs) {
  const [page, categories] = await Promise.all([
    getMarketingPage('fleet', request),
    getFleet(request),
  ]);
  if (!page) throw new Response('Not Found', { status: 404 });
  return { page, categories };
}

export default function FleetPage() {
  const { page, categories } = useLoaderData<typeof loader>();
  return (
    <MarketingPageView page={page}>
      <FleetList categories={categories} />
    </MarketingPageView>
  );
}

export function ErrorBoundary() {
  return <ContentErrorBoundary />;
}
