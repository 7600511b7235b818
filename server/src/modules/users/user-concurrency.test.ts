import { existsSync, readdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { api, gql, restProfileImage, signUpAndLogin, type Res } from '../../test/auth-helpers.js';
import { User } from './user.entity.js';
import { uploadTempDir } from '../../common/multipart.js';

// No ADMIN_EMAIL: the only admins are the ones each test makes. Every round signs up new accounts
// from the one address, more than the sign-up and login limits let through.
let s: TestServer;
let png: Buffer;
beforeAll(async () => {
  s = await startTestServer({ seedDemo: false, env: { SIGNUP_RATE_LIMIT: '1000', LOGIN_IP_LIMIT: '1000' } });
  png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#1f4d3a' } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await s?.stop();
});

const DELETE = `mutation($id: ID) { deleteAccount(userId: $id) { deletedUserId } }`;
const LOGIN = `mutation($input: LoginInput!) { login(input: $input) { accessToken } }`;
const ROUNDS = 6;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const adminCount = () => s.orm.em.fork().count(User, { role: 'admin' });
const storedPicture = async (id: number) => (await s.orm.em.fork().findOne(User, { id }))?.profileImage ?? null;
const profileFiles = () => {
  const dir = path.join(s.dataDir, 'uploads', 'profiles');
  return existsSync(dir) ? readdirSync(dir).map((f) => `/uploads/profiles/${f}`) : [];
};
const newFilesSince = (before: string[]) => profileFiles().filter((f) => !before.includes(f));
const upload = (token: string) => restProfileImage(s, { data: png, name: 'me.png', type: 'image/png' }, token);

/** Two signed-in accounts that are the only admins: every other admin is demoted first. */
async function exactlyTwoAdmins() {
  const em = s.orm.em.fork();
  await em.nativeUpdate(User, { role: 'admin' }, { role: 'user' });
  const x = await signUpAndLogin(s);
  const y = await signUpAndLogin(s);
  await em.nativeUpdate(User, { id: { $in: [x.id, y.id] } }, { role: 'admin' });
  // Signed in again, so that nothing of the earlier role is carried by the tokens.
  const tokenOf = async (u: { email: string; password: string }) =>
    (await gql(s, LOGIN, { input: { email: u.email, password: u.password } })).body.data.login.accessToken as string;
  return { x: { ...x, accessToken: await tokenOf(x) }, y: { ...y, accessToken: await tokenOf(y) } };
}

/** What became of a deletion, from either API, as one word: DELETED, or the code it was refused with. */
const outcome = (r: Res) => {
  if (r.body?.errors) return r.body.errors[0].extensions.code as string;
  if (r.status === 409) return 'CONFLICT';
  if (r.status === 401) return 'UNAUTHENTICATED';
  return r.status === 200 && (r.body?.success === true || r.body?.data?.deleteAccount) ? 'DELETED' : `HTTP ${r.status}`;
};

describe('two admins deleting accounts at the same moment', () => {
  it('each deleting their own account over REST: one is refused with 409, one admin remains', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { x, y } = await exactlyTwoAdmins();
      const answers = await Promise.all([
        api(s, 'DELETE', `/users/${x.id}`, undefined, { token: x.accessToken }),
        api(s, 'DELETE', `/users/${y.id}`, undefined, { token: y.accessToken }),
      ]);
      expect(answers.map(outcome).sort(), `round ${round}`).toEqual(['CONFLICT', 'DELETED']);
      expect(answers.find((a) => a.status === 409)!.body.message).toBe('The last admin account cannot be deleted.');
      expect(await adminCount()).toBe(1);
    }
  });

  it('each deleting the other over GraphQL: one admin remains', async () => {
    let conflicts = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const { x, y } = await exactlyTwoAdmins();
      const answers = await Promise.all([
        gql(s, DELETE, { id: String(y.id) }, { token: x.accessToken }),
        gql(s, DELETE, { id: String(x.id) }, { token: y.accessToken }),
      ]);
      const outcomes = answers.map(outcome).sort();
      // The loser is refused as the last admin, or, when its own account was already gone by the
      // time its request was authenticated, as signed out.
      expect(['CONFLICT,DELETED', 'DELETED,UNAUTHENTICATED'], `round ${round}`).toContain(outcomes.join());
      if (outcomes.includes('CONFLICT')) conflicts++;
      expect(await adminCount()).toBe(1);
    }
    expect(conflicts).toBeGreaterThan(0);
  });
});

