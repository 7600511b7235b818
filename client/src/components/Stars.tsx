import { ratingStars, reviewCountLabel } from '@tembea/schema';

/** Star rating with one decimal and the review count. */
export function Stars({
  rating,
  numRatings,
  showCount = true,
}: {
  rating: unknown;
  numRatings?: unknown;
  showCount?: boolean;
}) {
  const s = ratingStars(rating);
  const count = reviewCountLabel(numRatings);
  return (
    <span className="stars" role="img" aria-label={`Rated ${s.label} out of 5${showCount ? `, ${count} reviews` : ''}`}>
      <span aria-hidden="true" className="stars__icons">
        {'★'.repeat(s.full)}
        {s.half ? <span className="stars__half">★</span> : null}
        <span className="stars__empty">{'★'.repeat(s.empty)}</span>
      </span>
      <span className="stars__value" aria-hidden="true">
        {s.label}
      </span>
      {showCount ? (
        <span className="stars__count" aria-hidden="true">
          ({count})
        </span>
      ) : null}
    </span>
  );
}
