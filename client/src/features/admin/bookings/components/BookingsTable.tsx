import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useMutation } from '@apollo/client/react';
import { bookingActions, nextBookingStatus, parseBookingStatus, type BookingAction } from '@tembea/schema';
import { BookingStatusBadge } from '../../../../components/BookingStatusBadge';
import { AdminTable } from '../../shared/AdminTable';
import { ConfirmDialog } from '../../../../components/Dialog';
import type { AdminBookingFieldsFragment } from '../../../../gql/admin/graphql';
import { failureWithReason } from '../../../../lib/errors';
import { formatDayRange } from '../../../../lib/format';
import { CANCEL_BOOKING, COMPLETE_BOOKING, CONFIRM_BOOKING } from '../api/admin-bookings.operations';
import { ACTION_TEXTS, customerOf } from '../lib/booking-actions';

export type AdminBooking = AdminBookingFieldsFragment;

const BOOKING_COLUMNS = ['Tour', 'Customer', 'Dates', 'People', 'Status', 'Actions'];

/** The buttons a booking offers in its status (the shared status machine decides). */
export function actionsOf(status: string): BookingAction[] {
  const s = parseBookingStatus(status);
  return s ? bookingActions(s) : [];
}

function Row({ b, onAction }: { b: AdminBooking; onAction: (b: AdminBooking, a: BookingAction) => void }) {
  const customer = customerOf(b);
  return (
    <tr data-testid="booking-row" data-booking-id={b.id}>
      <td>
        {b.tourId ? <Link to={`/tour/${b.tourId}`}>{b.tourTitle}</Link> : b.tourTitle}
        <span className="admin-bookings__sub">
          #{b.id} · {b.bookingType === 'private' ? 'Private' : 'Group'} · {b.tier}
        </span>
      </td>
      <td>
        <span className="admin-bookings__customer">{customer.name}</span>
        <span className="admin-bookings__sub">{customer.email}</span>
        <span className="admin-bookings__sub">{customer.phone}</span>
      </td>
      <td className="admin-bookings__nowrap">{formatDayRange(b.startDate, b.endDate)}</td>
      <td>{b.numberOfPeople}</td>
      <td>
        <BookingStatusBadge status={b.status} />
      </td>
      <td>
        <div className="admin-bookings__actions">
          {actionsOf(b.status).map((a) => (
            <button
              key={a}
              type="button"
              className={`btn admin-bookings__action ${a === 'cancel' ? 'btn--secondary' : 'btn--primary'}`}
              onClick={() => onAction(b, a)}
            >
              {ACTION_TEXTS[a].button}
              <span className="visually-hidden">
                {' '}
                booking #{b.id} of {customer.name}
              </span>
            </button>
          ))}
        </div>
      </td>
    </tr>
  );
}

/**
 * The bookings table. Each action asks first; on success the mutation's answer updates the row in
 * place through the cache; on failure the dialog says why and `onStale` reloads the list, since
 * the booking may have been changed by someone else meanwhile.
 */
export function BookingsTable({
  bookings,
  caption,
  onDone,
  onStale,
}: {
  bookings: readonly AdminBooking[];
  caption: string;
  onDone: (message: string) => void;
  onStale: () => void;
}) {
  const [pending, setPending] = useState<{ booking: AdminBooking; action: BookingAction } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirm, confirmState] = useMutation(CONFIRM_BOOKING);
  const [complete, completeState] = useMutation(COMPLETE_BOOKING);
  const [cancel, cancelState] = useMutation(CANCEL_BOOKING);
  const run: Record<BookingAction, (o: { variables: { id: string } }) => Promise<unknown>> = {
    confirm,
    complete,
    cancel,
  };
  const busy = confirmState.loading || completeState.loading || cancelState.loading;
  const texts = pending ? ACTION_TEXTS[pending.action] : null;

  const close = () => {
    setPending(null);
    setError(null);
  };

  const go = async () => {
    if (!pending) return;
    const { booking, action } = pending;
    setError(null);
    try {
      await run[action]({ variables: { id: booking.id } });
      close();
      const from = parseBookingStatus(booking.status);
      const now = from ? nextBookingStatus(from, action) : null;
      onDone(`Booking #${booking.id} of ${customerOf(booking).name} is now ${now ?? 'updated'}.`);
    } catch (e) {
      setError(failureWithReason(e, ACTION_TEXTS[action].failed));
      onStale();
    }
  };

  return (
    <>
      <AdminTable
        caption={caption}
        columns={BOOKING_COLUMNS}
        classes={{ wrap: 'admin-bookings__scroll', table: 'admin-bookings__table' }}
      >
        {bookings.map((b) => (
          <Row key={b.id} b={b} onAction={(booking, action) => setPending({ booking, action })} />
        ))}
      </AdminTable>
      <ConfirmDialog
        open={!!pending}
        title={texts?.title ?? ''}
        message={texts?.confirm}
        confirmLabel={busy ? (texts?.busy ?? '') : (texts?.yes ?? '')}
        cancelLabel="No, go back"
        danger={pending?.action === 'cancel'}
        busy={busy}
        error={error}
        onConfirm={go}
        onCancel={close}
      />
    </>
  );
}
