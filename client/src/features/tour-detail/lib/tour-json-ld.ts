import { fromPrice, resolveTourImage, PLACEHOLDER_IMAGE } from '@tembea/schema';
import type { ViewTour } from './tour-view';

/** The absolute URL of a tour's picture (the placeholder's when it has none). */
export function tourImageUrl(t: ViewTour, origin: string): string {
  const image = resolveTourImage(t, `${origin}/api`);
  return image === PLACEHOLDER_IMAGE ? `${origin}${PLACEHOLDER_IMAGE}` : image;
}

/** schema.org TouristTrip of a tour, so search engines can show it as a trip with its price. */
export function tourJsonLd(t: ViewTour, origin: string): Record<string, unknown> {
  const url = `${origin}/tour/${t.id}`;
  const price = fromPrice(t);
  const ld: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'TouristTrip',
    '@id': url,
    url,
    name: t.title || 'Untitled Tour',
    description: t.description || 'No description available',
    image: tourImageUrl(t, origin),
    provider: { '@type': 'TravelAgency', name: 'Tembea Tours', url: origin },
  };
  if (t.travelType) ld.touristType = t.travelType;
  if (t.destination) {
    ld.itinerary = {
      '@type': 'ItemList',
      itemListElement: (t.itinerary?.length ? t.itinerary : [{ day: 1, title: t.destination, description: '' }]).map(
        (d, i) => ({
          '@type': 'ListItem',
          position: i + 1,
          item: {
            '@type': 'TouristAttraction',
            name: d.title,
            ...(d.description ? { description: d.description } : {}),
          },
        }),
      ),
    };
  }
  if (price != null) {
    ld.offers = {
      '@type': 'Offer',
      price: price.toFixed(2),
      priceCurrency: 'USD',
      url,
      availability:
        (t.status ?? '').toLowerCase() === 'active' ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    };
  }
  if (t.rating && t.rating > 0 && t.numRatings && t.numRatings > 0) {
    ld.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: t.rating,
      reviewCount: t.numRatings,
      bestRating: 5,
    };
  }
  return ld;
}
