// Review cards, as /reviews and a page's reviews section show them: the stars, the review's text,
// who wrote it, where and on which kind of trip, and when; and the rating summary above them.
import { messages } from '@business-chauffeur/booking-contract/site';

export interface ReviewCardValue {
  _id: string;
  authorName: string | null;
  location: string | null;
  tripType: string | null;
  rating: number | null;
  text: string | null;
  date: string | null;
  dateText: string | null;
}

/** The overall rating and number of reviews, from the site settings. */
export function ReviewSummary({
  summary,
}: {
  summary: { rating: number | null; count: number | null } | null | undefined;
}) {
  if (summary?.rating == null || summary.count == null) return null;
  return (
    <p className="reviews__summary">
      <Stars rating={Math.round(summary.rating)} />
      <span>{messages.reviews.summary(summary.rating.toFixed(1), summary.count)}</span>
    </p>
  );
}

/** The reviews as a list of cards; the author's name heads each card at `headingLevel`. */
export function ReviewCards({
  reviews,
  headingLevel,
}: {
  reviews: readonly ReviewCardValue[];
  headingLevel: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className="reviews__list">
      {reviews.map((review) => (
        <li key={review._id}>
          <article className="review-card" aria-labelledby={`review-${review._id}`}>
            <Stars rating={review.rating ?? 0} />
            <blockquote className="review-card__text">
              <p>{review.text}</p>
            </blockquote>
            <footer className="review-card__footer">
              <Heading className="review-card__author" id={`review-${review._id}`}>
                {review.authorName}
              </Heading>
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
