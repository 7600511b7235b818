import { forwardRef, useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import './form-field.css';

/** A labelled select with its hint and error wired to aria-describedby, styled as the other fields. */
export const SelectField = forwardRef<
  HTMLSelectElement,
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
    label: string;
    error?: string;
    hint?: ReactNode;
    requiredMark?: boolean;
    children: ReactNode;
  }
>(function SelectField({ label, error, hint, requiredMark, children, ...select }, ref) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`form-field ${error ? 'form-field--invalid' : ''}`}>
      <label htmlFor={id}>
        {label}
        {requiredMark ? (
          <span className="form-field__required" aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      <select id={id} ref={ref} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...select}>
        {children}
      </select>
      {hint ? (
        <p id={`${id}-hint`} className="form-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="form-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
});
