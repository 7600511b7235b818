import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { OPERATOR } from '../../common/mail.js';
import { ContactMessage } from './contact.entity.js';

const SEND = `mutation Send($input: ContactMessageInput!) { sendContactMessage(input: $input) { ok message } }`;

/** The saved mails, quoted-printable decoded. */
function mails(s: TestServer): string[] {
  const dir = path.join(s.dataDir, 'mail');
  let files: string[] = [];
  try {
    files = readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      .sort();
  } catch {
    return [];
  }
  return files.map((f) =>
    readFileSync(path.join(dir, f), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
  );
}

describe('contact messages', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ seedDemo: false });
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('stores the message and mails it to the operator with reply-to the sender', async () => {
    const input = {
      name: '  Amina Juma ',
      email: 'Amina@Example.com',
      message: 'We are 4 adults looking at a January migration safari.',
    };
    const { body } = await s.gql(SEND, { input });
    expect(body.errors).toBeUndefined();
    expect(body.data.sendContactMessage).toEqual({ ok: true, message: 'Thank you! Your message has been sent.' });
    const rows = await s.orm.em.fork().find(ContactMessage, {});
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Amina Juma',
      email: 'amina@example.com',
      message: input.message,
      ip: '127.0.0.1',
    });
    const [mail] = mails(s);
    expect(mail).toBeDefined();
    expect(mail).toMatch(new RegExp(`^To: ${OPERATOR.email}`, 'm'));
    expect(mail).toMatch(/^Reply-To: .*amina@example\.com/m);
    expect(mail).toContain(input.message);
    expect(mail).toContain('Content-Type: text/html');
  });

  it('escapes the sender input in the HTML mail', async () => {
    const { body } = await s.gql(SEND, {
      input: {
        name: 'Eve <img src=x onerror=alert(1)>',
        email: 'eve@example.com',
        message: '<script>alert("x")</script>',
      },
    });
    expect(body.data.sendContactMessage.ok).toBe(true);
    const mail = mails(s).find((m) => m.includes('eve@example.com'))!;
    const html = mail.slice(mail.indexOf('Content-Type: text/html'));
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img src=x');
  });

  it('works over REST: POST /api/contact', async () => {
    const { status, body } = await s.rest('POST', '/api/contact', {
      name: 'Juma',
      email: 'juma@example.com',
      message: 'Hello from REST',
    });
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, ok: true, message: 'Thank you! Your message has been sent.' });
    expect(mails(s).some((m) => m.includes('Hello from REST'))).toBe(true);
  });

  it('refuses missing, blank, malformed and oversized fields with the failing field', async () => {
    const ok = { name: 'A', email: 'a@example.com', message: 'Hi' };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...ok, name: '   ' }, 'name'],
      [{ ...ok, email: '' }, 'email'],
      [{ ...ok, message: '\n\t ' }, 'message'],
      [{ ...ok, email: 'not-an-email' }, 'email'],
      [{ ...ok, email: 'a@b' }, 'email'],
      [{ ...ok, email: 'x>"<evil@example.com' }, 'email'],
      [{ ...ok, name: 'x'.repeat(101) }, 'name'],
      [{ ...ok, message: 'x'.repeat(5001) }, 'message'],
      [{ ...ok, name: 'A\u0000B' }, 'name'],
      [{ ...ok, email: 'a\u0000@example.com' }, 'email'],
      [{ ...ok, message: 'Hi\u0000there' }, 'message'],
    ];
    const before = await s.orm.em.fork().count(ContactMessage, {});
    for (const [input, field] of cases) {
      const { body } = await s.gql(SEND, { input });
      expect(body.errors?.[0]?.extensions.code, field).toBe('BAD_USER_INPUT');
      expect(body.errors[0].extensions.fields.map((f: { field: string }) => f.field)).toContain(field);
      const r = await s.rest('POST', '/api/contact', input);
      expect(r.status).toBe(400);
      expect(r.body.message).toBeTruthy();
    }
    const missing = await s.rest('POST', '/api/contact', {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors.map((e: { field: string }) => e.field)).toEqual(['name', 'email', 'message']);
    const wrongTypes = await s.rest('POST', '/api/contact', { name: ['x'], email: { a: 1 }, message: 5 });
    expect(wrongTypes.status).toBe(400);
    const notJson = await s.rest('POST', '/api/contact', '{"name":');
    expect(notJson.status).toBe(400);
    expect(await s.orm.em.fork().count(ContactMessage, {})).toBe(before);
    expect((await s.gql(SEND, { input: { ...ok, message: 'x'.repeat(5000) } })).body.data.sendContactMessage.ok).toBe(
      true,
    );
  });
});

describe('contact rate limit', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ seedDemo: false });
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('allows 5 messages per 10 minutes from one address, then answers RATE_LIMITED / 429 with Retry-After', async () => {
    const input = { name: 'Spam', email: 'spam@example.com', message: 'Buy now' };
    for (let i = 0; i < 5; i++) expect((await s.gql(SEND, { input })).body.data.sendContactMessage.ok).toBe(true);
    const { body } = await s.gql(SEND, { input });
    expect(body.errors[0].extensions.code).toBe('RATE_LIMITED');
    const r = await s.rest('POST', '/api/contact', input);
    expect(r.status).toBe(429);
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await s.orm.em.fork().count(ContactMessage, {})).toBe(5);
  });
});
