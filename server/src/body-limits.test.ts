import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test/harness.js';

describe('request body limits on /api', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ seedDemo: false });
  });
  afterAll(async () => {
    await s?.stop();
  });

  const post = (p: string, body: string, type = 'application/json') =>
    fetch(`${s.url}/api${p}`, { method: 'POST', headers: { 'content-type': type }, body });

  it('refuses a JSON body over 100 KB with 413 PAYLOAD_TOO_LARGE and a clear message, on every path', async () => {
    const big = JSON.stringify({ name: 'Asha', email: 'asha@example.com', message: 'x'.repeat(101 * 1024) });
    for (const p of ['/contact', '/auth/login', '/bookings/1', '/nope']) {
      const res = await post(p, big);
      expect(res.status, p).toBe(413);
      expect(await res.json()).toEqual({
        success: false,
        message: 'Request body is too large: at most 100 KB',
        code: 'PAYLOAD_TOO_LARGE',
      });
    }
  });

  it('reads a body under the limit and lets validation answer it', async () => {
    const res = await post(
      '/contact',
      JSON.stringify({ name: 'Asha', email: 'asha@example.com', message: 'x'.repeat(90 * 1024) }),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'BAD_USER_INPUT', errors: [{ field: 'message' }] });
  });

  it('refuses form-encoded and plain-text bodies with 400 naming JSON, whatever their size', async () => {
    for (const [type, body] of [
      ['application/x-www-form-urlencoded', 'name=Asha&email=asha%40example.com&message=hi'],
      ['application/x-www-form-urlencoded', 'a='.padEnd(200 * 1024, 'x')],
      ['text/plain', '{"email":"a@b.c"}'],
    ] as const) {
      const res = await post('/contact', body, type);
      expect(res.status, type).toBe(400);
      expect(await res.json()).toEqual({
        success: false,
        message: 'Send the request body as JSON (Content-Type: application/json)',
        code: 'BAD_USER_INPUT',
      });
    }
    // An empty body of any type (a POST without one) is no body.
    const empty = await fetch(`${s.url}/api/auth/logout`, {
      method: 'POST',
      headers: { 'content-length': '0', 'content-type': 'text/plain' },
    });
    expect(empty.status).toBe(401);
  });
});
