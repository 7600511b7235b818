import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { isIsoDay, localIsoDate } from '@tembea/schema';
import { TextField } from '../../../../components/FormField';
import type { AdminBookingFieldsFragment, PaymentMethod } from '../../../../gql/admin/graphql';
import { failureWithReason } from '../../../../lib/errors';
import { formatDay } from '../../../../lib/format';
import { centsAsInput, formatCents, methodLabel, parseDollars } from '../../../../lib/money';
import { RECORD_PAYMENT } from '../api/payments.operations';
import { MethodSelect } from './MethodSelect';
import { MoneyDialog } from './MoneyDialog';

export const RECORD_FAILED = 'Failed to record the payment.';
export const AMOUNT_RULE = 'Enter an amount in dollars greater than zero, e.g. 45.00';

type Booking = Pick<AdminBookingFieldsFragment, 'id' | 'name' | 'payment'>;

/**
 * Records money received for a booking: the amount (what is due now to start with), the method,
 * the payer's reference and the day it arrived, then asks with the amount in figures and words.
 */
export function RecordPaymentDialog({
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
  const [amount, setAmount] = useState(() => centsAsInput(booking.payment?.nextPaymentCents ?? 0));
  const [method, setMethod] = useState<string>('BANK_TRANSFER');
  const [reference, setReference] = useState('');
  const [receivedOn, setReceivedOn] = useState(() => localIsoDate());
  const [errors, setErrors] = useState<{ amount?: string; receivedOn?: string }>({});
  const [reviewing, setReviewing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [record, { loading }] = useMutation(RECORD_PAYMENT);
  const cents = parseDollars(amount);

  const review = () => {
    const found = {
      amount: cents && cents > 0 ? undefined : AMOUNT_RULE,
      receivedOn: isIsoDay(receivedOn) && receivedOn <= localIsoDate() ? undefined : 'Enter a day, today or earlier',
    };
    setErrors(found);
    if (!found.amount && !found.receivedOn) setReviewing(true);
  };

  const confirm = async () => {
    if (!cents) return;
    setFailure(null);
    try {
      await record({
        variables: {
          input: {
            bookingId: booking.id,
            amountCents: cents,
            method: method as PaymentMethod,
            receivedOn,
            ...(reference.trim() ? { payerReference: reference.trim() } : {}),
          },
        },
      });
      onDone(`Payment recorded for booking #${booking.id} of ${customer}.`);
    } catch (e) {
      setFailure(failureWithReason(e, RECORD_FAILED));
    }
  };

  return (
    <MoneyDialog
      open
      title={`Record payment for booking #${booking.id}`}
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
          Record {money} received by {methodLabel(method)} on {formatDay(receivedOn)} for booking #{booking.id} of{' '}
          {customer}?
        </>
      )}
      reviewLabel="Review payment"
      yesLabel="Yes, record payment"
      busyLabel="Recording..."
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
            error={errors.amount}
            hint={booking.payment ? `Still to pay: ${formatCents(booking.payment.outstandingCents)}` : undefined}
            onChange={(e) => setAmount(e.target.value)}
          />
          <MethodSelect label="Method" value={method} onChange={setMethod} />
          <TextField
            label="Payer's reference"
            value={reference}
            maxLength={100}
            hint="The bank or mobile-money transaction id, if any"
            onChange={(e) => setReference(e.target.value)}
          />
          <TextField
            label="Received on"
            requiredMark
            required
            type="date"
            max={localIsoDate()}
            value={receivedOn}
            error={errors.receivedOn}
            onChange={(e) => setReceivedOn(e.target.value)}
          />
        </>
      }
    />
  );
}
