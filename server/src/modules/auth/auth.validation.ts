import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PHONE_MAX, hasControlCharacters, isEmail } from '@tembea/schema';
import { BadInputError, type FieldError, throwIfInvalid } from '../../common/errors.js';
import { passwordPolicyError } from './password-policy.js';

/** Both APIs send loosely typed bodies (REST JSON may hold anything): only strings count. */
function text(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

/** A value that was sent but is not text (a number, an array, an object): said so, not 'required'. */
function notText(v: unknown, field: string, label: string, errors: FieldError[]): boolean {
  if (v === undefined || v === null || typeof v === 'string') return false;
  errors.push({ field, message: `${label} must be text` });
  return true;
}

/** Length in characters (code points), so an emoji counts once; passwords are never trimmed or cut. */
function chars(s: string): number {
  return [...s].length;
}

/** Trimmed, lower-cased email or a field error. */
function email(raw: unknown, errors: FieldError[]): string {
  const v = text(raw).trim().toLowerCase();
  if (notText(raw, 'email', 'Email', errors)) return v;
  if (!v) errors.push({ field: 'email', message: 'Email is required' });
  else if (v.length > EMAIL_MAX || !isEmail(v))
    errors.push({ field: 'email', message: 'Please enter a valid email address' });
  return v;
}

/** A new password (sign-up, reset): required, then the password policy. */
function newPassword(raw: unknown, errors: FieldError[], field = 'password'): string {
  const v = text(raw);
  if (notText(raw, field, 'Password', errors)) return v;
  const problem = v ? passwordPolicyError(v) : 'Password is required';
  if (problem) errors.push({ field, message: problem });
  return v;
}

// Digits with the usual separators and an optional leading +; at least 6 digits.
const PHONE_RE = /^\+?[0-9 ().-]+$/;

export interface RegisterData {
  name: string;
  email: string;
  phone: string;
  password: string;
}

/** Sign-up rules: name, email, phone and password required; the password policy (8 to 256 characters, not a common one). */
export function validateRegister(input: Record<string, unknown>): RegisterData {
  const errors: FieldError[] = [];
  const name = text(input.name).trim();
  if (!notText(input.name, 'name', 'Name', errors)) {
    if (!name) errors.push({ field: 'name', message: 'Name is required' });
    else if (chars(name) > NAME_MAX)
      errors.push({ field: 'name', message: `Name must be at most ${NAME_MAX} characters` });
    else if (hasControlCharacters(name))
      errors.push({ field: 'name', message: 'Name must not contain control characters' });
  }
  const mail = email(input.email, errors);
  const phone = text(input.phone).trim();
  if (!notText(input.phone, 'phone', 'Phone', errors)) {
    if (!phone) errors.push({ field: 'phone', message: 'Phone is required' });
    else if (phone.length > PHONE_MAX || !PHONE_RE.test(phone) || phone.replace(/\D/g, '').length < 6) {
      errors.push({ field: 'phone', message: 'Please enter a valid phone number, including the country code' });
    }
  }
  const pw = newPassword(input.password, errors);
  throwIfInvalid(errors, 'first');
  return { name, email: mail, phone, password: pw };
}

/** Login rules: email and password required, email format; nothing longer than any password set. */
export function validateLogin(input: Record<string, unknown>): { email: string; password: string } {
  const errors: FieldError[] = [];
  const mail = email(input.email, errors);
  const pw = text(input.password);
  if (!notText(input.password, 'password', 'Password', errors)) {
    if (!pw) errors.push({ field: 'password', message: 'Password is required' });
    else if (chars(pw) > PASSWORD_MAX)
      errors.push({ field: 'password', message: `Password must be at most ${PASSWORD_MAX} characters` });
  }
  throwIfInvalid(errors, 'first');
  return { email: mail, password: pw };
}

/** The email of a forgot-password request. */
export function validateEmail(raw: unknown): string {
  const errors: FieldError[] = [];
  const mail = email(raw, errors);
  throwIfInvalid(errors, 'first');
  return mail;
}

/** Reset rules: a token ('Invalid reset token' when missing) and a password that meets the same policy as sign-up. */
export function validateReset(input: Record<string, unknown>): { token: string; password: string } {
  const token = text(input.token).trim();
  if (!token) throw new BadInputError('Invalid reset token', [{ field: 'token', message: 'Invalid reset token' }]);
  const errors: FieldError[] = [];
  const pw = newPassword(input.password, errors);
  throwIfInvalid(errors, 'first');
  return { token, password: pw };
}
