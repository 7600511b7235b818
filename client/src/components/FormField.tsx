import {
  forwardRef,
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { flushSync } from 'react-dom';
import './form-field.css';

interface Decoration {
  label: string;
  error?: string;
  hint?: ReactNode;
  /** Shows an asterisk after the label (the field's `required` tells assistive technology). */
  requiredMark?: boolean;
}

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & Decoration;

/** The ids a field's hint and error get, and the aria-describedby that names them. */
function useDescribedBy(hint: ReactNode, error: string | undefined) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return { id, describedBy };
}

function Label({ htmlFor, label, requiredMark }: { htmlFor: string; label: string; requiredMark?: boolean }) {
  return (
    <label htmlFor={htmlFor}>
      {label}
      {requiredMark ? (
        <span className="form-field__required" aria-hidden="true">
          *
        </span>
      ) : null}
    </label>
  );
}

function Notes({ id, hint, error }: { id: string; hint: ReactNode; error?: string }) {
  return (
    <>
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
    </>
  );
}

/** A labelled input with its hint and error wired to aria-describedby. */
export const TextField = forwardRef<HTMLInputElement, FieldProps>(function TextField(
  { label, error, hint, requiredMark, ...input },
  ref,
) {
  const { id, describedBy } = useDescribedBy(hint, error);
  return (
    <div className={`form-field ${error ? 'form-field--invalid' : ''}`}>
      <Label htmlFor={id} label={label} requiredMark={requiredMark} />
      <input id={id} ref={ref} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      <Notes id={id} hint={hint} error={error} />
    </div>
  );
});

/** A labelled multi-line input with its hint and error wired to aria-describedby. */
export const TextAreaField = forwardRef<
  HTMLTextAreaElement,
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & Decoration
>(function TextAreaField({ label, error, hint, requiredMark, ...input }, ref) {
  const { id, describedBy } = useDescribedBy(hint, error);
  return (
    <div className={`form-field ${error ? 'form-field--invalid' : ''}`}>
      <Label htmlFor={id} label={label} requiredMark={requiredMark} />
      <textarea id={id} ref={ref} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      <Notes id={id} hint={hint} error={error} />
    </div>
  );
});

/** A password input with a show/hide toggle. */
/** A labelled select with its hint and error wired to aria-describedby, styled as the other fields. */
export const SelectField = forwardRef<
  HTMLSelectElement,
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & Decoration & { children: ReactNode }
>(function SelectField({ label, error, hint, requiredMark, children, ...select }, ref) {
  const { id, describedBy } = useDescribedBy(hint, error);
  return (
    <div className={`form-field ${error ? 'form-field--invalid' : ''}`}>
      <Label htmlFor={id} label={label} requiredMark={requiredMark} />
      <select id={id} ref={ref} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...select}>
        {children}
      </select>
      <Notes id={id} hint={hint} error={error} />
    </div>
  );
});

export const PasswordField = forwardRef<HTMLInputElement, Omit<FieldProps, 'type'>>(function PasswordField(
  { label, error, hint, requiredMark, ...input },
  ref,
) {
  const { id, describedBy } = useDescribedBy(hint, error);
  const [visible, setVisible] = useState(false);
  return (
    <div className={`form-field ${error ? 'form-field--invalid' : ''}`}>
      <Label htmlFor={id} label={label} requiredMark={requiredMark} />
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
      <Notes id={id} hint={hint} error={error} />
    </div>
  );
});

/** Focuses the first invalid field of a form after a failed validation. */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

/**
 * Shows a validation's field errors at once (so the fields are marked invalid) and focuses the
 * first invalid one; true when there are none and the form may be sent.
 */
export function showFieldErrors<E extends object>(
  found: E,
  setErrors: (errors: E) => void,
  form: HTMLFormElement | null,
): boolean {
  flushSync(() => setErrors(found));
  if (!Object.keys(found).length) return true;
  focusFirstInvalid(form);
  return false;
}
