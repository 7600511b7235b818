import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { Dialog } from '../../../../components/Dialog';
import { figuresAndWords } from '../../../../lib/money';

/**
 * A money action in two steps in one labelled dialog: the form, then a question stating the amount
 * in figures and words ("Record $45.00 (forty-five dollars) …?") before anything is sent. The
 * question's Back button takes the focus, so Enter never moves money by accident.
 */
export function MoneyDialog({
  open,
  title,
  onClose,
  reviewing,
  onReview,
  onBack,
  fields,
  amountCents,
  question,
  reviewLabel,
  yesLabel,
  busyLabel,
  busy,
  error,
  onConfirm,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  /** True once the form is filled in and the question shows. */
  reviewing: boolean;
  onReview: () => void;
  onBack: () => void;
  fields: ReactNode;
  amountCents: number | null;
  /** The question, given the amount in figures and words. */
  question: (amount: string) => ReactNode;
  reviewLabel: string;
  yesLabel: string;
  busyLabel: string;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
}) {
  const backRef = useRef<HTMLButtonElement>(null);
  const firstField = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    if (reviewing) backRef.current?.focus();
    else firstField.current?.querySelector<HTMLElement>('input, select')?.focus();
  }, [reviewing, open]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onReview();
  };
  return (
    <Dialog
      open={open}
      title={title}
      onClose={busy ? undefined : onClose}
      role={reviewing ? 'alertdialog' : 'dialog'}
      className="money-dialog"
    >
      {reviewing && amountCents != null ? (
        <div className="money-dialog__review">
          <p className="money-dialog__question" data-testid="money-question">
            {question(figuresAndWords(amountCents))}
          </p>
          {error ? (
            <p className="dialog__error" role="alert">
              {error}
            </p>
          ) : null}
          <div className="dialog__actions">
            <button ref={backRef} type="button" className="btn btn--secondary" onClick={onBack} disabled={busy}>
              No, go back
            </button>
            <button type="button" className="btn btn--primary" onClick={onConfirm} disabled={busy}>
              {busy ? busyLabel : yesLabel}
            </button>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} noValidate>
          <div ref={firstField} className="money-dialog__fields">
            {fields}
          </div>
          <div className="dialog__actions">
            <button type="button" className="btn btn--secondary" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="btn btn--primary">
              {reviewLabel}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
