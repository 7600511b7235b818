import { useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useMutation } from '@apollo/client/react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { PASSWORD_MIN } from '@tembea/schema';
import { RESET_PASSWORD } from './api/account.operations';
import { PasswordField, showFieldErrors } from '../../components/FormField';
import { usePageTitle, useDelayedAction } from './components/fields';
import { errorMessage, serverFieldErrors } from '../../lib/errors';
import { RESET_REDIRECT_MS } from './timing';
import { RESET_PASSWORD_MIN, validateReset, type FieldErrors } from './validation';
import './account.css';

export const INVALID_RESET_LINK = 'Invalid reset link. Please request a new password reset.';

/** Reset password with the token of the mailed link (?token=…); /login 3 s after success. */
export function ResetPasswordPage() {
  usePageTitle('Reset password');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'password' | 'confirm'>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [reset, { loading }] = useMutation(RESET_PASSWORD);
  useDelayedAction(done !== null, RESET_REDIRECT_MS, () => void navigate('/login', { replace: true }));

  if (!token) {
    return (
      <section className="section account-page">
        <div className="account-card">
          <h1>Reset password</h1>
          <p className="account-message account-message--error" role="alert">
            {INVALID_RESET_LINK}
          </p>
          <Link className="btn btn--primary account-card__submit" to="/forgot-password">
            Request a new reset link
          </Link>
        </div>
      </section>
    );
  }

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setFailure(null);
    const found = validateReset({ password, confirm });
    if (!showFieldErrors(found, setErrors, form.current)) return;
    try {
      const { data } = await reset({ variables: { token, password } });
      setDone(data?.resetPassword.message || 'Your password has been reset.');
    } catch (err) {
      const fields = serverFieldErrors(err);
      // A password the server's policy refuses is said at the field: the link still works, so no
      // banner offers a new one.
      if (fields.password) flushSync(() => setErrors({ password: fields.password }));
      else setFailure(errorMessage(err, 'Failed to reset password.'));
    }
  };

  return (
    <section className="section account-page">
      <div className="account-card">
        <h1>Reset password</h1>
        {done ? (
          <p className="account-message account-message--success" role="status">
            {done} Redirecting to login...
          </p>
        ) : (
          <p className="account-card__lead">Choose a new password for your account.</p>
        )}
        {failure ? (
          <div className="account-message account-message--error" role="alert">
            <p>{failure}</p>
            <Link to="/forgot-password">Request a new reset link</Link>
          </div>
        ) : null}
        <form ref={form} noValidate onSubmit={onSubmit} aria-busy={loading}>
          <PasswordField
            label="New password"
            name="password"
            autoComplete="new-password"
            required
            minLength={RESET_PASSWORD_MIN}
            hint={`At least ${PASSWORD_MIN} characters, not a common password`}
            value={password}
            error={errors.password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <PasswordField
            label="Confirm password"
            name="confirm"
            autoComplete="new-password"
            required
            minLength={RESET_PASSWORD_MIN}
            value={confirm}
            error={errors.confirm}
            onChange={(e) => setConfirm(e.target.value)}
          />
          <button type="submit" className="btn btn--primary account-card__submit" disabled={loading || done !== null}>
            {loading ? 'Resetting...' : 'Reset Password'}
          </button>
        </form>
      </div>
    </section>
  );
}
