import { EMAIL_MAX, MESSAGE_MAX, NAME_MAX, isEmail } from './validation.js';

/** The contact form's values, trimmed (the email also lower-cased). */
export interface ContactFormValues {
  name: string;
  email: string;
  message: string;
}

export interface ContactFieldError {
  field: keyof ContactFormValues;
  message: string;
}

/** Control characters other than tab and line breaks (PostgreSQL text cannot even hold a NUL). */
const CONTROL_RE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * The contact form's rules: name, email and message required within their lengths, a valid email,
 * no control characters (nor line breaks and tabs in the name, which goes into a mail subject).
 * Characters that are legal in an email's quoted local part but would garble a Reply-To header
 * are refused. Every failing field is reported.
 */
export function validateContactForm(v: ContactFormValues): ContactFieldError[] {
  const errors: ContactFieldError[] = [];
  if (!v.name) errors.push({ field: 'name', message: 'Name is required' });
  else if (v.name.length > NAME_MAX)
    errors.push({ field: 'name', message: `Name must be at most ${NAME_MAX} characters` });
  else if (CONTROL_RE.test(v.name) || /[\r\n\t]/.test(v.name))
    errors.push({ field: 'name', message: 'Name must not contain control characters' });
  if (!v.email) errors.push({ field: 'email', message: 'Email is required' });
  else if (v.email.length > EMAIL_MAX || !isEmail(v.email) || /[<>()[\]\\,;:"]/.test(v.email)) {
    errors.push({ field: 'email', message: 'Please enter a valid email address' });
  }
  if (!v.message) errors.push({ field: 'message', message: 'Message is required' });
  else if (v.message.length > MESSAGE_MAX)
    errors.push({ field: 'message', message: `Message must be at most ${MESSAGE_MAX} characters` });
  else if (CONTROL_RE.test(v.message))
    errors.push({ field: 'message', message: 'Message must not contain control characters' });
  return errors;
}
