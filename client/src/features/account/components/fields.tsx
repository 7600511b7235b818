import { useEffect, useState } from 'react';
import { TextField } from '../../../components/FormField';

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

/** Why the form was not accepted, announced as an alert; nothing while there is no failure. */
export function FailureMessage({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="account-message account-message--error" role="alert">
      {message}
    </p>
  );
}

/** The email field of the login and forgotten-password forms. */
export function EmailField({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      label="Email"
      type="email"
      name="email"
      autoComplete="email"
      required
      value={value}
      error={error}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
