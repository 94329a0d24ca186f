// /reviews: the rating summary and the review cards from the CMS, three to a page,
// with real pagination (?page=N, rel prev/next). A page past the last one is not found.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { messages } from '@business-chauffeur/booking-contract/site';
import { ContentErrorBoundary } from '~/components/content-error-boundary';
import { MarketingPageView } from '~/components/marketing-page';
import { ReviewCards, ReviewSummary } from '~/components/review-cards';
import { getMarketingPage } from '~/content/marketing-pages.server';
import { getReviewsPage, parseReviewsPage } from '~/content/reviews.server';
import { contentMeta, notFoundMeta, rootMetaData } from '~/utils/content-seo';
import { notFound } from '~/utils/not-found.server';
import { absoluteUrl } from '~/utils/seo';
import { marketingPageHandle } from './content-page';
export { routeHeaders as headers } from '~/utils/route-headers';

export const handle = marketingPageHandle;

/** The address of a page of reviews; page 1 is plain /reviews, its one canonical address. */
function pageHref(page: number): string {
  return page === 1 ? '/reviews' : `/reviews?page=${page}`;
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return notFoundMeta(messages.notFound.title);
  const root = rootMetaData(matches);
  const { page, pageCount } = data.reviews;
  const siteUrl = root?.publicEnv.SITE_URL ?? '';
  const relations = [
    ...(page > 1 ? [{ rel: 'prev', page: page - 1 }] : []),
    ...(page < pageCount ? [{ rel: 'next', page: page + 1 }] : []),
  ].map(({ rel, page: target }) => ({
    tagName: 'link',
    rel,
    href: absoluteUrl(siteUrl, pageHref(target)),
  }));
  const title = data.page.seo?.title || data.page.title;
  return contentMeta(
    root,
    {
      ...data.page,
      // Each page of the list is its own document for search engines, with its own title.
      seo: {
        title: page > 1 && title ? `${title} (${messages.reviews.page(page)})` : title,
        description: data.page.seo?.description ?? null,
        keywords: data.page.seo?.keywords ?? null,
        noIndex: data.page.seo?.noIndex ?? null,
        image: data.page.seo?.image ?? null,
      },
    },
    pageHref(page),
    relations,
  );
};

export async function loader({ request }: LoaderFunctionArgs) {
  const pageNumber = parseReviewsPage(new URL(request.url).searchParams.get('page'));
  if (pageNumber === null) notFound();
  const [page, reviews] = await Promise.all([
    getMarketingPage('reviews', request),
    getReviewsPage(pageNumber, request),
  ]);
  if (!page || !reviews) notFound();
  return { page, reviews };
}

export default function ReviewsPage() {
  const { page, reviews } = useLoaderData<typeof loader>();
  return (
    <MarketingPageView page={page}>
      <div className="container reviews">
        <ReviewSummary summary={reviews.summary} />
        {reviews.reviews.length === 0 ? <p>{messages.reviews.empty}</p> : null}
        <ReviewCards reviews={reviews.reviews} headingLevel={2} />
        {reviews.pageCount > 1 ? (
          <Pagination page={reviews.page} pageCount={reviews.pageCount} />
        ) : null}
      </div>
    </MarketingPageView>
  );
}

function Pagination({ page, pageCount }: { page: number; pageCount: number }) {
  const text = messages.reviews;
  const pages = Array.from({ length: pageCount }, (_, index) => index + 1);
  return (
    <nav className="pagination" aria-label={text.pagination}>
      <ul>
        <li>
          {page > 1 ? (
            <Link to={pageHref(page - 1)} rel="prev" className="pagination__step">
              {text.previous}
            </Link>
          ) : (
            <span className="pagination__step" aria-hidden="true">
              {text.previous}
            </span>
          )}
        </li>
        {pages.map((number) => (
          <li key={number}>
            <Link
              to={pageHref(number)}
              aria-label={text.page(number)}
              aria-current={number === page ? 'page' : undefined}
              className="pagination__page"
            >
              {number}
            </Link>
          </li>
        ))}
        <li>
          {page < pageCount ? (
            <Link to={pageHref(page + 1)} rel="next" className="pagination__step">
              {text.next}
            </Link>
          ) : (
            <span className="pagination__step" aria-hidden="true">
              {text.next}
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}

export function ErrorBoundary() {
  return <ContentErrorBoundary />;
}
