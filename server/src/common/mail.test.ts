import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSmtpSink } from '../test/smtp-sink.js';
import { setLogLevel } from './logger.js';
import { Mailer, type MailMessage, type SentMail } from './mail.js';

const FROM = 'Tembea Tours <hello@tembea.example>';

function message(i = 0, over: Partial<MailMessage> = {}): MailMessage {
  return {
    to: `guest${i}@example.com`,
    subject: `Karibu ${i}: Serengeti – Ngorongoro`,
    text: `Habari ${i}! Your safari starts on 12 March.`,
    html: `<p>Habari ${i}! Your safari starts on <b>12 March</b>.</p>`,
    ...over,
  };
}

/** The thread a mailer runs now, reached past its privacy to end it as a crash would. */
function threadOf(mailer: Mailer): Worker | undefined {
  return (mailer as unknown as { thread: { worker: Worker } | null }).thread?.worker;
}

async function emlFiles(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((f) => f.endsWith('.eml')).sort();
}

let dataDir: string;
let mailer: Mailer;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'tembea-mail-'));
  mailer = new Mailer({ dataDir, smtpUrl: null, mailFrom: FROM });
  setLogLevel('silent');
});
afterEach(async () => {
  await mailer.close();
  vi.restoreAllMocks();
  setLogLevel('info');
  await rm(dataDir, { recursive: true, force: true });
});

describe('Mailer without SMTP (the mail thread saves .eml files)', () => {
  it('saves a readable .eml with 0600 rights in a 0700 folder, and logs where it went', async () => {
    // A folder made earlier with wider rights is tightened.
    await mkdir(path.join(dataDir, 'mail'), { mode: 0o755 });
    await chmod(path.join(dataDir, 'mail'), 0o755);
    setLogLevel('info');
    const lines: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    const sent = await mailer.send(message(1, { replyTo: 'ops@tembea.example' }));
    expect(mailer.outbox).toBe(path.join(dataDir, 'mail'));
    expect(path.dirname(sent.via)).toBe(mailer.outbox);
    expect(path.basename(sent.via)).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-[0-9a-f]{8}\.eml$/);
    expect(sent.messageId).toMatch(/^<.+@.+>$/);
    expect((await stat(sent.via)).mode & 0o777).toBe(0o600);
    expect((await stat(mailer.outbox!)).mode & 0o777).toBe(0o700);
    const eml = await readFile(sent.via, 'utf8');
    expect(eml).toContain('To: guest1@example.com');
    expect(eml).toContain('From: Tembea Tours <hello@tembea.example>');
    expect(eml).toContain('Reply-To: ops@tembea.example');
    expect(eml).toContain(`Message-ID: ${sent.messageId}`);
    expect(eml).toMatch(/Subject: =\?UTF-8\?/);
    expect(eml).toContain('Content-Type: text/html');
    // The signature and the layout are added to every mail.
    expect(eml).toContain('Business hours:');
    expect(eml).toContain('<!doctype html>');
    const logged = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(logged).toContainEqual(
      expect.objectContaining({
        msg: `mail saved to ${sent.via}`,
        to: 'guest1@example.com',
        subject: 'Karibu 1: Serengeti – Ngorongoro',
        pid: process.pid,
      }),
    );
  });

  it('delivers many mails sent at once, each to its own file', async () => {
    const n = 40;
    const sent = await Promise.all(Array.from({ length: n }, (_, i) => mailer.send(message(i))));
    expect(new Set(sent.map((s) => s.via)).size).toBe(n);
    const files = await emlFiles(mailer.outbox!);
    expect(files).toHaveLength(n);
    const recipients = await Promise.all(
      files.map(async (f) => /^To: (.*)$/m.exec(await readFile(path.join(mailer.outbox!, f), 'utf8'))?.[1]),
    );
    expect(recipients.sort()).toEqual(Array.from({ length: n }, (_, i) => `guest${i}@example.com`).sort());
  });

  it('makes the folder again, private, when it was deleted while the server runs', async () => {
    await mailer.send(message(1));
    await rm(mailer.outbox!, { recursive: true, force: true });
    const sent = await mailer.send(message(2));
    expect(await readFile(sent.via, 'utf8')).toContain('To: guest2@example.com');
    expect((await stat(sent.via)).mode & 0o777).toBe(0o600);
    expect((await stat(mailer.outbox!)).mode & 0o777).toBe(0o700);
  });

  it('close() waits for the mails in flight, then refuses new ones', async () => {
    const sends = Array.from({ length: 15 }, (_, i) => mailer.send(message(i)));
    await mailer.close();
    const results = await Promise.allSettled(sends);
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    expect(await emlFiles(mailer.outbox!)).toHaveLength(15);
    expect(threadOf(mailer)).toBeUndefined();
    await expect(mailer.send(message(99))).rejects.toThrow(/mailer is closed/);
  });

  it('rejects the mails a dying thread held, and the next send starts a new thread', async () => {
    await mailer.send(message(0));
    const first = threadOf(mailer)!;
    const sends = Array.from({ length: 20 }, (_, i) => mailer.send(message(i + 1)));
    await first.terminate();
    const results = await Promise.allSettled(sends);
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    // Those answered before the end landed; the others reject, for the outbox to send them again.
    for (const r of lost) expect(String(r.reason)).toMatch(/the mail thread stopped before the mail was sent/);
    const landed = results.filter((r): r is PromiseFulfilledResult<SentMail> => r.status === 'fulfilled');
    expect(landed.length + lost.length).toBe(20);

    const again = await mailer.send(message(50));
    expect(threadOf(mailer)).not.toBe(first);
    expect(await readFile(again.via, 'utf8')).toContain('To: guest50@example.com');
    // Every mail answered as sent was saved. The thread may also have saved one it was stopped before
    // answering for: that one rejects all the same and the outbox sends it again (mail is sent at
    // least once, as after any answer lost on the way).
    const files = await emlFiles(mailer.outbox!);
    for (const sent of [...landed.map((r) => r.value), again]) expect(files).toContain(path.basename(sent.via));
    expect(files.length).toBeGreaterThanOrEqual(1 + landed.length + 1);
    expect(files.length).toBeLessThanOrEqual(1 + 20 + 1);
  });
});

