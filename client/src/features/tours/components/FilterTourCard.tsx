import { Link } from 'react-router-dom';
import { cardPrice, durationLabel, formatUsd, tourPriceLabel } from '@tembea/schema';
import { TourImage } from '../../../components/TourImage';
import { CARD_IMAGE_SIZES } from '../../../components/TourCard';
import type { CatalogueToursQuery } from '../../../gql/graphql';
import { titleCase } from '../../../lib/format';

type ListTour = CatalogueToursQuery['tours']['nodes'][number];

/**
 * The shown price: the original price less the discount, rounded, when there is an original price
 * above 0 and a discount; else the usual label. cardPrice is asked without the price so it answers
 * only with the discounted original price (null when there is none): the fallback has to be the
 * label, which also reads price text (the price of the tour's first choice) where cardPrice knows only
 * a numeric price.
 */
export function filterCardPrice(
  t: Pick<ListTour, 'price' | 'priceText' | 'originalPrice' | 'discount' | 'bookingType' | 'tiers'>,
): string {
  const discounted = cardPrice({ originalPrice: t.originalPrice, discount: t.discount });
  return discounted != null ? formatUsd(discounted, 0) : tourPriceLabel(t);
}

/** A card of the filtered list: title, desc, days and destination, price, tier, booking type, Featured. */
export function FilterTourCard({ tour }: { tour: ListTour }) {
  return (
    <article className="filter-card" data-testid="filter-card">
      <Link to={`/tour/${tour.id}`} state={{ tour }} className="filter-card__link">
        <TourImage tour={tour} className="filter-card__image" sizes={CARD_IMAGE_SIZES} alt="" />
        <div className="filter-card__body">
          {tour.featured ? <span className="badge badge--featured">Featured</span> : null}
          <h2 className="filter-card__title">{tour.title}</h2>
          <p className="filter-card__desc">{tour.description}</p>
          <p className="filter-card__meta">
            <span>{durationLabel(tour.durationDays, tour.durationNights)}</span>
            <span aria-hidden="true"> · </span>
            <span>{titleCase(tour.destination)}</span>
          </p>
          <p className="filter-card__price">{filterCardPrice(tour)}</p>
          <p className="filter-card__tags">
            <span className="badge">{tour.tiers[0] ?? 'Standard'}</span>
            <span className="badge">{titleCase(tour.bookingType ?? 'group')}</span>
          </p>
        </div>
      </Link>
    </article>
  );
}
