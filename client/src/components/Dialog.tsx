import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import './dialog.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Open dialogs, innermost last: only the top one reacts to Escape and traps Tab. */
const stack: HTMLElement[] = [];

function setBackgroundInert(inert: boolean): void {
  const root = document.getElementById('root');
  if (root) root.inert = inert;
}

export interface DialogProps {
  open: boolean;
  title: ReactNode;
  /** Escape, the close button and a backdrop click call it; omit to make the dialog un-dismissable. */
  onClose?: () => void;
  children?: ReactNode;
  /** Buttons at the bottom. */
  actions?: ReactNode;
  /** alertdialog for messages that need an answer (alerts, confirmations). */
  role?: 'dialog' | 'alertdialog';
  /** Element focused on open; else the first focusable element. */
  initialFocus?: RefObject<HTMLElement | null>;
  className?: string;
  /** id of the element describing the dialog (its message). */
  describedBy?: string;
  /** Hides the × button (alerts answered with their own buttons). */
  hideClose?: boolean;
}

/**
 * Accessible modal: role dialog/alertdialog with aria-modal, focus moved in and trapped, Escape
 * closes, the page behind is inert, and focus returns to where it was when the dialog closes.
 */
export function Dialog(props: DialogProps) {
  if (!props.open) return null;
  return createPortal(<DialogPanel {...props} />, document.body);
}

function DialogPanel({
  title,
  onClose,
  children,
  actions,
  role = 'dialog',
  initialFocus,
  className,
  describedBy,
  hideClose,
}: DialogProps) {
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const el = panel.current!;
    const previous = document.activeElement as HTMLElement | null;
    stack.push(el);
    setBackgroundInert(true);
    const first = initialFocus?.current ?? el.querySelector<HTMLElement>(FOCUSABLE) ?? el;
    first.focus();

    const onKey = (e: KeyboardEvent) => {
      if (stack[stack.length - 1] !== el) return;
      if (e.key === 'Escape' && onCloseRef.current) {
        e.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (e.key !== 'Tab') return;
      const items = Array.from(el.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((n) => !n.closest('[inert]'));
      if (items.length === 0) {
        e.preventDefault();
        el.focus();
        return;
      }
      const firstItem = items[0]!;
      const lastItem = items[items.length - 1]!;
      const active = document.activeElement;
      if (e.shiftKey && (active === firstItem || !el.contains(active))) {
        e.preventDefault();
        lastItem.focus();
      } else if (!e.shiftKey && (active === lastItem || !el.contains(active))) {
        e.preventDefault();
        firstItem.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      stack.splice(stack.indexOf(el), 1);
      if (stack.length === 0) setBackgroundInert(false);
      if (previous && previous.isConnected) previous.focus();
    };
    // Focus handling belongs to opening and closing only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div
      className="dialog-backdrop"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget && onClose) onClose();
      }}
    >
      <div
        ref={panel}
        className={`dialog ${className ?? ''}`}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
      >
        <div className="dialog__header">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          {onClose && !hideClose ? (
            <button type="button" className="dialog__close" aria-label="Close" onClick={onClose}>
              <span aria-hidden="true">×</span>
            </button>
          ) : null}
        </div>
        <div className="dialog__body">{children}</div>
        {actions ? <div className="dialog__actions">{actions}</div> : null}
      </div>
    </div>
  );
}

export interface AlertDialogProps {
  open: boolean;
  title: string;
  message?: ReactNode;
  variant?: 'success' | 'error' | 'info';
  onClose: () => void;
  /** Label of the one button; none when the alert closes itself on a timer. */
  actionLabel?: string | null;
}

/** An alert: a title, a message and at most one button. */
export function AlertDialog({ open, title, message, variant = 'info', onClose, actionLabel = 'OK' }: AlertDialogProps) {
  const messageId = useId();
  return (
    <Dialog
      open={open}
      title={
        <>
          <span className={`dialog__icon dialog__icon--${variant}`} aria-hidden="true">
            {ICONS[variant]}
          </span>
          {title}
        </>
      }
      role="alertdialog"
      onClose={onClose}
      hideClose
      describedBy={message ? messageId : undefined}
      className={`dialog--alert dialog--${variant}`}
      actions={
        actionLabel ? (
          <button type="button" className="btn btn--primary" onClick={onClose}>
            {actionLabel}
          </button>
        ) : null
      }
    >
      {message ? <p id={messageId}>{message}</p> : null}
    </Dialog>
  );
}

const ICONS = { success: '✓', error: '!', info: 'i' } as const;

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** Red confirm button for destructive actions. */
  danger?: boolean;
  /** Disables both buttons while the action runs. */
  busy?: boolean;
  /** Shown under the message, e.g. the action's failure. */
  error?: string | null;
}

/** A question with a confirm and a cancel button; the cancel button has the initial focus. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  onCancel,
  danger,
  busy,
  error,
}: ConfirmDialogProps) {
  const messageId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      title={title}
      role="alertdialog"
      onClose={busy ? undefined : onCancel}
      hideClose
      initialFocus={cancelRef}
      describedBy={message ? messageId : undefined}
      className="dialog--confirm"
      actions={
        <>
          <button ref={cancelRef} type="button" className="btn btn--secondary" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </button>
          <button
            type="button"
            className={`btn ${danger ? 'btn--danger' : 'btn--primary'}`}
            onClick={onConfirm}
            disabled={busy}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      {message ? <p id={messageId}>{message}</p> : null}
      {error ? (
        <p className="dialog__error" role="alert">
          {error}
        </p>
      ) : null}
    </Dialog>
  );
}
