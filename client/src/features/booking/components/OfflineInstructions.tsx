import { forwardRef, useState } from 'react';
import type { StartPaymentMutation } from '../../../gql/graphql';
import { formatCents, methodLabel } from '../../../lib/money';

export type PaymentInstructions = NonNullable<StartPaymentMutation['startPayment']['instructions']>;

export const HOLD_NOTE =
  'We hold your booking while your payment is on its way. If the deposit has not reached us within the hold period (72 hours unless we tell you otherwise), the booking is cancelled and its seats are freed. We email you a receipt as soon as we have recorded your payment; your booking is confirmed once the operator has checked it.';
export const RECEIPT_NOTE = 'We email you a receipt as soon as we have recorded your payment.';
export const CONFIRMATION_NOTE = 'Your booking is confirmed once the operator has checked it.';

/** A booking as far as its unpaid hold goes. */
export interface HoldFacts {
  status: string;
  payment?: { paidCents: number; depositCents: number } | null;
}

/**
 * True while the booking can still lose its seats for want of a deposit: it is Pending and the
 * deposit is not fully in. A confirmed booking, or one paying its balance, is never cancelled so.
 */
export function depositHoldApplies(booking: HoldFacts | undefined): boolean {
  return booking?.status === 'Pending' && !!booking.payment && booking.payment.paidCents < booking.payment.depositCents;
}

interface OfflineInstructionsProps {
  instructions: PaymentInstructions;
  /** The booking being paid, for what happens to it meanwhile. */
  booking: HoldFacts | undefined;
}

/** What happens to the booking meanwhile: the hold warning only while it applies. */
function PendingNote({ booking }: { booking: HoldFacts | undefined }) {
  if (depositHoldApplies(booking)) return <p className="pay-instructions__note">{HOLD_NOTE}</p>;
  return (
    <p className="pay-instructions__note">
      {RECEIPT_NOTE}
      {booking?.status === 'Pending' ? ` ${CONFIRMATION_NOTE}` : ''}
    </p>
  );
}

/** The payment reference, large, with a button that copies it. */
function Reference({ reference }: { reference: string }) {
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(reference);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  };
  return (
    <div className="pay-reference">
      <span className="pay-reference__label" id="pay-reference-label">
        Payment reference
      </span>
      <strong className="pay-reference__value" aria-describedby="pay-reference-label" data-testid="payment-reference">
        {reference}
      </strong>
      <button type="button" className="btn btn--secondary pay-reference__copy" onClick={() => void copy()}>
        Copy <span className="visually-hidden">payment reference</span>
      </button>
      <span className="pay-reference__status" role="status">
        {copied === 'yes' ? 'Copied.' : copied === 'no' ? 'Copying failed: select the reference and copy it.' : ''}
      </span>
    </div>
  );
}

/**
 * How to pay by bank transfer or mobile money: the reference to quote, the amount, the operator's
 * bank account and mobile-money numbers, and what happens to the booking meanwhile. The heading
 * takes the focus when the instructions appear in place of the button that asked for them.
 */
export const OfflineInstructions = forwardRef<HTMLHeadingElement, OfflineInstructionsProps>(
  function OfflineInstructions({ instructions, booking }, headingRef) {
    const { bank, mobileMoney } = instructions;
    return (
      <section className="pay-instructions" aria-labelledby="pay-instructions-title" data-testid="pay-instructions">
        <h3 id="pay-instructions-title" ref={headingRef} tabIndex={-1} className="pay-instructions__title">
          How to pay
        </h3>
        <p>
          Pay <strong data-testid="payment-amount">{formatCents(instructions.amountCents)}</strong> by bank transfer or
          mobile money, quoting this reference so we can match your payment to your booking.
        </p>
        <Reference reference={instructions.reference} />
        {bank ? (
          <div className="pay-instructions__block">
            <h4>Bank transfer</h4>
            <dl className="pay-instructions__facts">
              <div>
                <dt>Bank</dt>
                <dd>{bank.name}</dd>
              </div>
              <div>
                <dt>Account name</dt>
                <dd>{bank.accountName}</dd>
              </div>
              <div>
                <dt>Account number</dt>
                <dd>{bank.accountNumber}</dd>
              </div>
              {bank.swift ? (
                <div>
                  <dt>SWIFT</dt>
                  <dd>{bank.swift}</dd>
                </div>
              ) : null}
              {bank.branch ? (
                <div>
                  <dt>Branch</dt>
                  <dd>{bank.branch}</dd>
                </div>
              ) : null}
            </dl>
          </div>
        ) : null}
        {mobileMoney.length ? (
          <div className="pay-instructions__block">
            <h4>Mobile money</h4>
            <dl className="pay-instructions__facts">
              {mobileMoney.map((m) => (
                <div key={`${m.provider}-${m.number}`}>
                  <dt>{methodLabel(m.provider)}</dt>
                  <dd>{m.number}</dd>
                </div>
              ))}
            </dl>
          </div>
        ) : null}
        <PendingNote booking={booking} />
      </section>
    );
  },
);
