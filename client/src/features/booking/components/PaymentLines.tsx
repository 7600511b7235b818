import { Link } from 'react-router-dom';
import { useQuery } from '@apollo/client/react';
import { BOOKING_PAYMENT_ENTRIES } from '../api/payment.operations';
import { PaymentStateBadge } from '../../../components/PaymentStateBadge';
import type { BookingPaymentFieldsFragment } from '../../../gql/graphql';
import { formatDay } from '../../../lib/format';
import { formatCents, kindLabel } from '../../../lib/money';
import { receiptEntries } from '../lib/receipts';

export type TravellerPayment = NonNullable<BookingPaymentFieldsFragment['payment']>;

/**
 * A booking's money as the traveller follows it: the payment state, what was paid, what is due now
 * and by when, the refund due after a cancellation, and a receipt for every ledger row that counts
 * (loaded per booking once it has any).
 */
export function PaymentLines({ bookingId, payment }: { bookingId: string; payment: TravellerPayment }) {
  return (
    <>
      <dl className="my-booking__payment" data-testid="booking-payment">
        <div>
          <dt>Payment</dt>
          <dd>
            <PaymentStateBadge state={payment.state} label={payment.stateLabel} />
          </dd>
        </div>
        <div>
          <dt>Paid</dt>
          <dd data-testid="payment-paid">{formatCents(payment.paidCents)}</dd>
        </div>
        {payment.dueNowCents > 0 ? (
          <div>
            <dt>Due now</dt>
            <dd data-testid="payment-due-now">{formatCents(payment.dueNowCents)}</dd>
          </div>
        ) : null}
        {payment.outstandingCents > 0 && payment.dueNowCents === 0 ? (
          <div>
            <dt>Balance</dt>
            <dd data-testid="payment-balance">{formatCents(payment.outstandingCents)}</dd>
          </div>
        ) : null}
        {payment.balanceDueDate && payment.outstandingCents > 0 ? (
          <div>
            <dt>Balance due by</dt>
            <dd data-testid="payment-due-date" className={payment.overdue ? 'my-booking__overdue' : undefined}>
              {formatDay(payment.balanceDueDate)}
              {payment.overdue ? ' (overdue)' : ''}
            </dd>
          </div>
        ) : null}
        {payment.refundDueCents > 0 ? (
          <div>
            <dt>Refund due</dt>
            <dd data-testid="payment-refund-due">{formatCents(payment.refundDueCents)}</dd>
          </div>
        ) : null}
        {payment.refundedCents > 0 ? (
          <div>
            <dt>Refunded</dt>
            <dd>{formatCents(payment.refundedCents)}</dd>
          </div>
        ) : null}
      </dl>
      {payment.paidCents > 0 || payment.refundedCents > 0 ? <Receipts bookingId={bookingId} /> : null}
    </>
  );
}

/**
 * A receipt link for every ledger row of the booking that counts, loaded on its own. A row an admin
 * reversed and the reversing row cancel out, so neither is listed.
 */
function Receipts({ bookingId }: { bookingId: string }) {
  const { data, loading, error } = useQuery(BOOKING_PAYMENT_ENTRIES, { variables: { bookingId } });
  if (loading && !data) return <p className="my-booking__receipts">Loading receipts…</p>;
  if (error && !data) return <p className="my-booking__receipts">Receipts could not be loaded.</p>;
  const entries = receiptEntries(data?.bookingPayment?.entries ?? []);
  if (!entries.length) return null;
  return (
    <ul className="my-booking__receipts" aria-label="Receipts">
      {entries.map((e) => (
        <li key={e.id}>
          <Link to={`/bookings/${bookingId}/receipts/${e.id}`}>
            Receipt: {kindLabel(e.kind)} {formatCents(e.amountCents)}, {formatDay(e.receivedOn)}
          </Link>
        </li>
      ))}
    </ul>
  );
}
