import { useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { Link } from 'react-router-dom';
import { FORGOT_PASSWORD } from './api/account.operations';
import { showFieldErrors } from '../../components/FormField';
import { EmailField, FailureMessage, usePageTitle } from './components/fields';
import { errorMessage } from '../../lib/errors';
import { validateForgot, type FieldErrors } from './validation';
import './account.css';

export const RESET_LINK_SENT = 'If the email exists, a reset link has been sent. Please check your inbox.';

/** Forgot password: the same answer whether or not the account exists. */
export function ForgotPasswordPage() {
  usePageTitle('Forgot password');
  const form = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'email'>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [send, { loading }] = useMutation(FORGOT_PASSWORD);

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setFailure(null);
    const found = validateForgot({ email });
    if (!showFieldErrors(found, setErrors, form.current)) return;
    try {
      await send({ variables: { email: email.trim() } });
      setSent(true);
    } catch (err) {
      setFailure(errorMessage(err, 'Failed to send reset code.'));
    }
  };

  return (
    <section className="section account-page">
      <div className="account-card">
        <h1>Forgot password</h1>
        {sent ? (
          <>
            <p className="account-message account-message--success" role="status">
              {RESET_LINK_SENT}
            </p>
            <Link className="btn btn--primary account-card__submit" to="/login">
              Back to Login
            </Link>
          </>
        ) : (
          <>
            <p className="account-card__lead">
              Enter the email of your account and we will send you a link to choose a new password.
            </p>
            <FailureMessage message={failure} />
            <form ref={form} noValidate onSubmit={onSubmit} aria-busy={loading}>
              <EmailField value={email} error={errors.email} onChange={setEmail} />
              <button type="submit" className="btn btn--primary account-card__submit" disabled={loading}>
                {loading ? 'Sending...' : 'Send Reset Link'}
              </button>
            </form>
            <p className="account-card__switch">
              <Link to="/login">Back to Login</Link>
            </p>
          </>
        )}
      </div>
    </section>
  );
}
