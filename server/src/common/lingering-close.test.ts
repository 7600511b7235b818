import 'reflect-metadata';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogin } from '../test/auth-helpers.js';
import { startTestServer, type TestServer } from '../test/harness.js';
import { LINGER_IDLE_MS, LINGER_MAX_BYTES, LINGER_MAX_MS } from './lingering-close.js';

const run = promisify(execFile);
let s: TestServer;
let traveller: string;
let files: string;
beforeAll(async () => {
  s = await startTestServer({ seedDemo: false });
  traveller = (await signUpAndLogin(s)).accessToken;
  files = mkdtempSync(path.join(os.tmpdir(), 'tembea-linger-'));
});
afterAll(async () => {
  await s?.stop();
  rmSync(files, { recursive: true, force: true });
});

const KB = 1024;
const SIZES = [4 * KB, 64 * KB, 512 * KB, 2 * 1024 * KB];
const CREATE_TOUR =
  'mutation($input: TourInput!, $images: [Upload!]) { createTour(input: $input, images: $images) { tour { id } } }';

interface Case {
  name: string;
  method: 'POST' | 'PUT';
  path: string;
  headers: Record<string, string>;
  status: number;
  /** The form's text fields, before the file. */
  fields: Record<string, string>;
  fileField: string;
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const CASES = (): Case[] => [
  {
    name: 'a traveller creating a tour over REST',
    method: 'POST',
    path: '/api/tours',
    headers: auth(traveller),
    status: 403,
    fields: { title: 'Photos' },
    fileField: 'images',
  },
  {
    name: 'a traveller editing a tour over REST',
    method: 'PUT',
    path: '/api/tours/1',
    headers: auth(traveller),
    status: 403,
    fields: { title: 'Photos' },
    fileField: 'images',
  },
  {
    name: 'an anonymous tour over REST',
    method: 'POST',
    path: '/api/tours',
    headers: {},
    status: 401,
    fields: { title: 'Photos' },
    fileField: 'images',
  },
  {
    name: 'an anonymous profile picture over REST',
    method: 'POST',
    path: '/api/users/profile/image',
    headers: {},
    status: 401,
    fields: {},
    fileField: 'profileImage',
  },
  ...[
    {
      name: "a traveller's createTour over GraphQL",
      headers: { ...auth(traveller), 'apollo-require-preflight': 'true' },
      status: 403,
    },
    { name: 'an anonymous createTour over GraphQL', headers: { 'apollo-require-preflight': 'true' }, status: 401 },
    { name: 'GraphQL multipart without the CSRF-preventing header', headers: auth(traveller), status: 400 },
  ].map((c) => ({
    ...c,
    method: 'POST' as const,
    path: '/graphql',
    fileField: '0',
    fields: {
      operations: JSON.stringify({ query: CREATE_TOUR, variables: { input: {}, images: [null] } }),
      map: '{"0":["variables.images.0"]}',
    },
  })),
];

function form(c: Case, size: number): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(c.fields)) f.append(k, v);
  f.append(c.fileField, new Blob([Buffer.alloc(size, 7)], { type: 'image/png' }), 'photo.png');
  return f;
}

describe('an answer sent before the body is read still reaches the client', () => {
  it("Node's fetch reads 401, 403 or 400 every time, for forms from 4 KB to 2 MB", async () => {
    const outcomes: Record<string, number> = {};
    for (const c of CASES()) {
      for (const size of SIZES) {
        for (let i = 0; i < 5; i++) {
          let outcome: string;
          try {
            const res = await fetch(`${s.url}${c.path}`, { method: c.method, headers: c.headers, body: form(c, size) });
            outcome = String(res.status);
            const body = (await res.json()) as { message?: string; errors?: unknown[] };
            expect(body.message ?? body.errors, c.name).toBeTruthy();
          } catch (e) {
            outcome = `${(e as Error).message} ${String(((e as Error).cause as Error | undefined)?.message ?? '')}`;
          }
          const key = `${c.name}, ${size / KB} KB: ${outcome}`;
          outcomes[key] = (outcomes[key] ?? 0) + 1;
        }
      }
    }
    const expected = Object.fromEntries(
      CASES().flatMap((c) => SIZES.map((size) => [`${c.name}, ${size / KB} KB: ${c.status}`, 5])),
    );
    expect(outcomes).toEqual(expected);
  }, 120_000);

  it('a sender on a slow link reads them too (its body keeps arriving after the answer)', async () => {
    const outcomes: Record<string, number> = {};
    for (const c of CASES()) {
      for (const size of SIZES) {
        // The form's bytes, sent in pieces with pauses, as a slow uplink delivers them.
        const encoded = new Response(form(c, size));
        const contentType = encoded.headers.get('content-type')!;
        const bytes = Buffer.from(await encoded.arrayBuffer());
        const piece = Math.max(1024, Math.ceil(bytes.length / 8));
        const body = new ReadableStream<Uint8Array>({
          async start(controller) {
            for (let at = 0; at < bytes.length; at += piece) {
              await new Promise((r) => setTimeout(r, 30));
              controller.enqueue(bytes.subarray(at, at + piece));
            }
            controller.close();
          },
        });
        let outcome: string;
        try {
          const res = await fetch(`${s.url}${c.path}`, {
            method: c.method,
            headers: { ...c.headers, 'content-type': contentType },
            body,
            duplex: 'half',
          } as RequestInit);
          outcome = String(res.status);
          await res.text();
        } catch (e) {
          outcome = `${(e as Error).message} ${String(((e as Error).cause as Error | undefined)?.message ?? '')}`;
        }
        const key = `${c.name}, ${size / KB} KB: ${outcome}`;
        outcomes[key] = (outcomes[key] ?? 0) + 1;
      }
    }
    expect(outcomes).toEqual(
      Object.fromEntries(CASES().flatMap((c) => SIZES.map((size) => [`${c.name}, ${size / KB} KB: ${c.status}`, 1]))),
    );
  }, 120_000);

  it('curl reads them every time too', async () => {
    const outcomes: Record<string, number> = {};
    for (const size of SIZES) {
      const file = path.join(files, `${size}.png`);
      writeFileSync(file, Buffer.alloc(size, 7));
      for (const c of CASES()) {
        for (let i = 0; i < 2; i++) {
          const args = ['-sS', '-o', '/dev/null', '-w', '%{http_code}', '-X', c.method, `${s.url}${c.path}`];
          for (const [k, v] of Object.entries(c.headers)) args.push('-H', `${k}: ${v}`);
          // curl's -F reads a leading @ or < as a file: the JSON fields go through --form-string.
          for (const [k, v] of Object.entries(c.fields)) args.push('--form-string', `${k}=${v}`);
          args.push('-F', `${c.fileField}=@${file};type=image/png`);
          let outcome: string;
          try {
            outcome = (await run('curl', args, { timeout: 20_000 })).stdout;
          } catch (e) {
            outcome = `curl failed: ${String((e as { stderr?: string }).stderr ?? e).trim()}`;
          }
          const key = `${c.name}, ${size / KB} KB: ${outcome}`;
          outcomes[key] = (outcomes[key] ?? 0) + 1;
        }
      }
    }
    const expected = Object.fromEntries(
      CASES().flatMap((c) => SIZES.map((size) => [`${c.name}, ${size / KB} KB: ${c.status}`, 2])),
    );
    expect(outcomes).toEqual(expected);
  }, 120_000);
});

