import { centsToDollars, formatUsd } from '@tembea/schema';
import type { BookingQuoteQuery } from '../gql/graphql';
import './park-fees.css';

type ParkFees = NonNullable<BookingQuoteQuery['quote']['parkFees']>;

/**
 * The park and conservation fees of a quote, apart from the operator's price: the parks' total,
 * one line per protected area, and whether they were priced for non-resident adults because
 * nobody has said yet who travels. Days whose fees are not published yet are said so, never
 * shown as free.
 */
export function ParkFeeLines({ fees, className }: { fees: ParkFees; className?: string }) {
  const money = (cents: number) => formatUsd(centsToDollars(cents));
  return (
    <div className={`park-fees ${className ?? ''}`} data-testid="park-fees">
      <p className="park-fees__total">
        <span>Park fees, paid on to the parks</span>{' '}
        <strong data-testid="park-fees-total">{money(fees.totalCents)}</strong>
      </p>
      {fees.areas.length > 1 ? (
        <ul className="park-fees__areas">
          {fees.areas.map((a) => (
            <li key={a.areaCode}>
              {a.areaName}: {money(a.totalCents)}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="park-fees__note">
        {fees.partyAssumed
          ? 'Estimated for non-resident adults; residents, East African citizens and children pay less. VAT included.'
          : 'For the travellers given, VAT included.'}
        {fees.unpricedDays.length
          ? ` Fees for ${fees.unpricedDays.length === 1 ? '1 day' : `${fees.unpricedDays.length} days`} are not published yet and will be added.`
          : ''}
      </p>
    </div>
  );
}
