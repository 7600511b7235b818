import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useAuth, type SessionUser } from '../../auth/AuthProvider';
import { AlertDialog } from '../../components/Dialog';
import { PasswordField, showFieldErrors } from '../../components/FormField';
import { EmailField, useDelayedAction, usePageTitle } from './components/fields';
import { errorMessage } from '../../lib/errors';
import { loginTarget } from './login-target';
import { LOGIN_WELCOME_MS } from './timing';
import { validateLogin, type FieldErrors } from './validation';
import './account.css';

/** Login: 'Welcome!' for 1.5 s on success, 'Login Failed' with Try Again on failure. */
export function LoginPage() {
  usePageTitle('Login');
  const { login } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const form = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'email' | 'password'>>({});
  const [submitting, setSubmitting] = useState(false);
  const [welcome, setWelcome] = useState<SessionUser | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const goOn = () => {
    if (!welcome) return;
    const target = loginTarget(welcome, location.state);
    if ('back' in target) void navigate(-1);
    else void navigate(target.to, { replace: true });
  };
  useDelayedAction(!!welcome, LOGIN_WELCOME_MS, goOn);

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const found = validateLogin({ email, password });
    if (!showFieldErrors(found, setErrors, form.current)) return;
    setSubmitting(true);
    try {
      setWelcome(await login(email.trim(), password));
    } catch (err) {
      setFailure(errorMessage(err, 'Login failed.'));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <section className="section account-page">
      <div className="account-card">
        <h1>Login</h1>
        <p className="account-card__lead">Log in to book tours and manage your profile.</p>
        <form ref={form} noValidate onSubmit={onSubmit} aria-busy={submitting}>
          <EmailField value={email} error={errors.email} onChange={setEmail} />
          <PasswordField
            label="Password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            error={errors.password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <p className="account-card__aside">
            <Link to="/forgot-password">Forgot password?</Link>
          </p>
          <button type="submit" className="btn btn--primary account-card__submit" disabled={submitting || !!welcome}>
            {submitting ? 'Logging in...' : 'Login'}
          </button>
        </form>
        <p className="account-card__switch">
          Don't have an account? <Link to="/signup">Sign up</Link>
        </p>
      </div>
      <AlertDialog
        open={!!welcome}
        variant="success"
        title="Welcome!"
        message={welcome ? `You are logged in as ${welcome.name}.` : null}
        actionLabel={null}
        onClose={goOn}
      />
      <AlertDialog
        open={failure !== null}
        variant="error"
        title="Login Failed"
        message={failure}
        actionLabel="Try Again"
        onClose={() => setFailure(null)}
      />
    </section>
  );
}
