import { formatUsd, fullPaymentRequired, travellerToday } from '@tembea/schema';
import type { BookingQuoteQuery } from '../gql/graphql';
import { formatDay } from '../lib/format';

type Quote = BookingQuoteQuery['quote'];

export const PAID_IN_FULL_LABEL = 'Paid in full at booking (departure within 30 days)';

/**
 * How a priced quote is paid (nothing for one without a deposit), as rows of a `<dl>`: the 3%
 * deposit and the balance with its due date, or, for a departure within 30 days, one line with
 * everything the traveller pays (park fees included, as the deposit and balance are).
 * `testIdPrefix` names the amounts (`<prefix>-deposit`, `<prefix>-balance`, `<prefix>-full`).
 */
export function PaymentTerms({
  quote: q,
  testIdPrefix,
}: {
  quote: Pick<Quote, 'startDate' | 'grandTotal' | 'deposit' | 'balance' | 'balanceDueDate'>;
  testIdPrefix?: string;
}) {
  if (q.deposit == null || q.balance == null) return null;
  const testId = (name: string) => (testIdPrefix ? `${testIdPrefix}-${name}` : undefined);
  // The server's rule on the server's today: a departure within 30 days is paid at once.
  if (fullPaymentRequired(q.startDate, travellerToday()))
    return (
      <div>
        <dt>{PAID_IN_FULL_LABEL}</dt>
        <dd data-testid={testId('full')}>{formatUsd(q.grandTotal ?? q.deposit + q.balance)}</dd>
      </div>
    );
  return (
    <>
      <div>
        <dt>Deposit (3%, non-refundable)</dt>
        <dd data-testid={testId('deposit')}>{formatUsd(q.deposit)}</dd>
      </div>
      <div>
        <dt>Balance{q.balanceDueDate ? `, due ${formatDay(q.balanceDueDate)}` : ''}</dt>
        <dd data-testid={testId('balance')}>{formatUsd(q.balance)}</dd>
      </div>
    </>
  );
}
