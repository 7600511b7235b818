import 'reflect-metadata';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { buildSchema, getNamedType, isInputObjectType, type GraphQLInputType } from 'graphql';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadTempDir } from '../common/multipart.js';
import { signUpAndLogin } from '../test/auth-helpers.js';
import { ADMIN_ENV, adminToken } from '../test/booking-helpers.js';
import { startTestServer, type TestServer } from '../test/harness.js';
import { DAY_TOUR_INPUT } from '../test/tour-helpers.js';
import { UPLOAD_RULES } from './upload-policy.js';

let s: TestServer;
let admin: string;
let traveller: string;
// Long enough that held uploads outlive a slow, loaded test machine; short enough to wait for once.
const BODY_TIMEOUT_MS = 5_000;
beforeAll(async () => {
  s = await startTestServer({
    seedDemo: false,
    env: { ...ADMIN_ENV, UPLOAD_BODY_TIMEOUT_MS: String(BODY_TIMEOUT_MS) },
  });
  admin = await adminToken(s);
  traveller = (await signUpAndLogin(s)).accessToken;
});
afterAll(() => s?.stop());

const MB = 1024 * 1024;
const B = 'XYZ';
const part = (name: string, value: string) =>
  `--${B}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
// With its first bytes: the parser holds back a part's trailing CRLF until it knows it starts no boundary.
const fileHead = (name: string) =>
  `--${B}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.png"\r\nContent-Type: image/png\r\n\r\nPNG`;
const CREATE_TOUR =
  'mutation($input: TourInput!, $images: [Upload!]) { createTour(input: $input, images: $images) { tour { id images } } }';
const PROFILE = 'mutation($file: Upload!) { uploadProfileImage(file: $file) { user { id } } }';
const TOUR = DAY_TOUR_INPUT;
/** The leading fields of a createTour request with n photos. */
const tourHead = (n: number) =>
  part('operations', JSON.stringify({ query: CREATE_TOUR, variables: { input: TOUR, images: Array(n).fill(null) } })) +
  part(
    'map',
    JSON.stringify(Object.fromEntries(Array.from({ length: n }, (_, i) => [String(i), [`variables.images.${i}`]]))),
  );
const profileHead = (files = 1) =>
  part('operations', JSON.stringify({ query: PROFILE, variables: { file: null } })) +
  part(
    'map',
    JSON.stringify(Object.fromEntries(Array.from({ length: files }, (_, i) => [String(i), ['variables.file']]))),
  );

const tempFiles = () => (existsSync(uploadTempDir(s.dataDir)) ? readdirSync(uploadTempDir(s.dataDir)) : []);

interface Held {
  socket: net.Socket;
  /** The answer's status and body, once the server answers (the body is never sent whole). */
  answer: Promise<{ status: number; body: string }>;
}

/** Sends a head announcing `announced` bytes and only the start of the body, then holds the connection. */
async function hold(p: string, token: string | null, start: string | Buffer, announced = 60 * MB): Promise<Held> {
  const socket = net.connect(s.port, '127.0.0.1');
  await new Promise((r) => socket.once('connect', r));
  let received = '';
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      const end = received.indexOf('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(received)?.[1];
      if (end >= 0 && length && received.length >= end + 4 + Number(length)) {
        resolve({ status: Number(received.split(' ')[1]), body: received.slice(end + 4) });
      }
    });
    socket.on('error', () => undefined);
    socket.on('close', () => reject(new Error(`closed without an answer: ${received.slice(0, 200)}`)));
  });
  answer.catch(() => undefined);
  socket.write(
    [
      `POST ${p} HTTP/1.1`,
      `Host: 127.0.0.1`,
      `Content-Type: multipart/form-data; boundary=${B}`,
      `Content-Length: ${announced}`,
      'apollo-require-preflight: true',
      ...(token ? [`Authorization: Bearer ${token}`] : []),
      '',
      '',
    ].join('\r\n'),
  );
  socket.write(start);
  return { socket, answer };
}

/** The answer, or 'none' when the server has not answered within ms. */
const within = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<'none'>((r) => setTimeout(() => r('none'), ms))]);

