// The reviews page: one page of reviews at a time, the total for the pagination and the rating
// summary staff keep in the site settings (docs/product.md, "Reviews and figures are content").
import { getContentSource } from './content.server';
import { reviewsPageQuery } from './queries.server';

export const REVIEWS_PER_PAGE = 3;

const dateFormat = new Intl.DateTimeFormat('en-AU', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  // Review dates are calendar dates; formatting in UTC keeps them from shifting a day.
  timeZone: 'UTC',
});

/** A review's date as the cards show it ("12 March 2026"), or null without one. */
export function reviewDateText(date: string | null): string | null {
  return date ? dateFormat.format(new Date(`${date}T00:00:00Z`)) : null;
}

/**
 * The page number in `?page=`: 1 when absent, null when it is not a plain positive whole number
 * ("0", "2.5", "abc", "01" are not pages, so they are not found rather than silently page 1).
 */
export function parseReviewsPage(value: string | null): number | null {
  if (value === null) return 1;
  if (!/^[1-9]\d{0,5}$/.test(value)) return null;
  return Number(value);
}

/** The reviews of one page, or null when the page is past the last one. */
export async function getReviewsPage(page: number, request?: Request) {
  const start = (page - 1) * REVIEWS_PER_PAGE;
  const result = await getContentSource(request).fetch(reviewsPageQuery, {
    start,
    end: start + REVIEWS_PER_PAGE,
  });
  const pageCount = Math.max(1, Math.ceil(result.total / REVIEWS_PER_PAGE));
  if (page > pageCount) return null;
  return {
    page,
    pageCount,
    total: result.total,
    summary: result.summary,
    reviews: result.reviews.map((review) => ({ ...review, dateText: reviewDateText(review.date) })),
  };
}
