import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
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
    const main = fileURLToPath(new URL('../dist/main.js', import.meta.url));
    if (!existsSync(main)) throw new Error('server/dist/main.js is missing: build the server first (npm test does)');
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tembea-drain-'));
    const child = spawn(process.execPath, [main], {
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'info',
        NODE_ENV: 'development',
        DATABASE_URL: '',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      await vi.waitFor(() => expect(out).toMatch(/"msg":"Tembea is serving http:\/\/localhost:\d+/), {
        timeout: 60_000,
        interval: 100,
      });
      const port = Number(/"msg":"Tembea is serving http:\/\/localhost:(\d+)/.exec(out)![1]);

      const inFlight = [loginInTwoParts(port), loginInTwoParts(port), loginInTwoParts(port)];
      // The heads are read by now: each connection carries a request the server is waiting to finish.
      await new Promise((resolve) => setTimeout(resolve, 500));
      child.kill('SIGTERM');
      await vi.waitFor(() => expect(out).toContain('SIGTERM received: shutting down'), {
        timeout: 10_000,
        interval: 20,
      });

      expect(await connects(port)).toBe('ECONNREFUSED');
      const answers = await Promise.all(inFlight.map((r) => r.finish()));
      for (const a of answers) {
        expect(a.status).toBe(200);
        expect(a.body).toMatchObject({ success: true, accessToken: expect.any(String) });
      }
      expect(await exited).toBe(0);
      expect(out.match(/"route":"\/api\/auth\/login","status":200/g)).toHaveLength(3);
      expect(existsSync(path.join(dataDir, 'pg.pid'))).toBe(false);
    } finally {
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
