// Any address no other route matches (docs/decisions/049-pages-by-address.md): the page of the CMS
// document that has it (a page, a service area or a policy, at the address of its `route` slug),
// a 301 to where a redirect leads, or the 404 page with status 404. Which one comes from the
// address index (app/content/addresses.server.ts), read once per content revision, so a made-up
// address costs no CMS query.
import { redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { ContentErrorBoundary } from '~/components/content-error-boundary';
import { MarketingPageView } from '~/components/marketing-page';
import { pageSectionStyles } from '~/components/page-sections';
import { PolicyPageView } from '~/components/policy-page';
import { ServiceAreaPageView } from '~/components/service-area-page';
import { resolveAddress } from '~/content/addresses.server';
import { DOCUMENT_PARENTS } from '~/content/content-routes';
import { getMarketingPage } from '~/content/marketing-pages.server';
import { loadPolicy } from '~/content/policies.server';
import { loadServiceArea } from '~/content/service-areas.server';
import infoPagesStyles from '~/styles/info-pages.css?inline';
import pagesStyles from '~/styles/pages.css?inline';
import { contentMeta, errorMeta, rootMetaData } from '~/utils/content-seo';
import { found, notFound } from '~/utils/not-found.server';
import type { AppHandle } from '~/utils/page-app';
import type { StylesHandle } from '~/utils/route-styles';
export { routeHeaders as headers } from '~/utils/route-headers';

/**
 * A redirect answers the same to everyone: browsers ask again each time (an editor may remove
 * it), shared caches keep it for a minute.
 */
const REDIRECT_CACHE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const address = await resolveAddress(url.pathname, request);
  if (address.kind === 'redirect') {
    // The visitor's query (?utm_source=…) goes along, unless the redirect names its own.
    const location = address.location.includes('?')
      ? address.location
      : address.location + url.search;
    throw redirect(location, { status: 301, headers: { 'Cache-Control': REDIRECT_CACHE } });
  }
  if (address.kind === 'none') notFound();
  const { type, route, path } = address.document;
  const place = { path, parent: DOCUMENT_PARENTS[type] };
  switch (type) {
    case 'page':
      return { kind: 'page', place, page: found(await getMarketingPage(route, request)) } as const;
    case 'serviceArea':
      return { kind: 'serviceArea', place, area: await loadServiceArea(request, route) } as const;
    case 'policy':
      return { kind: 'policy', place, policy: await loadPolicy(request, route) } as const;
  }
}

type Data = Awaited<ReturnType<typeof loader>>;

export const handle: StylesHandle & AppHandle = {
  withoutApp: true,
  styles: [],
  stylesFor: (data) => {
    const kind = (data as Data | undefined)?.kind;
    if (kind === 'page') return [pagesStyles, ...pageSectionStyles(data)];
    return kind ? [infoPagesStyles] : [];
  },
};

export const meta: MetaFunction<typeof loader> = ({ data, matches, error }) => {
  if (!data) return errorMeta(error, matches);
  const root = rootMetaData(matches);
  switch (data.kind) {
    case 'page':
      return contentMeta(
        root,
        { ...data.page, image: data.page.hero?.image?.url },
        data.place.path,
      );
    case 'serviceArea':
      return contentMeta(
        root,
        {
          title: data.area.name,
          description: data.area.hero?.text,
          seo: data.area.seo,
          image: data.area.hero?.image?.url,
        },
        data.place.path,
      );
    case 'policy':
      return contentMeta(
        root,
        { ...data.policy, description: data.policy.summary },
        data.place.path,
      );
  }
};

export default function DocumentPage() {
  const data = useLoaderData<typeof loader>();
  switch (data.kind) {
    case 'page':
      return <MarketingPageView page={data.page} />;
    case 'serviceArea':
      return <ServiceAreaPageView area={data.area} place={data.place} />;
    case 'policy':
      return <PolicyPageView policy={data.policy} place={data.place} />;
  }
}

export function ErrorBoundary() {
  return <ContentErrorBoundary />;
}
