import { AdminTable } from '../../shared/AdminTable';
import type { PaymentEntryFieldsFragment } from '../../../../gql/admin/graphql';
import { formatDay, formatMoment } from '../../../../lib/format';
import { formatCents, kindLabel, methodLabel } from '../../../../lib/money';

const COLUMNS = ['Received', 'Booking', 'Kind', 'Method', 'Amount', 'Reference', 'Recorded'];

/** Ledger rows, newest first: a refund shows as money out, a reversing row names the row it reverses. */
export function LedgerTable({ entries }: { entries: readonly PaymentEntryFieldsFragment[] }) {
  return (
    <AdminTable
      caption="Payment ledger"
      columns={COLUMNS}
      classes={{ wrap: 'admin-payments__scroll', table: 'admin-payments__table' }}
    >
      {entries.map((e) => {
        const out = e.kind === 'REFUND';
        return (
          <tr key={e.id} data-testid="ledger-row">
            <td>{formatDay(e.receivedOn)}</td>
            <td>#{e.bookingId}</td>
            <td>
              {kindLabel(e.kind)}
              {e.reversesId ? <span className="admin-payments__sub">Reverses row #{e.reversesId}</span> : null}
              {e.note ? <span className="admin-payments__sub">{e.note}</span> : null}
            </td>
            <td>{methodLabel(e.method)}</td>
            <td className={`admin-payments__money ${out ? 'admin-payments__refund' : ''}`}>
              {out ? '−' : ''}
              {formatCents(e.amountCents)}
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
