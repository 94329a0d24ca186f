// The pages with the fleet list (/fleet, and /transfers "Our Transfer" with the same list under
// its own hero and copy): the page document with the page's route key, then every category with
// its vehicle types that are not archived.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { ContentErrorBoundary } from '~/components/content-error-boundary';
import { FleetList } from '~/components/fleet-list';
import { MarketingPageView } from '~/components/marketing-page';
import { documentRouteOf } from '~/content/content-routes.server';
import { getFleet } from '~/content/fleet.server';
import { getMarketingPage } from '~/content/marketing-pages.server';
import { found } from '~/utils/not-found.server';
import { contentPageMeta, fleetPageHandle } from './content-page';
export { routeHeaders as headers } from '~/utils/route-headers';

export const handle = fleetPageHandle;

export const meta = contentPageMeta<typeof loader>((data) => data.page);

export async function loader({ request }: LoaderFunctionArgs) {
  const [page, categories] = await Promise.all([
    getMarketingPage(documentRouteOf(request), request),
    getFleet(request),
  ]);
  return { page: found(page), categories };
}

export default function FleetRoute() {
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
