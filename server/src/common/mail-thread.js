// @ts-check
// The mail thread: builds each MIME message with nodemailer and delivers it (SMTP, or an .eml file
// under the outbox folder), off the server's main event loop. It is plain JavaScript because a
// Worker cannot load a .ts file under Node 20, and the same file must start from the sources under
// the tests and from dist/ in production; `// @ts-check` keeps it type-checked all the same.
// It never logs: the main thread logs each delivery with the server's logger.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import nodemailer from 'nodemailer';

/**
 * @typedef {{ smtpUrl: string | null, outbox: string | null, from: string }} MailThreadData
 * @typedef {{ to: string, subject: string, text: string, html: string, replyTo?: string }} ThreadMail
 * @typedef {{ id: number, mail: ThreadMail }} MailRequest
 * @typedef {{ id: number, ok: true, via: string, messageId: string } | { id: number, ok: false, error: string }} MailAnswer
 */

const port = parentPort;
if (!port) throw new Error('mail-thread.js runs only as a worker thread');
const config = /** @type {MailThreadData} */ (workerData);

const transport = config.smtpUrl
  ? nodemailer.createTransport(config.smtpUrl)
  : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

/**
 * Saved mails hold live links (a password reset link signs into the account), so only the server's
 * own user may list or read them: before each mail the folder is set to 0700 (tightened if anyone
 * widened it, made again if it has gone), and each file is created 0600: the mode applies as the
 * file is created (a umask only removes rights), and the 'wx' flag refuses a name that already
 * exists, so no file keeps older rights.
 *
 * The file calls are synchronous: this thread does nothing else, so a blocking call here is one
 * system call made on the spot, where each asynchronous one is handed to libuv's thread pool and
 * back (five hand-offs a mail, each waking a pool thread). Setting the folder's rights first also
 * tells whether it exists, so a mail costs four calls (chmod, open, write, close), not six with a
 * mkdir and its stat before them.
 * @param {string} dir
 * @param {string} file
 * @param {Buffer} message
 */
function saveMail(dir, file, message) {
  try {
    chmodSync(dir, 0o700);
  } catch (e) {
    if (/** @type {NodeJS.ErrnoException} */ (e).code !== 'ENOENT') throw e;
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    chmodSync(dir, 0o700);
  }
  writeFileSync(file, message, { mode: 0o600, flag: 'wx' });
}

/**
 * @param {ThreadMail} mail
 * @returns {Promise<{ via: string, messageId: string }>}
 */
async function deliver(mail) {
  const info = await transport.sendMail({
    from: config.from,
    to: mail.to,
    replyTo: mail.replyTo,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    // Our mails are written in English, so quoted-printable is what nodemailer would pick anyway;
    // naming it skips the detection, which matches every letter of each body into an array of its
    // own and took about half of nodemailer's time for each mail.
    textEncoding: 'quoted-printable',
  });
  const messageId = String(info.messageId);
  if (!config.outbox) return { via: 'smtp', messageId };
  const file = path.join(
    config.outbox,
    `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`,
  );
  // The stream transport with `buffer: true` answers the whole message as a Buffer.
  saveMail(config.outbox, file, /** @type {{ message: Buffer }} */ (/** @type {unknown} */ (info)).message);
  return { via: file, messageId };
}

// Each request is delivered as soon as it arrives, so several mails may be in flight at once; the
// answer carries the request's id for the main thread to match it.
port.on('message', (/** @type {MailRequest} */ request) => {
  deliver(request.mail).then(
    ({ via, messageId }) => port.postMessage(/** @type {MailAnswer} */ ({ id: request.id, ok: true, via, messageId })),
    (/** @type {unknown} */ e) =>
      port.postMessage(
        /** @type {MailAnswer} */ ({
          id: request.id,
          ok: false,
          error: String(/** @type {Error} */ (e)?.message ?? e),
        }),
      ),
  );
});
