// /about: the About Us page (spec §2: the services page's content with an About Us hero), from
// the `page` document with route key "about".
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
    ? contentMeta(rootMetaData(matches), data.page, '/about')
    : notFoundMeta(messages.notFound.title);

export async function loader({ request }: LoaderFunctionArgs) {
  const page = await getMarketingPage('about', request);
  if (!page) throw new Response('Not Found', { status: 404 });
  return { page };
}

export default function AboutPage() {
  const { page } = useLoaderData<typeof loader>();
  return <MarketingPageView page={page} />;
}

export function ErrorBoundary() {
  return <ContentErrorBoundary />;
}
