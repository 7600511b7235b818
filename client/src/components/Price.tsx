import { priceLabel } from '@tembea/schema';

/** A tour price: '$…' with two decimals, or 'Contact for pricing' when it has none. */
export function Price({
  tour,
  bookingType,
  tier,
}: {
  tour: { price?: number | null; priceText?: string | null };
  bookingType?: string;
  tier?: string;
}) {
  return <span className="price">{priceLabel(tour, bookingType, tier)}</span>;
}
