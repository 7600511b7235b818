import { Link, useParams } from 'react-router-dom';
import { CombinedGraphQLErrors } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { amountInWords, receiptNumber } from '@tembea/schema';
import { useAuth } from '../../auth/AuthProvider';
import { COMPANY } from '../../components/layout/contact-info';
import { Spinner } from '../../components/Spinner';
import type { BookingPaymentEntriesQuery } from '../../gql/graphql';
import { usePageMeta } from '../../components/usePageMeta';
import { errorMessage } from '../../lib/errors';
import { formatDay, formatDayRange, formatMoment, peopleCount } from '../../lib/format';
import { formatCents, kindLabel, methodLabel } from '../../lib/money';
import { MY_BOOKINGS } from './api/booking.operations';
import { BOOKING_PAYMENT_ENTRIES } from './api/payment.operations';
import { entryStanding } from './lib/receipts';
import './receipt.css';

export const RECEIPT_NOT_FOUND = 'No such receipt';

/** The server hides another traveller's booking, and refuses a malformed id, as not found. */
const isNotFound = (error: unknown): boolean =>
  CombinedGraphQLErrors.is(error) && error.errors.some((e) => e.extensions?.code === 'NOT_FOUND');

function NotFound() {
  return (
    <section className="section receipt-page">
      <h1>{RECEIPT_NOT_FOUND}</h1>
      <p>This receipt is not one of your bookings' payments.</p>
      <Link className="btn btn--primary" to="/my-bookings">
        My Bookings
      </Link>
    </section>
  );
}

type Entry = NonNullable<BookingPaymentEntriesQuery['bookingPayment']>['entries'][number];

/**
 * A row that does not stand as a receipt: a payment or refund an admin cancelled with a reversing
 * row, or that reversing row itself. The two cancel out and neither moved money the traveller should
 * count, so the page says what happened to the record instead of presenting a receipt.
 */
function CorrectedEntry({ entry, original }: { entry: Entry; original?: Entry }) {
  const reversal = entry.reversesId != null;
  // A reversing row carries the kind and amount of the row it cancels.
  const cancelled = original ?? entry;
  const refund = cancelled.kind === 'REFUND';
  const what = refund ? 'refund' : 'payment';
  const record = `the ${what} of ${formatCents(cancelled.amountCents)} (${refund ? 'refunded' : 'received'} on ${formatDay(cancelled.receivedOn)})`;
  return (
    <section className="section receipt-page" aria-labelledby="receipt-title">
      <div className="receipt-page__actions">
        <Link to="/my-bookings">Back to My Bookings</Link>
      </div>
      <article className="receipt" data-testid="receipt-corrected">
        <h1 id="receipt-title" className="receipt__title">
          {reversal ? 'Correction, not a receipt' : `${refund ? 'Refund' : 'Payment'} record cancelled`}
        </h1>
        <p>
          {reversal
            ? `This entry cancels the record of ${record}, which does not count towards your booking. It is not a ${refund ? 'payment: no money was paid' : 'refund: no money was given back'} with it.`
            : `The record of ${record} was cancelled by a correction. It does not count towards your booking, so there is no receipt for it.`}
        </p>
      </article>
    </section>
  );
}

/**
 * /bookings/:bookingId/receipts/:entryId: one ledger row of the traveller's own booking as a
 * receipt to print or save as PDF (the site's frame is left out of the printout).
 */
