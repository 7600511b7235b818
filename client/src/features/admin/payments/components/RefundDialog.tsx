import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { TextField } from '../../../../components/FormField';
import type { AdminBookingFieldsFragment, PaymentMethod } from '../../../../gql/admin/graphql';
import { failureWithReason } from '../../../../lib/errors';
import { centsAsInput, formatCents, methodLabel, parseDollars } from '../../../../lib/money';
import { REFUND_PAYMENT } from '../api/payments.operations';
import { MethodSelect } from './MethodSelect';
import { MoneyDialog } from './MoneyDialog';
import { AMOUNT_RULE } from './RecordPaymentDialog';

export const REFUND_FAILED = 'Failed to refund.';

type Booking = Pick<AdminBookingFieldsFragment, 'id' | 'payment'>;

/**
 * Pays money back: the amount (the refund due to start with; after a late cancellation it is 0
 * and the admin decides), the method (the original payment's when not given) and a reference,
 * then asks with the amount in figures and words. A card payment is refunded through Stripe.
 */
export function RefundDialog({
  booking,
  customer,
  onClose,
  onDone,
}: {
  booking: Booking;
  customer: string;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const [amount, setAmount] = useState(() => centsAsInput(booking.payment?.refundDueCents ?? 0));
  const [method, setMethod] = useState('');
  const [reference, setReference] = useState('');
  const [amountError, setAmountError] = useState<string | undefined>();
  const [reviewing, setReviewing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [refund, { loading }] = useMutation(REFUND_PAYMENT);
  const cents = parseDollars(amount);

  const review = () => {
    const error = cents && cents > 0 ? undefined : AMOUNT_RULE;
    setAmountError(error);
    if (!error) setReviewing(true);
  };

  const confirm = async () => {
    if (!cents) return;
    setFailure(null);
    try {
      await refund({
        variables: {
          input: {
            bookingId: booking.id,
            amountCents: cents,
            ...(method ? { method: method as PaymentMethod } : {}),
            ...(reference.trim() ? { reference: reference.trim() } : {}),
          },
        },
      });
      onDone(`Refund recorded for booking #${booking.id} of ${customer}.`);
    } catch (e) {
      setFailure(failureWithReason(e, REFUND_FAILED));
    }
  };

  const paid = booking.payment ? booking.payment.paidCents : 0;
  return (
    <MoneyDialog
      open
      title={`Refund booking #${booking.id}`}
      onClose={onClose}
      reviewing={reviewing}
      onReview={review}
      onBack={() => {
        setFailure(null);
        setReviewing(false);
      }}
      amountCents={cents}
      question={(money) => (
        <>
          Refund {money} to {customer} for booking #{booking.id}
          {method ? ` by ${methodLabel(method)}` : ''}? This cannot be undone.
        </>
      )}
      reviewLabel="Review refund"
      yesLabel="Yes, refund"
      busyLabel="Refunding..."
      busy={loading}
      error={failure}
      onConfirm={() => void confirm()}
      fields={
        <>
          <TextField
            label="Amount (USD)"
            requiredMark
            required
            inputMode="decimal"
            value={amount}
            error={amountError}
            hint={`Refund due: ${formatCents(booking.payment?.refundDueCents ?? 0)}; paid: ${formatCents(paid)}`}
            onChange={(e) => setAmount(e.target.value)}
          />
          <MethodSelect label="Method" value={method} onChange={setMethod} none="Same as the payment" />
          <TextField
            label="Refund reference"
            value={reference}
            maxLength={100}
            hint="The bank or mobile-money transaction id, if any"
            onChange={(e) => setReference(e.target.value)}
          />
        </>
      }
    />
  );
}