describe('parallel profile pictures of one account', () => {
  it('two uploads at once leave exactly one file, the stored one', async () => {
    const a = await signUpAndLogin(s);
    const before = profileFiles();
    for (let round = 0; round < ROUNDS; round++) {
      const answers = await Promise.all([upload(a.accessToken), upload(a.accessToken)]);
      expect(answers.map((r) => r.status)).toEqual([200, 200]);
      const stored = await storedPicture(a.id);
      expect(answers.map((r) => r.body.profileImage as string)).toContain(stored);
      expect(newFilesSince(before), `round ${round}`).toEqual([stored]);
    }
    expect((await api(s, 'DELETE', `/users/${a.id}`, undefined, { token: a.accessToken })).status).toBe(200);
    expect(newFilesSince(before)).toEqual([]);
  });

  it('an upload racing the deletion of its account leaves no file behind', async () => {
    const before = profileFiles();
    for (let round = 0; round < ROUNDS; round++) {
      const a = await signUpAndLogin(s);
      // The deletion sent a little later each round: it lands before, during and after the upload.
      const [up, del] = await Promise.all([
        upload(a.accessToken),
        sleep(round * 8).then(() => api(s, 'DELETE', `/users/${a.id}`, undefined, { token: a.accessToken })),
      ]);
      expect(del.status).toBe(200);
      expect([200, 401]).toContain(up.status);
      expect(newFilesSince(before), `round ${round}`).toEqual([]);
    }
  });
});

describe('an upload whose client hangs up at once', () => {
  /** A complete, valid multipart upload written on a raw socket that is closed as soon as it is sent. */
  const sendAndHangUp = (token: string) =>
    new Promise<void>((resolve, reject) => {
      const { hostname, port } = new URL(s.url);
      const body = Buffer.concat([
        Buffer.from(
          '--XYZ\r\nContent-Disposition: form-data; name="profileImage"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n',
        ),
        png,
        Buffer.from('\r\n--XYZ--\r\n'),
      ]);
      const head = [
        'POST /api/users/profile/image HTTP/1.1',
        `Host: ${hostname}:${port}`,
        'Content-Type: multipart/form-data; boundary=XYZ',
        `Authorization: Bearer ${token}`,
        `Content-Length: ${body.length}`,
      ].join('\r\n');
      const socket = net.connect(Number(port), hostname, () => {
        socket.write(Buffer.concat([Buffer.from(`${head}\r\n\r\n`), body]), () => {
          socket.destroy();
          resolve();
        });
      });
      socket.on('error', reject);
    });

  it('gives its upload slot back: later uploads of the account are not refused with 429', async () => {
    const a = await signUpAndLogin(s);
    // In batches: the ones that reach the route after their connection has closed are the ones
    // that used to keep their slot, a few of each batch.
    for (let batch = 0; batch < 5; batch++) {
      await Promise.all(Array.from({ length: 8 }, () => sendAndHangUp(a.accessToken)));
      await sleep(50);
    }
    // The hung-up requests may still be on their way through the server: given a moment, not a minute.
    const deadline = Date.now() + 3_000;
    let res = await upload(a.accessToken);
    while (res.status === 429 && Date.now() < deadline) {
      await sleep(100);
      res = await upload(a.accessToken);
    }
    expect(res.status).toBe(200);
    // Nor do they leave their files waiting in the temporary folder for the next start to sweep.
    const temp = () => (existsSync(uploadTempDir(s.dataDir)) ? readdirSync(uploadTempDir(s.dataDir)) : []);
    const emptyBy = Date.now() + 3_000;
    while (temp().length && Date.now() < emptyBy) await sleep(50);
    expect(temp()).toEqual([]);
  });
});
