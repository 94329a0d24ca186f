// /reviews: the rating summary and the review cards from the CMS, three to a page,
// with real pagination (?page=N, rel prev/next). A page past the last one is not found.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { messages } from '@business-chauffeur/booking-contract';
import { ContentErrorBoundary } from '~/components/content-error-boundary';
import { MarketingPageView } from '~/components/marketing-page';
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
  const text = messages.reviews;
  const summary = reviews.summary;
  return (
    <MarketingPageView page={page}>
      <div className="container reviews">
        {summary?.rating != null && summary.count != null ? (
          <p className="reviews__summary">
            <Stars rating={Math.round(summary.rating)} />
            <span>{text.summary(summary.rating.toFixed(1), summary.count)}</span>
          </p>
        ) : null}
        {reviews.reviews.length === 0 ? <p>{text.empty}</p> : null}
        <ul className="reviews__list">
          {reviews.reviews.map((review) => (
            <li key={review._id}>
              <article className="review-card" aria-labelledby={`review-${review._id}`}>
                <Stars rating={review.rating ?? 0} />
                <blockquote className="review-card__text">
                  <p>{review.text}</p>
                </blockquote>
                <footer className="review-card__footer">
                  <h2 className="review-card__author" id={`review-${review._id}`}>
                    {review.authorName}
                  </h2>
                  <p className="review-card__meta">
                    {[review.location, review.tripType].filter(Boolean).join(' · ')}
                  </p>
                  {review.date && review.dateText ? (
                    <time dateTime={review.date}>{review.dateText}</time>
                  ) : null}
                </footer>
              </article>
            </li>
          ))}
        </ul>
        {reviews.pageCount > 1 ? (
          <Pagination page={reviews.page} pageCount={reviews.pageCount} />
        ) : null}
      </div>
    </MarketingPageView>
  );
}

function Stars({ rating }: { rating: number }) {
  const label = messages.reviews.stars(rating);
  return (
    <span className="stars" role="img" aria-label={label}>
      {[1, 2, 3, 4, 5].map((star) => (
        <svg
          key={star}
          viewBox="0 0 24 24"
          width="20"
          height="20"
          aria-hidden="true"
          focusable="false"
          className={star <= rating ? 'stars__on' : 'stars__off'}
        >
          <path d="M12 2.8l2.8 5.7 6.3.9-4.6 4.4 1.1 6.2L12 17.1 6.4 20l1.1-6.2L2.9 9.4l6.3-.9z" />
        </svg>
      ))}
    </span>
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
