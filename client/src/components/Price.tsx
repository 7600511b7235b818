import { priceLabel, tourPriceLabel } from '@tembea/schema';

type PricedCardTour = Parameters<typeof tourPriceLabel>[0];

/**
 * A tour price: '$…' with two decimals, or 'Contact for pricing'. A tour priced per booking type and
 * tier shows the price of the given choice, else that of the choice its page starts with.
 */
export function Price({ tour, bookingType, tier }: { tour: PricedCardTour; bookingType?: string; tier?: string }) {
  const label = bookingType && tier ? priceLabel(tour, bookingType, tier) : tourPriceLabel(tour);
  return <span className="price">{label}</span>;
}