async function expectNoTempFiles() {
  const deadline = Date.now() + 3_000;
  while (tempFiles().length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  expect(tempFiles()).toEqual([]);
}

describe('a GraphQL multipart request is judged by its operation before any file is stored', () => {
  it('every mutation of the schema that takes an Upload has its own rule, and nothing else has one', () => {
    const schema = buildSchema(readFileSync(path.join(import.meta.dirname, '../../../schema/schema.graphql'), 'utf8'));
    const takesUpload = (type: GraphQLInputType, seen = new Set<string>()): boolean => {
      const named = getNamedType(type);
      if (named.name === 'Upload') return true;
      if (!isInputObjectType(named) || seen.has(named.name)) return false;
      seen.add(named.name);
      return Object.values(named.getFields()).some((f) => takesUpload(f.type, seen));
    };
    const uploading = Object.values(schema.getMutationType()!.getFields())
      .filter((f) => f.args.some((a) => takesUpload(a.type)))
      .map((f) => f.name);
    expect(uploading.sort()).toEqual(Object.keys(UPLOAD_RULES).sort());
  });

  it("refuses a traveller's createTour with 403 at its first file, before a byte of it is stored", async () => {
    const up = await hold('/graphql', traveller, tourHead(10) + fileHead('0') + 'x'.repeat(2 * MB));
    const answer = await within(up.answer, 3_000);
    expect(answer).toMatchObject({ status: 403 });
    expect(JSON.parse((answer as { body: string }).body)).toEqual({
      errors: [{ message: 'Admin access required', extensions: { code: 'FORBIDDEN' } }],
    });
    expect(tempFiles()).toEqual([]);
    up.socket.destroy();
  });

  it('holds a profile picture to one file of 5 MB: a second file or a sixth megabyte is refused with 413 at once', async () => {
    const big = await hold('/graphql', traveller, profileHead() + fileHead('0') + 'x'.repeat(5 * MB + 100));
    const tooLarge = await within(big.answer, 3_000);
    expect(tooLarge).toMatchObject({ status: 413 });
    expect((tooLarge as { body: string }).body).toContain('Image must be at most 5 MB');
    big.socket.destroy();
    const two = await hold('/graphql', traveller, profileHead(2) + fileHead('0'));
    const twoAnswer = await within(two.answer, 3_000);
    expect(twoAnswer).toMatchObject({ status: 413 });
    expect((twoAnswer as { body: string }).body).toContain('uploadProfileImage takes at most 1 file');
    two.socket.destroy();
    await expectNoTempFiles();
  });

  it('refuses files sent before the operation, and files for an operation that takes none, with 400', async () => {
    const cases: [string, RegExp][] = [
      [fileHead('0') + 'x'.repeat(MB), /'operations' and 'map' must come before the files/],
      [
        part('operations', JSON.stringify({ query: 'mutation { logout { allSessionsEnded } }' })) +
          part('map', '{"0":["variables.x"]}') +
          fileHead('0') +
          'x'.repeat(MB),
        /This operation takes no files/,
      ],
      [
        part('operations', JSON.stringify({ query: '{ me { id } }' })) +
          part('map', '{"0":["variables.x"]}') +
          fileHead('0'),
        /This operation takes no files/,
      ],
      [
        part(
          'operations',
          JSON.stringify({
            query: `mutation($f: Upload!) { a: uploadProfileImage(file: $f) { user { id } } b: uploadProfileImage(file: $f) { user { id } } }`,
          }),
        ) +
          part('map', '{"0":["variables.f"]}') +
          fileHead('0'),
        /one upload mutation per request/,
      ],
    ];
    for (const [start, message] of cases) {
      const up = await hold('/graphql', traveller, start);
      const answer = await within(up.answer, 3_000);
      expect(answer, String(message)).toMatchObject({ status: 400 });
      expect(JSON.parse((answer as { body: string }).body).errors[0].message).toMatch(message);
      up.socket.destroy();
    }
    await expectNoTempFiles();
  });

  it('lets one account have at most 2 uploads in flight, on GraphQL and REST alike (429), and frees a slot once answered', async () => {
    const user = (await signUpAndLogin(s)).accessToken;
    const first = await hold('/graphql', user, profileHead() + fileHead('0') + 'x'.repeat(1000));
    const second = await hold('/api/users/profile/image', user, fileHead('profileImage') + 'x'.repeat(1000));
    // Both hold their slot once their first file bytes are stored; a loaded machine may take a while.
    const deadline = Date.now() + 15_000;
    while (tempFiles().length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(tempFiles()).toHaveLength(2);
    for (const p of ['/graphql', '/api/users/profile/image']) {
      const third = await hold(p, user, profileHead() + fileHead('0'));
      const answer = await within(third.answer, 15_000);
      expect(answer, p).toMatchObject({ status: 429 });
      expect((answer as { body: string }).body).toContain('At most 2 uploads per account can be in progress at once');
      third.socket.destroy();
    }
    // Another account is not held back.
    const other = await hold('/graphql', traveller, profileHead() + fileHead('0') + 'x'.repeat(1000));
    expect(await within(other.answer, 300)).toBe('none');
    other.socket.destroy();
    first.socket.destroy();
    await new Promise((r) => setTimeout(r, 200));
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('profileImage', new Blob([png], { type: 'image/png' }), 'a.png');
    const res = await fetch(`${s.url}/api/users/profile/image`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user}` },
      body: form,
    });
    expect(res.status).toBe(200);
    second.socket.destroy();
  });

  it('answers an upload whose body has not arrived within UPLOAD_BODY_TIMEOUT_MS with 503 TIMEOUT and removes its file', async () => {
    const started = Date.now();
    const slow = await hold('/graphql', admin, tourHead(1) + fileHead('0') + 'x'.repeat(300_000));
    await new Promise((r) => setTimeout(r, 300));
    expect(tempFiles()).toHaveLength(1);
    const answer = await within(slow.answer, BODY_TIMEOUT_MS + 3_000);
    expect(answer).toMatchObject({ status: 503 });
    expect(JSON.parse((answer as { body: string }).body).errors[0]).toMatchObject({
      message: expect.stringMatching(/did not arrive within 5 s/),
      extensions: { code: 'TIMEOUT' },
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(BODY_TIMEOUT_MS - 100);
    slow.socket.destroy();
    await expectNoTempFiles();
  });
});
