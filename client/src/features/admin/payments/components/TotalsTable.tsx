import type { PaymentTotalsQuery } from '../../../../gql/admin/graphql';
import { formatDay } from '../../../../lib/format';
import { formatCents, methodLabel } from '../../../../lib/money';

type DayTotal = PaymentTotalsQuery['paymentTotals'][number];

/** Received and refunded per day and method, with the period's sums underneath. */
export function TotalsTable({ totals }: { totals: readonly DayTotal[] }) {
  const received = totals.reduce((sum, t) => sum + t.receivedCents, 0);
  const refunded = totals.reduce((sum, t) => sum + t.refundedCents, 0);
  return (
    <div className="admin-payments__scroll" role="region" aria-label="Daily totals" tabIndex={0}>
      <table className="admin-payments__table" data-testid="payment-totals">
        <caption className="visually-hidden">Daily totals</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Method</th>
            <th scope="col" className="admin-payments__money">
              Received
            </th>
            <th scope="col" className="admin-payments__money">
              Refunded
            </th>
          </tr>
        </thead>
        <tbody>
          {totals.map((t) => (
            <tr key={`${t.day}-${t.method}`}>
              <td>{formatDay(t.day)}</td>
              <td>{methodLabel(t.method)}</td>
              <td className="admin-payments__money">{formatCents(t.receivedCents)}</td>
              <td className="admin-payments__money">{formatCents(t.refundedCents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td colSpan={2}>Total</td>
            <td className="admin-payments__money" data-testid="total-received">
              {formatCents(received)}
            </td>
            <td className="admin-payments__money" data-testid="total-refunded">
              {formatCents(refunded)}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
