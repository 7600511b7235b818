import { durationLabel, reviewCountLabel, tourStatusLabel, TOUR_DEFAULTS } from '@tembea/schema';
import { Stars } from '../../../components/Stars';
import { TourImage } from '../../../components/TourImage';
import { titleCase } from '../../../lib/format';
import { formatDateTime, headerPrice, type ViewTour } from '../lib/tour-view';

/** The duration text, else days and nights from the counts, else 'Not specified'. */
function durationText(t: ViewTour): string {
  if (t.duration?.trim()) return t.duration.trim();
  if (t.durationDays == null && t.durationNights == null) return 'Not specified';
  return durationLabel(t.durationDays, t.durationNights);
}

/** Image, title, rating, badges, key facts, price and status of a tour. */
export function TourHeader({ tour, bookingType, tier }: { tour: ViewTour; bookingType: string; tier: string }) {
  const price = headerPrice(tour, bookingType, tier);
  const rated = typeof tour.rating === 'number' && tour.rating > 0;
  // A tour without a status shows the detail default 'Available'; any other status shows its own label.
  const status = tour.status?.trim() ? tourStatusLabel(tour.status) : TOUR_DEFAULTS.status;
  const place = [tour.destination ? titleCase(tour.destination) : '', tour.country ?? ''].filter(Boolean).join(', ');
  return (
    <div className="tour-header">
      <TourImage
        tour={tour}
        className="tour-header__image"
        priority
        sizes="(min-width: 900px) 50vw, 100vw"
        alt={tour.title || TOUR_DEFAULTS.title}
      />
      <div className="tour-header__info">
        <ul className="tour-header__badges" aria-label="Badges">
          {tour.featured ? <li className="badge badge--featured">Featured</li> : null}
          {tour.popular ? <li className="badge badge--popular">Popular</li> : null}
          {tour.trending ? <li className="badge badge--trending">Trending</li> : null}
          <li
            className={`badge badge--status badge--status-${(tour.status ?? 'unknown').toLowerCase()}`}
            data-testid="tour-status"
          >
            {status}
          </li>
        </ul>
        <h1 className="tour-header__title">{tour.title || TOUR_DEFAULTS.title}</h1>
        <p className="tour-header__rating" data-testid="tour-rating">
          {rated ? (
            <Stars rating={tour.rating} numRatings={tour.numRatings} showCount={false} />
          ) : (
            <span>No ratings</span>
          )}
          <span className="tour-header__reviews">({reviewCountLabel(tour.numRatings)} reviews)</span>
        </p>
        <dl className="tour-facts">
          <div>
            <dt>Destination</dt>
            <dd>{place || 'Not specified'}</dd>
          </div>
          <div>
            <dt>Duration</dt>
            <dd>{durationText(tour)}</dd>
          </div>
          <div>
            <dt>Departure</dt>
            <dd>{formatDateTime(tour.departureTime)}</dd>
          </div>
          <div>
            <dt>Maximum people</dt>
            <dd>{tour.capacity != null && tour.capacity > 0 ? tour.capacity : 'Not specified'}</dd>
          </div>
        </dl>
        <p className="tour-header__price" data-testid="tour-price">
          <span className="tour-header__now">{price.now}</span>
          {price.was ? (
            <s className="tour-header__was" aria-label={`Original price ${price.was}`}>
              {price.was}
            </s>
          ) : null}
          {price.off ? <span className="badge badge--off">{price.off}</span> : null}
          {price.was || price.now.startsWith('$') ? <span className="tour-header__per"> per person</span> : null}
        </p>
      </div>
    </div>
  );
}
