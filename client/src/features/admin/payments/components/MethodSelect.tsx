import { useId } from 'react';
import { methodLabel, PAYMENT_METHODS } from '../../../../lib/money';

/** A labelled choice of payment method; `none` adds a first option meaning "not given". */
export function MethodSelect({
  label,
  value,
  onChange,
  none,
}: {
  label: string;
  value: string;
  onChange: (method: string) => void;
  none?: string;
}) {
  const id = useId();
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {none ? <option value="">{none}</option> : null}
        {PAYMENT_METHODS.map((m) => (
          <option key={m} value={m}>
            {methodLabel(m)}
          </option>
        ))}
      </select>
    </div>
  );
}