describe('Mailer with SMTP', () => {
  it('sends through the SMTP server from the thread', async () => {
    const sink = await startSmtpSink();
    const smtp = new Mailer({ dataDir, smtpUrl: `smtp://127.0.0.1:${sink.port}`, mailFrom: FROM });
    try {
      expect(smtp.outbox).toBeNull();
      const sent = await Promise.all([smtp.send(message(1)), smtp.send(message(2))]);
      expect(sent.map((s) => s.via)).toEqual(['smtp', 'smtp']);
      expect(sink.mails.map((m) => m.to[0]).sort()).toEqual(['<guest1@example.com>', '<guest2@example.com>']);
      expect(sink.mails[0]?.data).toContain('Business hours:');
    } finally {
      await smtp.close();
      await sink.close();
    }
  });

  it('rejects when the SMTP server is down, without the password in the error', async () => {
    const probe = net.createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
    const { port } = probe.address() as net.AddressInfo;
    await new Promise<void>((r) => probe.close(() => r()));
    const smtp = new Mailer({
      dataDir,
      smtpUrl: `smtp://mailer:Kilimanjaro-5895@127.0.0.1:${port}`,
      mailFrom: FROM,
    });
    try {
      const error = await smtp.send(message(1)).then(
        () => null,
        (e: Error) => e,
      );
      expect(error).toBeInstanceOf(Error);
      expect(error!.message).toMatch(/ECONNREFUSED/);
      expect(error!.message).not.toContain('Kilimanjaro-5895');
    } finally {
      await smtp.close();
    }
  });
});
