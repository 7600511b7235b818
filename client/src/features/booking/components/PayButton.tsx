import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { failureWithReason } from '../../../lib/errors';
import { payButtonLabel } from '../../../lib/money';
import { START_PAYMENT } from '../api/payment.operations';
import { checkoutRedirect } from '../lib/checkout';
import type { PaymentInstructions } from './OfflineInstructions';

export const PAYMENT_START_FAILED = 'We could not start the payment.';

/** A booking as far as paying it goes. */
export interface PayableBooking {
  id: string;
  tourTitle?: string;
  payment?: { nextPaymentCents: number; nextPaymentKind?: string | null } | null;
}

/** True when the traveller can pay something now: what is due, or the balance ahead of its day. */
export function canPay(b: PayableBooking): boolean {
  return !!b.payment && b.payment.nextPaymentCents > 0 && !!b.payment.nextPaymentKind;
}

/**
 * 'Pay deposit ($45.00)', 'Pay balance (…)' or 'Pay in full (…)': asks the server to start the
 * payment of what is due now. With Stripe the browser leaves for Checkout; offline, the
 * instructions go to `onInstructions`. The amount always comes from the server.
 */
export function PayButton({
  booking,
  onInstructions,
  className = 'btn btn--primary',
}: {
  booking: PayableBooking;
  onInstructions: (instructions: PaymentInstructions) => void;
  className?: string;
}) {
  const [start, { loading }] = useMutation(START_PAYMENT);
  const [leaving, setLeaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!canPay(booking)) return null;
  const { nextPaymentCents, nextPaymentKind } = booking.payment!;

  // Busy rather than disabled: a disabled button drops the focus to the page, and the dialog with
  // the instructions would give it back there when it closes.
  const busy = loading || leaving;
  const pay = async () => {
    if (busy) return;
    setError(null);
    try {
      const { data } = await start({ variables: { bookingId: booking.id } });
      const answer = data?.startPayment;
      if (answer?.checkoutUrl) {
        setLeaving(true);
        checkoutRedirect.go(answer.checkoutUrl);
      } else if (answer?.instructions) onInstructions(answer.instructions);
      else setError(PAYMENT_START_FAILED);
    } catch (e) {
      setError(failureWithReason(e, PAYMENT_START_FAILED));
    }
  };

  return (
    <div className="pay-button">
      <button type="button" className={className} onClick={() => void pay()} aria-disabled={busy || undefined}>
        {leaving
          ? 'Opening the payment page...'
          : loading
            ? 'Starting payment...'
            : payButtonLabel(nextPaymentKind!, nextPaymentCents)}
        {booking.tourTitle ? (
          <>
            {' '}
            <span className="visually-hidden">for {booking.tourTitle}</span>
          </>
        ) : null}
      </button>
      {error ? (
        <p className="pay-button__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
