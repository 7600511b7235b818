import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useMutation } from '@apollo/client/react';
import { bookingActions, nextBookingStatus, parseBookingStatus, type BookingAction } from '@tembea/schema';
import { BookingStatusBadge } from '../../../../components/BookingStatusBadge';
import { PaymentStateBadge } from '../../../../components/PaymentStateBadge';
import { AdminTable } from '../../shared/AdminTable';
import { ConfirmDialog } from '../../../../components/Dialog';
import type { AdminBookingFieldsFragment } from '../../../../gql/admin/graphql';
import { failureWithReason } from '../../../../lib/errors';
import { formatDay, formatDayRange } from '../../../../lib/format';
import { formatCents } from '../../../../lib/money';
import { RecordPaymentDialog } from '../../payments/components/RecordPaymentDialog';
import { RefundDialog } from '../../payments/components/RefundDialog';
import { CANCEL_BOOKING, COMPLETE_BOOKING, CONFIRM_BOOKING } from '../api/admin-bookings.operations';
import { ACTION_TEXTS, customerOf, UNPAID_CONFIRM } from '../lib/booking-actions';

export type AdminBooking = AdminBookingFieldsFragment;

const BOOKING_COLUMNS = ['Tour', 'Customer', 'Dates', 'People', 'Status', 'Payment', 'Actions'];

type MoneyAction = 'record' | 'refund';

/**
 * The money buttons a booking offers: record while something is still to pay on an open booking (a
 * balance may come early), refund whenever a refund is due (a Completed booking included: the
 * money is owed whatever the trip's status) or money was paid on a cancelled booking.
 */
export function moneyActionsOf(b: AdminBooking): MoneyAction[] {
  const p = b.payment;
  if (!p) return [];
  const out: MoneyAction[] = [];
  if (p.outstandingCents > 0 && b.status !== 'Cancelled' && b.status !== 'Completed') out.push('record');
  if (p.refundDueCents > 0 || (b.status === 'Cancelled' && p.paidCents > 0)) out.push('refund');
  return out;
}

const MONEY_BUTTONS: Record<MoneyAction, string> = { record: 'Record payment', refund: 'Refund' };

/** The payment cell: state, paid of total, and the balance's due day (flagged when overdue). */
function PaymentCell({ b }: { b: AdminBooking }) {
  const p = b.payment;
  if (!p) return <span className="admin-bookings__sub">No price</span>;
  return (
    <div className="admin-bookings__pay" data-testid="booking-payment">
      <PaymentStateBadge state={p.state} label={p.stateLabel} />
      <span>
        {formatCents(p.paidCents)} / {formatCents(p.totalCents)}
      </span>
      {p.refundDueCents > 0 ? (
        <span className="admin-bookings__sub">Refund due {formatCents(p.refundDueCents)}</span>
      ) : null}
      {p.outstandingCents > 0 && p.balanceDueDate ? (
        <span className={p.overdue ? 'admin-bookings__overdue' : 'admin-bookings__sub'}>
          {p.overdue ? 'Overdue since' : 'Balance due'} {formatDay(p.balanceDueDate)}
        </span>
      ) : null}
    </div>
  );
}

/** The buttons a booking offers in its status (the shared status machine decides). */
export function actionsOf(status: string): BookingAction[] {
  const s = parseBookingStatus(status);
  return s ? bookingActions(s) : [];
}

function Row({
  b,
  onAction,
  onMoney,
}: {
  b: AdminBooking;
  onAction: (b: AdminBooking, a: BookingAction) => void;
  onMoney: (b: AdminBooking, a: MoneyAction) => void;
}) {
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
        <PaymentCell b={b} />
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
          {moneyActionsOf(b).map((a) => (
            <button
              key={a}
              type="button"
              className="btn btn--secondary admin-bookings__action"
              onClick={() => onMoney(b, a)}
            >
              {MONEY_BUTTONS[a]}
              <span className="visually-hidden">
                {' '}
                for booking #{b.id} of {customer.name}
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
  const [money, setMoney] = useState<{ booking: AdminBooking; action: MoneyAction } | null>(null);
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
  const tableRef = useRef<HTMLDivElement>(null);

  /**
   * Once a dialog has closed: a dialog gives focus back to the button that opened it, but an action
   * that changes the booking may have removed that button (Confirm once confirmed, Record payment
   * once paid). Focus then goes to the row's first remaining action, else to the table, rather than
   * being lost to the page.
   */
  const refocus = (bookingId: string) =>
    requestAnimationFrame(() => {
      const table = tableRef.current;
      if (!table || table.contains(document.activeElement)) return;
      const row = Array.from(table.querySelectorAll<HTMLElement>('tr[data-booking-id]')).find(
        (r) => r.dataset.bookingId === bookingId,
      );
      (row?.querySelector<HTMLElement>('button') ?? table.querySelector<HTMLElement>('[role="region"]'))?.focus();
    });

  const close = () => {
    if (pending) refocus(pending.booking.id);
    setPending(null);
    setError(null);
  };
  const closeMoney = () => {
    if (money) refocus(money.booking.id);
    setMoney(null);
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
      <div ref={tableRef}>
        <AdminTable
          caption={caption}
          columns={BOOKING_COLUMNS}
          classes={{ wrap: 'admin-bookings__scroll', table: 'admin-bookings__table' }}
        >
          {bookings.map((b) => (
            <Row
              key={b.id}
              b={b}
              onAction={(booking, action) => setPending({ booking, action })}
              onMoney={(booking, action) => setMoney({ booking, action })}
            />
          ))}
        </AdminTable>
      </div>
      <ConfirmDialog
        open={!!pending}
        title={texts?.title ?? ''}
        message={
          pending?.action === 'confirm' && pending.booking.payment?.state === 'UNPAID' ? (
            <>
              {texts?.confirm}{' '}
              <strong className="admin-bookings__unpaid" data-testid="unpaid-confirm">
                {UNPAID_CONFIRM}
              </strong>
            </>
          ) : (
            texts?.confirm
          )
        }
        confirmLabel={busy ? (texts?.busy ?? '') : (texts?.yes ?? '')}
        cancelLabel="No, go back"
        danger={pending?.action === 'cancel'}
        busy={busy}
        error={error}
        onConfirm={go}
        onCancel={close}
      />
      {money?.action === 'record' ? (
        <RecordPaymentDialog
          booking={money.booking}
          customer={customerOf(money.booking).name}
          onClose={closeMoney}
          onDone={(message) => {
            closeMoney();
            onDone(message);
          }}
        />
      ) : null}
      {money?.action === 'refund' ? (
        <RefundDialog
          booking={money.booking}
          customer={customerOf(money.booking).name}
          onClose={closeMoney}
          onDone={(message) => {
            closeMoney();
            onDone(message);
          }}
        />
      ) : null}
    </>
  );
}
