import { forwardRef, useRef, useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { ConfirmDialog } from '../../../../components/Dialog';
import { Spinner } from '../../../../components/Spinner';
import type { AdminParkFeeChangesQuery } from '../../../../gql/admin/graphql';
import { errorMessage } from '../../../../lib/errors';
import { formatDay, peopleCount } from '../../../../lib/format';
import { formatCents } from '../../../../lib/money';
import { AdminTable } from '../../shared/AdminTable';
import { APPLY_PARK_FEE_CHANGE, PARK_FEE_CHANGES } from '../api/park-fee-changes.operations';

type Change = AdminParkFeeChangesQuery['parkFeeChanges'][number];

const COLUMNS = ['Booking', 'Traveller', 'Frozen fees', 'Current fees', 'Difference', 'Action'];
const LOAD_FAILED = 'The affected bookings could not be loaded.';

/** A difference with its sign: "+$23.60", "−$5.00". */
export function signedCents(cents: number): string {
  if (cents === 0) return formatCents(0);
  return `${cents > 0 ? '+' : '−'}${formatCents(Math.abs(cents))}`;
}

/**
 * Upcoming bookings whose park fees, frozen when booked, differ from what the current schedules
 * give, each with Apply: the booking takes the current fees and the traveller is mailed what
 * changed and what they now owe.
 */
export const AffectedBookings = forwardRef<HTMLHeadingElement>(function AffectedBookings(_props, heading) {
  const { data, error, refetch } = useQuery(PARK_FEE_CHANGES, { fetchPolicy: 'cache-and-network' });
  const [asking, setAsking] = useState<Change | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState('');
  const section = useRef<HTMLElement>(null);
  const [apply, { loading: applying }] = useMutation(APPLY_PARK_FEE_CHANGE, {
    refetchQueries: ['AdminParkFeeChanges'],
    awaitRefetchQueries: true,
  });
  const changes = data?.parkFeeChanges;

  const confirm = async () => {
    if (!asking) return;
    setFailure(null);
    try {
      await apply({ variables: { bookingId: asking.booking.id } });
      setDone(`Applied the new park fees to booking #${asking.booking.id}: ${asking.booking.name} will get a mail.`);
      setAsking(null);
      // The applied booking leaves the list with its Apply button, where the dialog would give focus
      // back: the list's heading takes it rather than the page.
      requestAnimationFrame(() => {
        const list = section.current;
        if (list && !list.contains(document.activeElement)) list.querySelector<HTMLElement>('h2')?.focus();
      });
    } catch (err) {
      setFailure(errorMessage(err, 'The new fees could not be applied. Please try again.'));
    }
  };

  let body;
  if (!changes && error)
    body = (
      <div className="park-fees__failure" role="alert">
        <p>{errorMessage(error, LOAD_FAILED)}</p>
        <button type="button" className="btn btn--primary" onClick={() => void refetch().catch(() => undefined)}>
          Try Again
        </button>
      </div>
    );
  else if (!changes) body = <Spinner label="Checking upcoming bookings against the current fees…" />;
  else if (changes.length === 0)
    body = <p className="park-fees__empty">Every upcoming booking’s park fees match the current schedules.</p>;
  else
    body = (
      <AdminTable
        caption="Bookings whose park fees differ from the current fees"
        columns={COLUMNS}
        classes={{ wrap: 'park-fees__scroll', table: 'park-fees__table' }}
      >
        {changes.map((c) => (
          <tr key={c.booking.id} data-testid="park-fee-change" data-booking-id={c.booking.id}>
            <td>
              <span className="park-fees__name">#{c.booking.id}</span> {c.booking.tourTitle}
              <span className="park-fees__sub">
                {formatDay(c.booking.startDate)} · {peopleCount(c.booking.numberOfPeople)} · {c.booking.status}
              </span>
            </td>
            <td>
              {c.booking.name}
              <span className="park-fees__sub">{c.booking.email}</span>
            </td>
            <td className="park-fees__money">{formatCents(c.frozenCents)}</td>
            <td className="park-fees__money">{formatCents(c.currentCents)}</td>
            <td className="park-fees__money">{signedCents(c.differenceCents)}</td>
            <td>
              <button
                type="button"
                className="btn btn--secondary btn--small"
                aria-label={`Apply the new park fees to booking #${c.booking.id} of ${c.booking.name}`}
                onClick={() => {
                  setFailure(null);
                  setAsking(c);
                }}
              >
                Apply
              </button>
            </td>
          </tr>
        ))}
      </AdminTable>
    );

  return (
    <section className="park-fees__affected" aria-labelledby="affected-title" ref={section}>
      <h2 id="affected-title" ref={heading} tabIndex={-1}>
        Bookings affected by fee changes
      </h2>
      <p className="park-fees__hint">
        Upcoming bookings keep the park fees they were quoted. Where the current schedules give different fees, apply
        them to pass the change on: the traveller is mailed what changed and what they now owe.
      </p>
      <div role="status" aria-live="polite">
        {done ? <p className="admin-status admin-status--success">{done}</p> : null}
      </div>
      {changes && error ? (
        <p className="admin-status admin-status--error" role="alert">
          {errorMessage(error, LOAD_FAILED)}
        </p>
      ) : null}
      {body}
      <ConfirmDialog
        open={!!asking}
        title="Apply the new park fees?"
        message={
          asking ? (
            <>
              Booking #{asking.booking.id} ({asking.booking.tourTitle}, {formatDay(asking.booking.startDate)}): park
              fees go from {formatCents(asking.frozenCents)} to {formatCents(asking.currentCents)} (
              {signedCents(asking.differenceCents)}). {asking.booking.name} will be mailed at {asking.booking.email}{' '}
              with what changed and what they now owe.
            </>
          ) : null
        }
        confirmLabel="Apply and mail the traveller"
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(null)}
        busy={applying}
        error={failure}
      />
    </section>
  );
});
