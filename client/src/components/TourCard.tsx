import { Link } from 'react-router-dom';
import { Price } from './Price';
import { Stars } from './Stars';
import { TourImage } from './TourImage';
import { graphql } from '../gql';
import type { TourCardFieldsFragment } from '../gql/graphql';

/**
 * The fields a catalogue card reads, spread by every list query that renders cards, so the card
 * and its queries cannot drift apart. (The tour passes on to the detail page for a first paint.)
 */
export const TOUR_CARD_FIELDS = graphql(`
  fragment TourCardFields on Tour {
    id
    title
    description
    price
    priceText
    bookingType
    tiers
    originalPrice
    discount
    images
    bg
    rating
    numRatings
    status
  }
`);

export type CardTour = TourCardFieldsFragment;

/** A card image's width in the grid of cards (.tour-grid: columns of at least 230 px). */
export const CARD_IMAGE_SIZES = '(min-width: 1000px) 290px, (min-width: 520px) 50vw, 100vw';

/**
 * A catalogue card: image, $ price, title, description, stars and review count; opens the tour.
 * `eager` for cards in the first screenful, `priority` for the first (often the page's largest image).
 */
export function TourCard({ tour, eager, priority }: { tour: CardTour; eager?: boolean; priority?: boolean }) {
  return (
    <article className="tour-card" data-testid="tour-card">
      <Link to={`/tour/${tour.id}`} state={{ tour }} className="tour-card__link">
        <TourImage
          tour={tour}
          className="tour-card__image"
          eager={eager}
          priority={priority}
          sizes={CARD_IMAGE_SIZES}
          alt=""
        />
        <div className="tour-card__body">
          <p className="tour-card__price">
            <Price tour={tour} />
          </p>
          <h3 className="tour-card__title">{tour.title}</h3>
          <p className="tour-card__desc">{tour.description}</p>
          <Stars rating={tour.rating} numRatings={tour.numRatings} />
        </div>
      </Link>
    </article>
  );
}

/** Loading placeholder with the card's shape. */
export function TourCardSkeleton() {
  return (
    <div className="tour-card tour-card--skeleton" data-testid="tour-card-skeleton" aria-hidden="true">
      <div className="tour-card__image skeleton" />
      <div className="tour-card__body">
        <div className="skeleton skeleton--line" />
        <div className="skeleton skeleton--line skeleton--wide" />
        <div className="skeleton skeleton--line" />
      </div>
    </div>
  );
}
