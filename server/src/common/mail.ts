import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { escapeHtml } from '@tembea/schema';
import type { Config } from '../config.js';
import { log } from './logger.js';
import type { MailAnswer, MailRequest, MailThreadData, ThreadMail } from './mail-thread.js';

/** The operator's details printed in every mail (and shown on the site). */
export const OPERATOR = {
  name: 'Tembea Tours',
  phone: '+255 754 123 456',
  email: 'hello@tembea.example',
  address: 'Njiro Road, Arusha, Tanzania',
  hours: 'Mon-Fri 8:00-18:00, Sat-Sun 9:00-16:00 (East Africa Time)',
} as const;

export interface MailMessage {
  to: string;
  subject: string;
  /** Plain-text body; the operator's signature is appended. */
  text: string;
  /** HTML body (inner content); wrapped in the operator's layout with the signature. */
  html: string;
  replyTo?: string;
}

export interface SentMail {
  /** Where it went: 'smtp' or the path of the saved .eml file. */
  via: string;
  messageId: string;
}

export { escapeHtml };

function signatureText(): string {
  return `\n\n--\n${OPERATOR.name}\n${OPERATOR.address}\n${OPERATOR.phone} · ${OPERATOR.email}\nBusiness hours: ${OPERATOR.hours}\n`;
}

function layoutHtml(inner: string, subject: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1d1d1b;background:#f7f1e6;margin:0;padding:24px">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:12px;padding:24px">
<h1 style="color:#1f4d3a;font-size:20px;margin-top:0">${escapeHtml(OPERATOR.name)}</h1>
${inner}
<hr style="border:0;border-top:1px solid #e9dfcf;margin:24px 0">
<p style="font-size:13px;color:#575650">${escapeHtml(OPERATOR.name)} · ${escapeHtml(OPERATOR.address)}<br>
${escapeHtml(OPERATOR.phone)} · <a href="mailto:${OPERATOR.email}">${OPERATOR.email}</a><br>
Business hours: ${escapeHtml(OPERATOR.hours)}</p>
</div></body></html>`;
}

/** A send posted to a thread and not yet answered. */
interface Pending {
  resolve(sent: SentMail): void;
  reject(error: Error): void;
}

/** One mail thread and the sends it has not answered yet. */
interface MailThread {
  worker: Worker;
  pending: Map<number, Pending>;
  /** Settles when a send settles, whichever way; close() waits for these. */
  inFlight: Set<Promise<unknown>>;
  /** The last uncaught error the thread reported, to say why it stopped. */
  error: string | null;
}

/**
 * Sends mail through SMTP_URL, or, when none is set, saves each message as an .eml file under
 * DATA_DIR/mail and logs where it went (so a demo or a test can read it).
 *
 * Building a MIME message (encodings, line wrapping, headers) and writing or sending it is CPU work
 * that would compete with requests on the main event loop, so it runs in a worker thread
 * (mail-thread.js): the main thread only lays out the message and posts it, and logs the answer.
 * The thread is started on the first send; if it dies, the sends it held reject (the outbox retries
 * them) and the next send starts a new one.
 */
export class Mailer {
  readonly outbox: string | null;
  private thread: MailThread | null = null;
  private nextId = 1;
  private closing: Promise<void> | null = null;

  constructor(private readonly config: Pick<Config, 'smtpUrl' | 'dataDir' | 'mailFrom'>) {
    this.outbox = config.smtpUrl ? null : path.join(config.dataDir, 'mail');
  }

  async send(msg: MailMessage): Promise<SentMail> {
    const sent = await this.post({
      to: msg.to,
      replyTo: msg.replyTo,
      subject: msg.subject,
      text: msg.text + signatureText(),
      html: layoutHtml(msg.html, msg.subject),
    });
    if (this.outbox) log.info(`mail saved to ${sent.via}`, { to: msg.to, subject: msg.subject });
    else log.info('mail sent', { to: msg.to, subject: msg.subject });
    return sent;
  }

  /**
   * Waits for the sends in flight, then ends the thread; a send after this rejects. Called once the
   * senders have stopped, so no mail is cut off halfway.
   */
  close(): Promise<void> {
    this.closing ??= (async () => {
      const thread = this.thread;
      if (!thread) return;
      while (thread.inFlight.size) await Promise.all([...thread.inFlight]);
      this.thread = null;
      await thread.worker.terminate();
    })();
    return this.closing;
  }

  private post(mail: ThreadMail): Promise<SentMail> {
    if (this.closing) return Promise.reject(new Error('the mailer is closed: the server is stopping'));
    const thread = this.thread ?? this.startThread();
    const id = this.nextId++;
    const sent = new Promise<SentMail>((resolve, reject) => {
      thread.pending.set(id, { resolve, reject });
      // A thread with mail to deliver keeps the process alive; an idle one does not hold it open.
      if (thread.pending.size === 1) thread.worker.ref();
      thread.worker.postMessage({ id, mail } satisfies MailRequest);
    });
    const settled = sent.then(
      () => undefined,
      () => undefined,
    );
    thread.inFlight.add(settled);
    void settled.then(() => thread.inFlight.delete(settled));
    return sent;
  }

  private startThread(): MailThread {
    const workerData: MailThreadData = {
      smtpUrl: this.config.smtpUrl ?? null,
      outbox: this.outbox,
      from: this.config.mailFrom,
    };
    // Beside this module both as sources (the tests) and in dist/ (tsc copies the .js file).
    const worker = new Worker(new URL('./mail-thread.js', import.meta.url), { workerData });
    const thread: MailThread = { worker, pending: new Map(), inFlight: new Set(), error: null };
    worker.unref();
    worker.on('message', (answer: MailAnswer) => {
      const pending = thread.pending.get(answer.id);
      if (!pending) return;
      thread.pending.delete(answer.id);
      if (!thread.pending.size) worker.unref();
      if (answer.ok) pending.resolve({ via: answer.via, messageId: answer.messageId });
      else pending.reject(new Error(this.redact(answer.error)));
    });
    worker.on('error', (e: Error) => {
      thread.error = this.redact(String(e?.message ?? e));
    });
    worker.on('exit', (code) => {
      if (this.thread === thread) this.thread = null;
      if (!thread.pending.size) return;
      const why = thread.error ?? `exit code ${code}`;
      const error = new Error(`the mail thread stopped before the mail was sent (${why})`);
      for (const pending of thread.pending.values()) pending.reject(error);
      thread.pending.clear();
    });
    this.thread = thread;
    return thread;
  }

  /** SMTP_URL may carry a password: it never appears in an error that is logged or stored. */
  private redact(text: string): string {
    const url = this.config.smtpUrl;
    if (!url) return text;
    let out = text.split(url).join('smtp://…');
    try {
      const password = new URL(url).password;
      for (const secret of new Set([password, decodeURIComponent(password)]))
        if (secret.length >= 3) out = out.split(secret).join('***');
    } catch {
      // An SMTP_URL that is not a URL has no password to find.
    }
    return out;
  }
}
