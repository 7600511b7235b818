import { useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useMutation } from '@apollo/client/react';
import { Link, useNavigate } from 'react-router-dom';
import { PASSWORD_MIN } from '@tembea/schema';
import { REGISTER } from './api/account.operations';
import { focusFirstInvalid, PasswordField, showFieldErrors, TextField } from '../../components/FormField';
import { FailureMessage, useDelayedAction, usePageTitle } from './components/fields';
import { errorMessage, serverFieldErrors } from '../../lib/errors';
import { SIGNUP_REDIRECT_MS } from './timing';
import { validateSignup, type FieldErrors } from './validation';
import './account.css';

type SignupField = 'name' | 'email' | 'phone' | 'password';

/** Sign-up: on success a message, then /login after 2 s. */
export function SignupPage() {
  usePageTitle('Sign up');
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState({ name: '', email: '', phone: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<SignupField>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [register, { loading }] = useMutation(REGISTER);
  useDelayedAction(done, SIGNUP_REDIRECT_MS, () => void navigate('/login', { replace: true }));

  const set = (k: SignupField) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [k]: e.target.value }));

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setFailure(null);
    const found = validateSignup(values);
    if (!showFieldErrors(found, setErrors, form.current)) return;
    try {
      await register({
        variables: {
          input: {
            name: values.name.trim(),
            email: values.email.trim(),
            phone: values.phone.trim(),
            password: values.password,
          },
        },
      });
      setDone(true);
    } catch (err) {
      const fields = serverFieldErrors(err) as FieldErrors<SignupField>;
      flushSync(() => setErrors(fields));
      focusFirstInvalid(form.current);
      setFailure(err instanceof Error ? errorMessage(err, 'Signup failed.') : 'An unexpected error occurred.');
    }
  };

  return (
    <section className="section account-page">
      <div className="account-card">
        <h1>Create an account</h1>
        <p className="account-card__lead">Sign up to book tours and follow your bookings.</p>
        {done ? (
          <p className="account-message account-message--success" role="status">
            Account created successfully! Redirecting to login...
          </p>
        ) : null}
        <FailureMessage message={failure} />
        <form ref={form} noValidate onSubmit={onSubmit} aria-busy={loading}>
          <TextField
            label="Full name"
            name="name"
            autoComplete="name"
            required
            value={values.name}
            error={errors.name}
            onChange={set('name')}
          />
          <TextField
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            required
            value={values.email}
            error={errors.email}
            onChange={set('email')}
          />
          <TextField
            label="Phone"
            type="tel"
            name="phone"
            autoComplete="tel"
            required
            placeholder="+255 754 123 456"
            hint="Include country code"
            value={values.phone}
            error={errors.phone}
            onChange={set('phone')}
          />
          <PasswordField
            label="Password"
            name="password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN}
            hint={`At least ${PASSWORD_MIN} characters, not a common password`}
            value={values.password}
            error={errors.password}
            onChange={set('password')}
          />
          <button type="submit" className="btn btn--primary account-card__submit" disabled={loading || done}>
            {loading ? 'Creating Account...' : 'Sign Up'}
          </button>
        </form>
        <p className="account-card__switch">
          Already have an account? <Link to="/login">Log in</Link>
        </p>
      </div>
    </section>
  );
}
