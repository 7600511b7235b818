import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { spawnBuiltServer } from './test/built-server.js';
import { ADMIN } from './test/booking-helpers.js';

/**
 * A login sent over a raw socket in two parts: the head and all of the body but its last byte now
 * (the server has read the head and holds the request open), the last byte on `finish()`.
 */
function loginInTwoParts(port: number) {
  const body = Buffer.from(JSON.stringify(ADMIN));
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (c: Buffer) => (received += c.toString('latin1')));
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.on('error', () => {});
  socket.write(
    `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
  );
  socket.write(body.subarray(0, body.length - 1));
  return {
    async finish(): Promise<{ status: number; body: any }> {
      socket.write(body.subarray(body.length - 1));
      await vi.waitFor(() => expect(received).toMatch(/\r\n\r\n[\s\S]*"accessToken"|\r\n\r\n[\s\S]*"code"/), {
        timeout: 15_000,
        interval: 20,
      });
      socket.end();
      await closed;
      const [head = '', ...rest] = received.split('\r\n\r\n');
      const chunked = /transfer-encoding: chunked/i.test(head);
      const text = rest.join('\r\n\r\n');
      const json = chunked
        ? text
            .replace(/^[0-9a-f]+\r\n/, '')
            .replace(/\r\n0\r\n\r\n$/, '')
            .replace(/\r\n$/, '')
        : text;
      return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]), body: JSON.parse(json) };
    },
  };
}

function connects(port: number): Promise<'connected' | string> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.on('connect', () => {
      s.destroy();
      resolve('connected');
    });
    s.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
  });
}

describe('the built server (dist/main.js) on SIGTERM', () => {
  it('finishes the requests in flight with 200, refuses new connections, closes the database and exits 0', async () => {
    const server = spawnBuiltServer('drain', {
      LOG_LEVEL: 'info',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });
    try {
      await vi.waitFor(() => expect(server.out).toMatch(/"msg":"Tembea is serving http:\/\/localhost:\d+/), {
        timeout: 60_000,
        interval: 100,
      });
      const port = Number(/"msg":"Tembea is serving http:\/\/localhost:(\d+)/.exec(server.out)![1]);

      const inFlight = [loginInTwoParts(port), loginInTwoParts(port), loginInTwoParts(port)];
      // The heads are read by now: each connection carries a request the server is waiting to finish.
      await new Promise((resolve) => setTimeout(resolve, 500));
      server.child.kill('SIGTERM');
      await vi.waitFor(() => expect(server.out).toContain('SIGTERM received: shutting down'), {
        timeout: 10_000,
        interval: 20,
      });

      expect(await connects(port)).toBe('ECONNREFUSED');
      const answers = await Promise.all(inFlight.map((r) => r.finish()));
      for (const a of answers) {
        expect(a.status).toBe(200);
        expect(a.body).toMatchObject({ success: true, accessToken: expect.any(String) });
      }
      expect(await server.exited).toBe(0);
      expect(server.out.match(/"route":"\/api\/auth\/login","status":200/g)).toHaveLength(3);
      expect(existsSync(path.join(server.dataDir, 'pg.pid'))).toBe(false);
    } finally {
      server.dispose();
    }
  }, 120_000);
});
