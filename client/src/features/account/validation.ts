import { isEmail, passwordLengthError } from '@tembea/schema';

/** Field name -> message; empty when the form may be sent. */
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export const PASSWORDS_DONT_MATCH = "Passwords don't match";

/**
 * The reset form's own minimum (the product's reset screen checks 6 characters). The server applies
 * its full password policy on top and the form shows the server's message when it refuses.
 */
export const RESET_PASSWORD_MIN = 6;

function email(value: string): string | undefined {
  if (!value.trim()) return 'Email is required';
  if (!isEmail(value.trim())) return 'Please enter a valid email address';
  return undefined;
}

function compact<K extends string>(errors: Record<K, string | undefined>): FieldErrors<K> {
  return Object.fromEntries(Object.entries(errors).filter(([, v]) => v)) as FieldErrors<K>;
}

/** Login: email and password required, email format. */
export function validateLogin(v: { email: string; password: string }): FieldErrors<'email' | 'password'> {
  return compact({ email: email(v.email), password: v.password ? undefined : 'Password is required' });
}

/** Sign-up: all four fields required, and the shared password length rule (8 to 256 characters). */
export function validateSignup(v: {
  name: string;
  email: string;
  phone: string;
  password: string;
}): FieldErrors<'name' | 'email' | 'phone' | 'password'> {
  return compact({
    name: v.name.trim() ? undefined : 'Full name is required',
    email: email(v.email),
    phone: v.phone.trim() ? undefined : 'Phone number is required',
    password: !v.password ? 'Password is required' : (passwordLengthError(v.password) ?? undefined),
  });
}

export function validateForgot(v: { email: string }): FieldErrors<'email'> {
  return compact({ email: email(v.email) });
}

/** Reset: both required, at least 6 characters, and equal, else "Passwords don't match". */
export function validateReset(v: { password: string; confirm: string }): FieldErrors<'password' | 'confirm'> {
  const password = !v.password
    ? 'New password is required'
    : v.password.length < RESET_PASSWORD_MIN
      ? `Password must be at least ${RESET_PASSWORD_MIN} characters`
      : undefined;
  const confirm = !v.confirm
    ? 'Please confirm your new password'
    : v.confirm !== v.password
      ? PASSWORDS_DONT_MATCH
      : undefined;
  return compact({ password, confirm });
}
