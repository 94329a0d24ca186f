// The home page (docs/product.md, "Routes"): the landing hero from the site settings, then the
// sections of the `page` document with route key "home" ("Why choose us", benefit tiles, the
// services carousel, the app download block).
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData, useRouteLoaderData } from '@remix-run/react';
import { JsonLdScript } from '~/components/json-ld';
import { PageSections, pageSectionStyles } from '~/components/page-sections';
import { ContentErrorBoundary } from '~/components/content-error-boundary';
import { StoreBadges } from '~/components/store-badges';
import { getMarketingPage } from '~/content/marketing-pages.server';
import { getAreasServed } from '~/content/service-areas.server';
import type { loader as rootLoader } from '~/root';
import { contentMeta, errorMeta, rootMetaData } from '~/utils/content-seo';
import { businessFacts, businessJsonLd } from '~/utils/json-ld';
import pagesStyles from '~/styles/pages.css?inline';
import type { AppHandle } from '~/utils/page-app';
import type { StylesHandle } from '~/utils/route-styles';
import { imageEditProps } from '~/utils/stega';
import { notFound } from '~/utils/not-found.server';
export { routeHeaders as headers } from '~/utils/route-headers';

export const handle: StylesHandle & AppHandle = {
  styles: [pagesStyles],
  stylesFor: pageSectionStyles,
  withoutApp: true,
};

export const meta: MetaFunction<typeof loader> = ({ data, matches, error }) => {
  if (!data) return errorMeta(error, matches);
  const root = rootMetaData(matches);
  return contentMeta(root, { ...data.page, image: root?.settings.hero?.image?.url }, '/');
};

export async function loader({ request }: LoaderFunctionArgs) {
  const [page, areasServed] = await Promise.all([
    getMarketingPage('home', request),
    // For the business's structured data (JSON-LD areaServed).
    getAreasServed(request),
  ]);
  if (!page) notFound();
  return { page, areasServed };
}

export default function Home() {
  const { page, areasServed } = useLoaderData<typeof loader>();
  const data = useRouteLoaderData<typeof rootLoader>('root');
  const hero = data?.settings.hero;
  const image = hero?.image;
  // In draft mode the alternative text stays clean; the edit link goes in data-sanity.
  const imageText = image ? imageEditProps(image.alt ?? '') : null;
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero__inner">
          <div className="hero__text">
            <h1 id="hero-title">{hero?.heading}</h1>
            <p className="hero__tagline">{hero?.tagline}</p>
            <div className="hero__actions">
              <Link to="/booking" className="button button--accent button--large">
                Book Now
              </Link>
              <Link to="/manage-booking" className="button button--ghost button--large">
                Manage Booking
              </Link>
            </div>
            <StoreBadges className="hero__badges" />
          </div>
          {image?.url ? (
            <img
              className="hero__image"
              src={image.url}
              alt={imageText?.alt ?? ''}
              data-sanity={imageText?.['data-sanity']}
              width={image.width ?? undefined}
              height={image.height ?? undefined}
              // React 18 does not know fetchPriority yet; the lower-case attribute passes through.
              {...{ fetchpriority: 'high' }}
              decoding="async"
            />
          ) : null}
        </div>
      </section>
      <PageSections sections={page.sections} />
      {data ? (
        <JsonLdScript
          data={businessJsonLd(businessFacts(data.settings), data.publicEnv.SITE_URL, areasServed)}
        />
      ) : null}
    </>
  );
}

export function ErrorBoundary() {
  return <ContentErrorBoundary />;
}
