import 'reflect-metadata';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadTempDir } from '../../common/multipart.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { rawRequest } from '../../test/raw-http.js';
import { gqlUpload, signUpAndLogin } from '../../test/auth-helpers.js';

let s: TestServer;
let token: string;
let png: Buffer;
beforeAll(async () => {
  s = await startTestServer({ seedDemo: false });
  token = (await signUpAndLogin(s)).accessToken;
  png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#1f4d3a' } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await s?.stop();
});

const UPLOAD = 'mutation($file: Upload!) { uploadProfileImage(file: $file) { user { id profileImage } } }';
const MULTIPART = 'multipart/form-data; boundary=XYZ';
// The body of the report: one file part that never reaches its closing boundary.
const TRUNCATED_REST = '--XYZ\r\nContent-Disposition: form-data; name="profileImage"; filename="a.png"\r\n\r\nabc';
const part = (name: string, value: string) =>
  `--XYZ\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const GQL_HEAD =
  part('operations', JSON.stringify({ query: UPLOAD, variables: { file: null } })) +
  part('map', JSON.stringify({ 0: ['variables.file'] }));
const TRUNCATED_GQL = `${GQL_HEAD}--XYZ\r\nContent-Disposition: form-data; name="0"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nabc`;

const restPost = (body: string, auth?: string) =>
  fetch(`${s.url}/api/users/profile/image`, {
    method: 'POST',
    body,
    headers: { 'content-type': MULTIPART, ...(auth ? { authorization: `Bearer ${auth}` } : {}) },
  });
const gqlPost = (body: string, auth?: string) =>
  fetch(`${s.url}/graphql`, {
    method: 'POST',
    body,
    headers: {
      'content-type': MULTIPART,
      'apollo-require-preflight': 'true',
      ...(auth ? { authorization: `Bearer ${auth}` } : {}),
    },
  });

const listing = (dir: string) => (existsSync(dir) ? readdirSync(dir) : []);
const profiles = () => listing(path.join(s.dataDir, 'uploads', 'profiles'));
/** Nothing left in the temporary folder (emptied once each answer has gone out), no new picture. */
async function expectNothingLeftOnDisk(profilesBefore: string[] = []) {
  const deadline = Date.now() + 3_000;
  while (listing(uploadTempDir(s.dataDir)).length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  expect(listing(uploadTempDir(s.dataDir))).toEqual([]);
  expect(profiles()).toEqual(profilesBefore);
}

async function expectServing() {
  const health = await fetch(`${s.url}/health`);
  expect(health.status).toBe(200);
}

describe('a broken upload is a refused request, not a crashed process', () => {
  it('REST: a body that ends without its closing boundary answers 400 and the server keeps serving', async () => {
    const res = await restPost(TRUNCATED_REST, token);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: 'The upload is incomplete: the multipart body ended before its closing boundary',
    });
    await expectServing();
    await expectNothingLeftOnDisk();
  });

  it('GraphQL: the same truncation inside the file part answers 400 and the server keeps serving', async () => {
    const res = await gqlPost(TRUNCATED_GQL, token);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      errors: [
        {
          message: 'The upload is incomplete: the multipart body ended before its closing boundary',
          extensions: { code: 'BAD_USER_INPUT' },
        },
      ],
    });
    await expectServing();
    await expectNothingLeftOnDisk();
  });

  it('GraphQL: a truncation before the file, a missing file, a batch or a map outside the variables answer 400', async () => {
    const cases: [string, RegExp][] = [
      [part('operations', JSON.stringify({ query: UPLOAD, variables: { file: null } })).slice(0, 60), /incomplete/],
      [`${GQL_HEAD}--XYZ--\r\n`, /file '0' named in the map is missing/],
      [
        `${part('operations', JSON.stringify([{ query: UPLOAD }]))}${part('map', '{}')}--XYZ--\r\n`,
        /Batched operations/,
      ],
      [
        `${part('operations', JSON.stringify({ query: UPLOAD, variables: { file: null } }))}${part('map', '{"0":["__proto__.polluted"]}')}--XYZ\r\nContent-Disposition: form-data; name="0"; filename="a.png"\r\n\r\nabc\r\n--XYZ--\r\n`,
        /does not point into the variables/,
      ],
      [`${part('map', '{}')}--XYZ--\r\n`, /field 'operations' is missing/],
      [`${part('operations', '{not json')}--XYZ--\r\n`, /not valid JSON/],
    ];
    for (const [body, message] of cases) {
      const res = await gqlPost(body, token);
      const json = (await res.json()) as { errors: { message: string; extensions: { code: string } }[] };
      expect(res.status, body).toBe(400);
      expect(json.errors[0]!.message, body).toMatch(message);
      expect(json.errors[0]!.extensions.code).toBe('BAD_USER_INPUT');
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    await expectServing();
    await expectNothingLeftOnDisk();
  });

  it('GraphQL: a file sent with an operation that takes none is refused with 400 and never stored', async () => {
    const body = `${part('operations', JSON.stringify({ query: '{ __typename }', variables: { file: null } }))}${part('map', '{"0":["variables.file"]}')}--XYZ\r\nContent-Disposition: form-data; name="0"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${'z'.repeat(100_000)}\r\n--XYZ--\r\n`;
    const res = await gqlPost(body, token);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      errors: [{ message: 'This operation takes no files', extensions: { code: 'BAD_USER_INPUT' } }],
    });
    await expectNothingLeftOnDisk();
  });

  it('a valid upload still works on both paths, and only the picture itself stays on disk', async () => {
    const g = await gqlUpload(s, UPLOAD, { data: png, name: 'me.png', type: 'image/png' }, token);
    expect(g.body.data.uploadProfileImage.user.profileImage).toMatch(/^\/uploads\/profiles\/.+\.webp$/);
    expect(profiles()).toHaveLength(1);
    await expectNothingLeftOnDisk(profiles());
  });
});

describe('an anonymous upload is refused before its body is read', () => {
  // 50 MB announced, a few bytes sent: the answer and the close must come without the rest.
  const announced = (p: string, headers: Record<string, string> = {}) =>
    rawRequest(s.url, {
      path: p,
      headers: { 'Content-Type': MULTIPART, ...headers },
      body: '--XYZ\r\nContent-Disposition: form-data; name="profileImage"; filename="a.png"\r\n\r\nabc',
      contentLength: 50_000_000,
      timeoutMs: 5_000,
    });

  it('REST: 401 with the message and code, then the connection is closed', async () => {
    const res = await announced('/api/users/profile/image');
    expect(res.status).toBe(401);
    expect(JSON.parse(res.body)).toMatchObject({
      message: 'Authentication required. Please login.',
      code: 'UNAUTHENTICATED',
    });
    expect(res.headers.connection).toBe('close');
    expect(res.closed).toBe(true);
    expect(res.closedMs!).toBeLessThan(2_000);
  });

  it('GraphQL: 401 UNAUTHENTICATED before any of the body is read, then the connection is closed', async () => {
    const res = await announced('/graphql', { 'apollo-require-preflight': 'true' });
    expect(res.status).toBe(401);
    expect(JSON.parse(res.body)).toEqual({
      errors: [{ message: 'Authentication required. Please login.', extensions: { code: 'UNAUTHENTICATED' } }],
    });
    expect(res.headers.connection).toBe('close');
    expect(res.closed).toBe(true);
    expect(res.closedMs!).toBeLessThan(2_000);
  });

  it('an invalid bearer token is refused the same way', async () => {
    for (const p of ['/api/users/profile/image', '/graphql']) {
      const res = await announced(p, { Authorization: 'Bearer not-a-token', 'apollo-require-preflight': 'true' });
      expect(res.status, p).toBe(401);
      expect(res.body).toMatch(/UNAUTHENTICATED/);
      expect(res.closed, p).toBe(true);
    }
    await expectServing();
  });

  it('a signed-in upload over the size limit is cut short the same way: 413 and closed', async () => {
    const before = profiles();
    const res = await rawRequest(s.url, {
      path: '/api/users/profile/image',
      headers: { 'Content-Type': MULTIPART, Authorization: `Bearer ${token}` },
      body: `--XYZ\r\nContent-Disposition: form-data; name="profileImage"; filename="a.png"\r\n\r\n${'x'.repeat(5 * 1024 * 1024 + 10)}`,
      contentLength: 50_000_000,
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).message).toBe('Image must be at most 5 MB');
    expect(res.closed).toBe(true);
    await expectNothingLeftOnDisk(before);
  });
});
