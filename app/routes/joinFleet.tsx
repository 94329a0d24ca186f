// /joinFleet: recruiting chauffeurs and contractors (spec §2): the hero with JOIN AS A CHAUFFEUR
// and JOIN AS A CONTRACTOR, the copy and the figures, from the `page` document "joinFleet".
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { messages } from '@business-chauffeur/booking-contract';
import { ContentErrorBoundary } from '~/components/content-error-boundary';
import { MarketingPageView } from '~/components/marketing-page';
import { getMarketingPage } from '~/content/marketing-pages.server';
import { contentMeta, notFoundMeta, rootMetaData } from '~/utils/content-seo';
import pagesStyles from '~/styles/pages.css?inline';
import type { StylesHandle } from '~/utils/route-styles';
export { routeHeaders as headers } from '~/utils/route-headers';

export const handle: StylesHandle = { styles: [pagesStyles] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? contentMeta(rootMetaData(matches), data.page, '/joinFleet')
    : notFoundMeta(messages.notFound.title);

export async function loader({ request }: LoaderFunctionArgs) {
  const page = await getMarketingPage('joinFleet', request);
  if (!page) throw new Response('Not Found', { status: 404 });
  return { page };
}

export default function JoinFleetPage() {
  const { page } = useLoaderData<typeof loader>();
  return <MarketingPageView page={page} />;
}

export function ErrorBoundary() {
  return <ContentErrorBoundary />;
}