export function ReceiptPage() {
  usePageMeta('Receipt');
  const { bookingId, entryId } = useParams();
  const { user } = useAuth();
  const bookings = useQuery(MY_BOOKINGS, { fetchPolicy: 'cache-and-network' });
  const ledger = useQuery(BOOKING_PAYMENT_ENTRIES, { variables: { bookingId: bookingId ?? '' }, skip: !bookingId });
  const data = bookings.data && ledger.data ? bookings.data : undefined;
  const loading = bookings.loading || ledger.loading;
  const error = bookings.error ?? ledger.error;
  const refetch = () => Promise.all([bookings.refetch(), ledger.refetch()]);
  const booking = data?.myBookings.find((b) => b.id === bookingId);
  const entry = ledger.data?.bookingPayment?.entries.find((e) => e.id === entryId);

  if (!data && loading) return <Spinner label="Loading the receipt…" />;
  if (!data && error && isNotFound(error)) return <NotFound />;
  if (!data && error)
    return (
      <section className="section receipt-page" role="alert">
        <h1>We could not load the receipt</h1>
        <p>{errorMessage(error, 'Failed to fetch the receipt.')}</p>
        <button type="button" className="btn btn--primary" onClick={() => void refetch().catch(() => undefined)}>
          Try Again
        </button>
      </section>
    );
  if (!booking || !entry || !booking.payment) return <NotFound />;
  const standing = entryStanding(ledger.data?.bookingPayment?.entries ?? [], entry);
  if (standing.standing === 'reversed') return <CorrectedEntry entry={entry} />;
  if (standing.standing === 'reversal') return <CorrectedEntry entry={entry} original={standing.original} />;

  const refund = entry.kind === 'REFUND';
  const payment = booking.payment;
  const asOf = new Date().toISOString();
  return (
    <section className="section receipt-page" aria-labelledby="receipt-title">
      <div className="receipt-page__actions">
        <Link to="/my-bookings">Back to My Bookings</Link>
        <button type="button" className="btn btn--primary" onClick={() => window.print()}>
          Print
        </button>
      </div>
      <article className="receipt" data-testid="receipt">
        <header className="receipt__header">
          <div>
            <p className="receipt__company">{COMPANY.name}</p>
            <p className="receipt__muted">
              {COMPANY.address} · {COMPANY.phone} · {COMPANY.email}
            </p>
          </div>
          <h1 id="receipt-title" className="receipt__title">
            {refund ? 'Refund receipt' : 'Payment receipt'}
          </h1>
        </header>
        <dl className="receipt__facts">
          <div>
            <dt>Receipt number</dt>
            <dd>{receiptNumber(payment.reference, entry.id)}</dd>
          </div>
          <div>
            <dt>{refund ? 'Refunded on' : 'Received on'}</dt>
            <dd>{formatDay(entry.receivedOn)}</dd>
          </div>
          <div>
            <dt>{refund ? 'Refunded to' : 'Received from'}</dt>
            <dd>{user?.name ?? ''}</dd>
          </div>
          <div>
            <dt>Booking</dt>
            <dd>
              {booking.tourTitle}, {formatDayRange(booking.startDate, booking.endDate)},{' '}
              {peopleCount(booking.numberOfPeople)} (reference {payment.reference})
            </dd>
          </div>
          <div>
            <dt>For</dt>
            <dd>{kindLabel(entry.kind)}</dd>
          </div>
          <div>
            <dt>Method</dt>
            <dd>
              {methodLabel(entry.method)}
              {entry.providerReference ? ` (reference ${entry.providerReference})` : ''}
            </dd>
          </div>
          <div>
            <dt>Recorded</dt>
            <dd>{formatMoment(entry.createdAt)}</dd>
          </div>
        </dl>
        <p className="receipt__amount" data-testid="receipt-amount">
          <span className="receipt__figures">{formatCents(entry.amountCents)}</span>
          <span className="receipt__words">{amountInWords(entry.amountCents)}</span>
        </p>
        {/* The booking's figures are read now, not as they stood after this payment: say so, with
            the moment, as a printout is read later. */}
        <h2 className="receipt__summary-title" data-testid="receipt-as-of">
          As of today, {formatMoment(asOf)}
        </h2>
        <dl className="receipt__facts receipt__summary">
          <div>
            <dt>Booking total</dt>
            <dd>{formatCents(payment.totalCents)}</dd>
          </div>
          <div>
            <dt>Paid to date</dt>
            <dd>{formatCents(payment.paidCents)}</dd>
          </div>
          {payment.outstandingCents > 0 ? (
            <div>
              <dt>
                Still due{payment.balanceDueDate ? ` by ${formatDay(payment.balanceDueDate)}` : ''}
                {payment.overdue ? ' (overdue)' : ''}
              </dt>
              <dd data-testid="receipt-still-due">{formatCents(payment.outstandingCents)}</dd>
            </div>
          ) : null}
          {payment.dueNowCents > 0 && payment.dueNowCents < payment.outstandingCents ? (
            <div>
              <dt>Due now</dt>
              <dd data-testid="receipt-due-now">{formatCents(payment.dueNowCents)}</dd>
            </div>
          ) : null}
          {payment.refundedCents > 0 ? (
            <div>
              <dt>Refunded to date</dt>
              <dd>{formatCents(payment.refundedCents)}</dd>
            </div>
          ) : null}
          <div>
            <dt>Payment state</dt>
            <dd>{payment.stateLabel}</dd>
          </div>
        </dl>
        {payment.outstandingCents > 0 ? (
          <p data-testid="receipt-how-to-pay">
            To pay what is still due, use the Pay button in My Bookings, or pay by bank transfer or mobile money quoting
            reference {payment.reference}.
          </p>
        ) : null}
        <p className="receipt__muted">All amounts in US dollars. The 3% deposit is non-refundable.</p>
      </article>
    </section>
  );
}
