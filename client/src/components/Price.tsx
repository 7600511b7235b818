import { priceLabel } from '@tembea/schema';

/** A tour price as the spec shows it: '$…' with two decimals, or 'Contact for pricing'. */
export function Price({ tour, bookingType, tier }: {
  tour: { price?: number | null; priceText?: string | null };
  bookingType?: string;
  tier?: string;
}) {
  return <span className="price">{priceLabel(tour, bookingType, tier)}</span>;
}