/** Opens a connection whose server-side socket is watched; sends an anonymous upload's head announcing 50 MB. */
async function anonymousUpload(): Promise<{
  client: net.Socket;
  answer: Promise<string>;
  serverClosedAt: Promise<number>;
  started: number;
}> {
  const serverSide = new Promise<net.Socket>((r) => s.server.once('connection', r));
  // Half-open, like a client still sending: the server's FIN after its answer does not end it.
  const client = net.connect({ port: s.port, host: '127.0.0.1', allowHalfOpen: true });
  client.on('error', () => undefined);
  await new Promise((r) => client.once('connect', r));
  const started = Date.now();
  const serverClosedAt = serverSide.then(
    (sock) => new Promise<number>((r) => sock.once('close', () => r(Date.now() - started))),
  );
  let received = '';
  const answer = new Promise<string>((resolve) => {
    client.on('data', (d: Buffer) => {
      received += d.toString('latin1');
      if (received.includes('\r\n\r\n{')) resolve(received);
    });
  });
  client.write(
    'POST /api/users/profile/image HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=XYZ\r\nContent-Length: 52428800\r\n\r\n',
  );
  client.write(
    '--XYZ\r\nContent-Disposition: form-data; name="profileImage"; filename="a.png"\r\n\r\n' + 'x'.repeat(KB),
  );
  return { client, answer, serverClosedAt, started };
}

describe('a sender cannot hold a refused connection open', () => {
  it(`closes it once the client has sent nothing for ${LINGER_IDLE_MS / 1000} s`, async () => {
    const up = await anonymousUpload();
    expect(await up.answer).toMatch(/^HTTP\/1\.1 401[\s\S]*connection: close/i);
    const closedAt = await up.serverClosedAt;
    expect(closedAt).toBeGreaterThanOrEqual(LINGER_IDLE_MS - 100);
    expect(closedAt).toBeLessThan(LINGER_IDLE_MS + 1_000);
    up.client.destroy();
  });

  it(`stops reading after ${LINGER_MAX_BYTES / (1024 * 1024)} MB`, async () => {
    const up = await anonymousUpload();
    await up.answer;
    let sent = 0;
    let closed = false;
    void up.serverClosedAt.then(() => (closed = true));
    const chunk = Buffer.alloc(64 * KB, 1);
    while (!closed && sent < 50 * 1024 * 1024) {
      const flushed = up.client.write(chunk);
      sent += chunk.length;
      if (!flushed)
        await Promise.race([
          new Promise((r) => up.client.once('drain', r)),
          up.serverClosedAt,
          new Promise((r) => setTimeout(r, 500)),
        ]);
      else await new Promise((r) => setImmediate(r));
    }
    expect(closed).toBe(true);
    // What the kernels' buffers took in beyond the bound, at most a few MB.
    expect(sent).toBeGreaterThan(LINGER_MAX_BYTES);
    expect(sent).toBeLessThan(LINGER_MAX_BYTES + 8 * 1024 * 1024);
    up.client.destroy();
  });

  it(`closes it after ${LINGER_MAX_MS / 1000} s in all, however slowly the client keeps sending`, async () => {
    const up = await anonymousUpload();
    await up.answer;
    const trickle = setInterval(() => up.client.write('x'.repeat(100)), 500);
    const closedAt = await up.serverClosedAt;
    clearInterval(trickle);
    expect(closedAt).toBeGreaterThanOrEqual(LINGER_MAX_MS - 200);
    expect(closedAt).toBeLessThan(LINGER_MAX_MS + 1_500);
    up.client.destroy();
  }, 20_000);
});
