import { useEffect, useState, type FormEvent } from 'react';
import { CombinedGraphQLErrors } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { COMPANY } from '../../components/layout/contact-info';
import { usePageMeta } from '../../components/usePageMeta';
import { SEND_CONTACT_MESSAGE } from './api/contact.mutations';
import './pages.css';

export const CONTACT_SUCCESS = 'Thank you! Your message has been sent.';
export const CONTACT_FAILURE = 'Oops! Something went wrong. Please try again.';
/** What the visitor can act on: the server's reason for a refused field or too many messages; else nothing. */
export function contactErrorDetail(error: unknown): string | null {
  if (!CombinedGraphQLErrors.is(error)) return null;
  const e = error.errors[0];
  const code = (e?.extensions as { code?: string } | undefined)?.code;
  return e?.message && (code === 'BAD_USER_INPUT' || code === 'RATE_LIMITED') ? e.message : null;
}

/** The page reloads this long after a sent message. */
export const CONTACT_RELOAD_MS = 1000;

/** /contact-us: the contact form (through sendContactMessage), hours and contact details. */
export function ContactPage({ reload = () => window.location.reload() }: { reload?: () => void }) {
  usePageMeta('Contact us', 'Contact Tembea in Arusha: quotes within 2 hours, Mon-Fri 8-18 and weekends 9-16.');
  const [form, setForm] = useState({ name: '', email: '', message: '' });
  const [result, setResult] = useState<'sent' | 'failed' | null>(null);
  const [detail, setDetail] = useState<string | null>(null);
  const [send, { loading }] = useMutation(SEND_CONTACT_MESSAGE);

  useEffect(() => {
    if (result !== 'sent') return;
    const t = setTimeout(reload, CONTACT_RELOAD_MS);
    return () => clearTimeout(t);
  }, [result, reload]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setResult(null);
    setDetail(null);
    try {
      const { data } = await send({
        variables: { input: { name: form.name.trim(), email: form.email.trim(), message: form.message.trim() } },
      });
      setResult(data?.sendContactMessage.ok ? 'sent' : 'failed');
    } catch (err) {
      setDetail(contactErrorDetail(err));
      setResult('failed');
    }
  }

  const set = (key: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));
  return (
    <div className="content-page">
      <section className="page-hero page-hero--contact">
        <h1>Contact us</h1>
        <p>Tell us where you would like to go. We send a tailored quote within 2 hours.</p>
      </section>
      <div className="section contact-layout">
        <form className="contact-form" onSubmit={submit} aria-labelledby="contact-form-heading">
          <h2 id="contact-form-heading">Send us a message</h2>
          <label htmlFor="contact-name">Name</label>
          <input
            id="contact-name"
            name="name"
            required
            maxLength={100}
            autoComplete="name"
            value={form.name}
            onChange={set('name')}
          />
          <label htmlFor="contact-email">Email</label>
          <input
            id="contact-email"
            name="email"
            type="email"
            required
            maxLength={254}
            autoComplete="email"
            value={form.email}
            onChange={set('email')}
          />
          <label htmlFor="contact-message">Message</label>
          <textarea
            id="contact-message"
            name="message"
            required
            maxLength={5000}
            rows={6}
            value={form.message}
            onChange={set('message')}
          />
          <button type="submit" className="btn btn--primary" disabled={loading || result === 'sent'}>
            {loading ? 'Sending...' : 'Send Message'}
          </button>
          <div aria-live="polite" className="contact-form__result">
            {result === 'sent' ? <p className="notice notice--success">{CONTACT_SUCCESS}</p> : null}
            {result === 'failed' ? (
              <div className="notice notice--error" role="alert">
                <p>{CONTACT_FAILURE}</p>
                {detail ? (
                  <p data-testid="contact-error-detail" className="contact-form__detail">
                    {detail}
                  </p>
                ) : null}
              </div>
            ) : null}
          </div>
        </form>
        <aside className="contact-details" aria-labelledby="contact-details-heading">
          <h2 id="contact-details-heading">Get in touch</h2>
          <p className="contact-details__promise">Quotes within 2 hours during business hours.</p>
          <address>
            {COMPANY.address}
            <br />
            Phone: <a href={COMPANY.phoneHref}>{COMPANY.phone}</a>
            <br />
            Email: <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>
          </address>
          <h3>Business hours</h3>
          <ul className="contact-hours">
            <li>Mon-Fri: 8:00 - 18:00</li>
            <li>Weekends: 9:00 - 16:00</li>
          </ul>
        </aside>
      </div>
    </div>
  );
}
