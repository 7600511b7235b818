import './payment-state.css';

/** A booking's payment state ('Unpaid', 'Deposit paid', …) as a coloured badge. */
export function PaymentStateBadge({ state, label }: { state: string; label: string }) {
  return (
    <span className={`payment-state payment-state--${state.toLowerCase()}`} data-testid="payment-state">
      {label}
    </span>
  );
}
