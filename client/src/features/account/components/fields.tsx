import { forwardRef, useEffect, useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string;
  hint?: ReactNode;
}

/** A labelled input with its hint and error wired to aria-describedby. */
export const TextField = forwardRef<HTMLInputElement, FieldProps>(function TextField({ label, error, hint, ...input }, ref) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`form-field ${error ? 'form-field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input id={id} ref={ref} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {hint ? <p id={`${id}-hint`} className="form-field__hint">{hint}</p> : null}
      {error ? <p id={`${id}-error`} className="form-field__error">{error}</p> : null}
    </div>
  );
});

/** A password input with a show/hide toggle. */
export const PasswordField = forwardRef<HTMLInputElement, Omit<FieldProps, 'type'>>(function PasswordField({ label, error, hint, ...input }, ref) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`form-field ${error ? 'form-field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="form-field__password">
        <input
          id={id}
          ref={ref}
          type={visible ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...input}
        />
        <button
          type="button"
          className="form-field__toggle"
          aria-pressed={visible}
          aria-controls={id}
          aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      </div>
      {hint ? <p id={`${id}-hint`} className="form-field__hint">{hint}</p> : null}
      {error ? <p id={`${id}-error`} className="form-field__error">{error}</p> : null}
    </div>
  );
});

/** Sets the document title of a screen. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} – Tembea`;
  }, [title]);
}

/** Runs `action` once, `ms` after `active` turns true; cancelled when the screen unmounts. */
export function useDelayedAction(active: boolean, ms: number, action: () => void): void {
  const [run] = useState(() => ({ current: action }));
  run.current = action;
  useEffect(() => {
    if (!active) return;
    const t = window.setTimeout(() => run.current(), ms);
    return () => window.clearTimeout(t);
  }, [active, ms, run]);
}

/** Focuses the first invalid field of a form after a failed validation. */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}
