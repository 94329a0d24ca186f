// The marketing pages whose layout is the page document alone (/service, /about, /joinFleet: the
// entries of app/content/content-routes.ts with this module): hero, body copy and typed sections
// (benefit tiles, the "why choose us" list, figures, calls to action).
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { ContentErrorBoundary } from '~/components/content-error-boundary';
import { MarketingPageView } from '~/components/marketing-page';
import { documentRouteOf } from '~/content/content-routes.server';
import { getMarketingPage } from '~/content/marketing-pages.server';
import { found } from '~/utils/not-found.server';
import { contentPageMeta, marketingPageHandle } from './content-page';
export { routeHeaders as headers } from '~/utils/route-headers';

export const handle = marketingPageHandle;

export const meta = contentPageMeta<typeof loader>((data) => data.page);

export async function loader({ request }: LoaderFunctionArgs) {
  return { page: found(await getMarketingPage(documentRouteOf(request), request)) };
}

export default function MarketingRoute() {
  const { page } = useLoaderData<typeof loader>();
  return <MarketingPageView page={page} />;
}

export function ErrorBoundary() {
  return <ContentErrorBoundary />;
}
