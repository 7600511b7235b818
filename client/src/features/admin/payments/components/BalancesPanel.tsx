import { Link } from 'react-router-dom';
import { useQuery } from '@apollo/client/react';
import { Spinner } from '../../../../components/Spinner';
import { errorMessage } from '../../../../lib/errors';
import { formatDay } from '../../../../lib/format';
import { formatCents } from '../../../../lib/money';
import { ADMIN_BOOKINGS } from '../../bookings/api/admin-bookings.operations';
import { customerOf } from '../../bookings/lib/booking-actions';
import { AdminTable } from '../../shared/AdminTable';

const SHOWN = 50;
const COLUMNS = ['Booking', 'Customer', 'Starts', 'Due by', 'Still to pay'];

/** One list of balances (overdue, or due within 4 weeks), from the bookings list's payment filter. */
function Balances({ filter, title, empty }: { filter: 'OVERDUE' | 'BALANCE_DUE_SOON'; title: string; empty: string }) {
  const { data, error, refetch } = useQuery(ADMIN_BOOKINGS, {
    variables: { filter: { payment: filter }, first: SHOWN },
    fetchPolicy: 'cache-and-network',
  });
  const page = data?.bookings;
  const headingId = `balances-${filter}`;
  let body;
  if (!page && error)
    body = (
      <div role="alert">
        <p className="admin-payments__error">{errorMessage(error, 'Failed to fetch the balances.')}</p>
        <button type="button" className="btn btn--secondary" onClick={() => void refetch().catch(() => undefined)}>
          Try Again
        </button>
      </div>
    );
  else if (!page) body = <Spinner label={`Loading ${title.toLowerCase()}…`} />;
  else if (!page.nodes.length) body = <p className="admin-payments__muted">{empty}</p>;
  else
    body = (
      <>
        <AdminTable
          caption={`${title}: bookings`}
          columns={COLUMNS}
          classes={{ wrap: 'admin-payments__scroll', table: 'admin-payments__table' }}
        >
          {page.nodes.map((b) => (
            <tr key={b.id} data-testid={`balance-${filter}`}>
              <td>
                #{b.id} {b.tourTitle}
              </td>
              <td>
                {customerOf(b).name}
                <span className="admin-payments__sub">{customerOf(b).phone}</span>
              </td>
              <td>{formatDay(b.startDate)}</td>
              <td className={b.payment?.overdue ? 'admin-payments__refund' : undefined}>
                {b.payment?.balanceDueDate ? formatDay(b.payment.balanceDueDate) : ''}
              </td>
              <td className="admin-payments__money">{formatCents(b.payment?.outstandingCents ?? 0)}</td>
            </tr>
          ))}
        </AdminTable>
        {page.totalCount > page.nodes.length ? (
          <p className="admin-payments__muted">
            Showing {page.nodes.length} of {page.totalCount}.
          </p>
        ) : null}
      </>
    );
  return (
    <section className="admin-payments__panel" aria-labelledby={headingId}>
      <div className="admin-payments__head">
        <h2 id={headingId}>{title}</h2>
        <Link to={`/admin/bookings?payment=${filter}`}>Open in Bookings</Link>
      </div>
      {body}
    </section>
  );
}

/** Balances overdue and due within 4 weeks, to chase. */
export function BalancesPanel() {
  return (
    <>
      <Balances filter="OVERDUE" title="Overdue balances" empty="No balance is overdue." />
      <Balances
        filter="BALANCE_DUE_SOON"
        title="Balances due within 4 weeks"
        empty="No balance falls due within 4 weeks."
      />
    </>
  );
}
