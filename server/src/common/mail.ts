import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import { escapeHtml } from '@tembea/schema';
import type { Config } from '../config.js';
import { log } from './logger.js';

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

/**
 * Saved mails hold live links (a password reset link signs into the account), so only the server's
 * own user may list or read them: the folder is 0700, tightened if it existed with wider rights,
 * and each file is written 0600.
 */
async function privateFolder(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
}

/**
 * Sends mail through SMTP_URL, or, when none is set, saves each message as an .eml file under
 * DATA_DIR/mail and logs where it went (so a demo or a test can read it).
 */
export class Mailer {
  private transport: Transporter;
  readonly outbox: string | null;

  constructor(private readonly config: Pick<Config, 'smtpUrl' | 'dataDir' | 'mailFrom'>) {
    if (config.smtpUrl) {
      this.outbox = null;
      this.transport = nodemailer.createTransport(config.smtpUrl);
    } else {
      this.outbox = path.join(config.dataDir, 'mail');
      this.transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    }
  }

  async send(msg: MailMessage): Promise<SentMail> {
    const info = await this.transport.sendMail({
      from: this.config.mailFrom,
      to: msg.to,
      replyTo: msg.replyTo,
      subject: msg.subject,
      text: msg.text + signatureText(),
      html: layoutHtml(msg.html, msg.subject),
    });
    if (!this.outbox) {
      log.info('mail sent', { to: msg.to, subject: msg.subject });
      return { via: 'smtp', messageId: String(info.messageId) };
    }
    // Asynchronous file calls: the outbox sends from the server's own process, and a synchronous
    // open and write per mail would hold every request waiting behind the disk.
    await privateFolder(this.outbox);
    const file = path.join(
      this.outbox,
      `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`,
    );
    await writeFile(file, (info as unknown as { message: Buffer }).message, { mode: 0o600 });
    log.info(`mail saved to ${file}`, { to: msg.to, subject: msg.subject });
    return { via: file, messageId: String(info.messageId) };
  }
}
