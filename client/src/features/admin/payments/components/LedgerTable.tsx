import { signedAmountCents, type PaymentKind } from '@tembea/schema';
import { AdminTable } from '../../shared/AdminTable';
import type { PaymentEntryFieldsFragment } from '../../../../gql/admin/graphql';
import { formatDay, formatMoment } from '../../../../lib/format';
import { formatCents, kindLabel, methodLabel } from '../../../../lib/money';

const COLUMNS = ['Received', 'Booking', 'Kind', 'Method', 'Amount', 'Reference', 'Recorded'];

/** A row's signed effect on the money held, by the same rule as the CSV export and the totals. */
const signedCentsOf = (e: PaymentEntryFieldsFragment): number =>
  signedAmountCents({
    id: e.id,
    kind: e.kind.toLowerCase() as PaymentKind,
    amountCents: e.amountCents,
    reverses: e.reversesId ?? null,
  });

/**
 * Ledger rows, newest first. Each amount is the row's signed effect (a refund, or a reversal of a
 * payment, is money out); a reversing row names the row it corrects, and a row whose reversal is
 * among the rows shown is marked reversed. A reversal is newer than its row, so it is always on a
 * page already loaded, unless the filter leaves it out (a received-on day range can).
 */
export function LedgerTable({ entries }: { entries: readonly PaymentEntryFieldsFragment[] }) {
  const reversedBy = new Map(entries.filter((e) => e.reversesId).map((e) => [String(e.reversesId), e.id]));
  return (
    <AdminTable
      caption="Payment ledger"
      columns={COLUMNS}
      classes={{ wrap: 'admin-payments__scroll', table: 'admin-payments__table' }}
    >
      {entries.map((e) => {
        const cents = signedCentsOf(e);
        const reversal = reversedBy.get(String(e.id));
        const money = `${cents < 0 ? '−' : ''}${formatCents(Math.abs(cents))}`;
        return (
          <tr key={e.id} data-testid="ledger-row">
            <td>{formatDay(e.receivedOn)}</td>
            <td>#{e.bookingId}</td>
            <td>
              {kindLabel(e.kind)}
              {e.reversesId ? <span className="admin-payments__sub">Correction of row #{e.reversesId}</span> : null}
              {reversal ? <span className="admin-payments__sub">Reversed by row #{reversal}</span> : null}
              {e.note ? <span className="admin-payments__sub">{e.note}</span> : null}
            </td>
            <td>{methodLabel(e.method)}</td>
            <td className={`admin-payments__money ${cents < 0 ? 'admin-payments__refund' : ''}`}>
              {reversal ? <s>{money}</s> : money}
            </td>
            <td>{e.providerReference ?? ''}</td>
            <td>
              {e.recordedBy ?? (e.provider === 'stripe' ? 'Stripe' : '')}
              <span className="admin-payments__sub">{formatMoment(e.createdAt)}</span>
            </td>
          </tr>
        );
      })}
    </AdminTable>
  );
}
