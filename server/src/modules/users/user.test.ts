import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { RefreshToken } from '../auth/refresh-token.entity.js';
import { ME, api, gql, gqlUpload, restProfileImage, restUpload, signUpAndLogin } from '../../test/auth-helpers.js';
import { User } from './user.entity.js';

const ADMIN = { email: 'boss@tembea.test', password: 'admin-password-1' };
let s: TestServer;
let png: Buffer;
let jpeg: Buffer;
beforeAll(async () => {
  s = await startTestServer({ seedDemo: false, env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
  png = await sharp({ create: { width: 1200, height: 800, channels: 4, background: '#1f4d3a' } })
    .png()
    .toBuffer();
  jpeg = await sharp({ create: { width: 300, height: 900, channels: 3, background: '#e9dfcf' } })
    .jpeg()
    .toBuffer();
});
afterAll(async () => {
  await s?.stop();
});

const UPLOAD = `mutation($file: Upload!) { uploadProfileImage(file: $file) { user { id profileImage } } }`;
const DELETE = `mutation($id: ID) { deleteAccount(userId: $id) { deletedUserId } }`;
const fileOnDisk = (publicPath: string) => path.join(s.dataDir, publicPath);
const adminLogin = async () =>
  (await api(s, 'POST', '/auth/login', ADMIN)).body as { accessToken: string; user: { id: string } };

describe('profile picture', () => {
  it('accepts a PNG over GraphQL, re-encoded to WebP of at most 512 px, served from /uploads', async () => {
    const a = await signUpAndLogin(s);
    const res = await gqlUpload(s, UPLOAD, { data: png, name: 'me.png', type: 'image/png' }, a.accessToken);
    expect(res.body.errors).toBeUndefined();
    const p: string = res.body.data.uploadProfileImage.user.profileImage;
    expect(p).toMatch(/^\/uploads\/profiles\/[0-9a-f-]{36}\.webp$/);
    const served = await fetch(`${s.url}${p}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 341 });
    expect((await gql(s, ME, {}, { token: a.accessToken })).body.data.me.profileImage).toBe(p);
  });

  it('accepts a JPEG over REST (field profileImage) and removes the previous file', async () => {
    const a = await signUpAndLogin(s);
    const first = await restProfileImage(s, { data: png, name: 'a.png', type: 'image/png' }, a.accessToken);
    expect(first.status).toBe(200);
    expect(existsSync(fileOnDisk(first.body.profileImage))).toBe(true);
    const second = await restProfileImage(s, { data: jpeg, name: 'b.jpg', type: 'image/jpeg' }, a.accessToken);
    expect(second.status).toBe(200);
    expect(second.body.profileImage).not.toBe(first.body.profileImage);
    expect(existsSync(fileOnDisk(second.body.profileImage))).toBe(true);
    expect(existsSync(fileOnDisk(first.body.profileImage))).toBe(false);
    expect((await fetch(`${s.url}${first.body.profileImage}`)).status).toBe(404);
    const meta = await sharp(fileOnDisk(second.body.profileImage)).metadata();
    expect(meta).toMatchObject({ width: 171, height: 512 });
  });

  it('judges by content: a PHP script named .png and sent as image/png is refused, naming the field it came in', async () => {
    const a = await signUpAndLogin(s);
    const php = Buffer.from('<?php system($_GET["cmd"]); ?>\n'.repeat(20));
    const g = await gqlUpload(s, UPLOAD, { data: php, name: 'shell.png', type: 'image/png' }, a.accessToken);
    expect(g.body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: [{ field: 'file' }] });
    expect(g.body.errors[0].message).toMatch(/image file/);
    const r = await restProfileImage(s, { data: php, name: 'shell.png', type: 'image/png' }, a.accessToken);
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/image file/);
    expect(r.body.errors).toEqual([expect.objectContaining({ field: 'profileImage' })]);
    // A PNG signature followed by garbage is not an image either.
    const fake = Buffer.concat([png.subarray(0, 16), Buffer.alloc(2000, 7)]);
    expect((await restProfileImage(s, { data: fake, name: 'x.png', type: 'image/png' }, a.accessToken)).status).toBe(
      400,
    );
    expect((await gql(s, ME, {}, { token: a.accessToken })).body.data.me.profileImage).toBeNull();
  });

  it('refuses SVG whatever it is called', async () => {
    const a = await signUpAndLogin(s);
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><script>alert(1)</script><rect width="64" height="64"/></svg>',
    );
    expect(
      (await gqlUpload(s, UPLOAD, { data: svg, name: 'me.svg', type: 'image/svg+xml' }, a.accessToken)).body.errors[0]
        .extensions.code,
    ).toBe('BAD_USER_INPUT');
    expect((await restProfileImage(s, { data: svg, name: 'me.png', type: 'image/png' }, a.accessToken)).status).toBe(
      400,
    );
  });

  it('refuses an image over 5 MB with 413 / PAYLOAD_TOO_LARGE', async () => {
    const a = await signUpAndLogin(s);
    const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024, 1)]);
    const r = await restProfileImage(s, { data: big, name: 'big.png', type: 'image/png' }, a.accessToken);
    expect(r).toMatchObject({ status: 413, body: { message: 'Image must be at most 5 MB' } });
    const g = await gqlUpload(s, UPLOAD, { data: big, name: 'big.png', type: 'image/png' }, a.accessToken);
    expect(g.body.errors[0]).toMatchObject({
      message: 'Image must be at most 5 MB',
      extensions: { code: 'PAYLOAD_TOO_LARGE' },
    });
  });

  it('needs a signed-in user and a file', async () => {
    expect((await restProfileImage(s, { data: png, name: 'a.png', type: 'image/png' })).status).toBe(401);
    expect(
      (await gqlUpload(s, UPLOAD, { data: png, name: 'a.png', type: 'image/png' })).body.errors[0].extensions.code,
    ).toBe('UNAUTHENTICATED');
    const a = await signUpAndLogin(s);
    const wrongField = await restUpload(
      s,
      '/users/profile/image',
      'picture',
      { data: png, name: 'a.png', type: 'image/png' },
      a.accessToken,
    );
    expect(wrongField.status).toBe(400);
    expect((await api(s, 'POST', '/users/profile/image', { profileImage: 'x' }, { token: a.accessToken })).status).toBe(
      400,
    );
  });
});

describe('account deletion', () => {
  it("deletes one's own account with its sessions and picture; its tokens stop working", async () => {
    const a = await signUpAndLogin(s);
    const up = await gqlUpload(s, UPLOAD, { data: png, name: 'me.png', type: 'image/png' }, a.accessToken);
    const picture = up.body.data.uploadProfileImage.user.profileImage as string;
    const res = await gql(s, DELETE, {}, { token: a.accessToken });
    expect(res.body).toEqual({ data: { deleteAccount: { deletedUserId: String(a.id) } } });
    expect(await s.orm.em.fork().count(User, { id: a.id })).toBe(0);
    expect(await s.orm.em.fork().count(RefreshToken, { user: a.id })).toBe(0);
    expect(existsSync(fileOnDisk(picture))).toBe(false);
    const me = await gql(s, ME, {}, { token: a.accessToken });
    expect(me.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect((await api(s, 'GET', '/users/profile', undefined, { token: a.accessToken })).status).toBe(401);
    expect((await api(s, 'POST', '/auth/refresh', { refreshToken: a.refreshToken })).status).toBe(401);
    expect((await api(s, 'POST', '/auth/login', { email: a.email, password: a.password })).status).toBe(401);
  });

  it('over REST: DELETE /api/users/{own id}', async () => {
    const a = await signUpAndLogin(s);
    const res = await api(s, 'DELETE', `/users/${a.id}`, undefined, { token: a.accessToken });
    expect(res).toMatchObject({ status: 200, body: { success: true } });
    expect(await s.orm.em.fork().count(User, { id: a.id })).toBe(0);
  });

  it("refuses to delete someone else's account (403 / FORBIDDEN) and keeps it", async () => {
    const a = await signUpAndLogin(s);
    const b = await signUpAndLogin(s);
    expect((await api(s, 'DELETE', `/users/${b.id}`, undefined, { token: a.accessToken })).status).toBe(403);
    expect((await gql(s, DELETE, { id: String(b.id) }, { token: a.accessToken })).body.errors[0].extensions.code).toBe(
      'FORBIDDEN',
    );
    expect(await s.orm.em.fork().count(User, { id: b.id })).toBe(1);
    expect((await api(s, 'DELETE', `/users/${b.id}`)).status).toBe(401);
  });

  it('lets an admin delete any account, answers 404 for an unknown one, and keeps the last admin', async () => {
    const admin = await adminLogin();
    const b = await signUpAndLogin(s);
    expect((await api(s, 'DELETE', `/users/${b.id}`, undefined, { token: admin.accessToken })).status).toBe(200);
    expect(await s.orm.em.fork().count(User, { id: b.id })).toBe(0);
    const c = await signUpAndLogin(s);
    expect((await gql(s, DELETE, { id: String(c.id) }, { token: admin.accessToken })).body.data.deleteAccount).toEqual({
      deletedUserId: String(c.id),
    });
    expect((await api(s, 'DELETE', '/users/999999', undefined, { token: admin.accessToken })).status).toBe(404);
    expect((await api(s, 'DELETE', '/users/abc', undefined, { token: admin.accessToken })).status).toBe(404);
    const last = await gql(s, DELETE, {}, { token: admin.accessToken });
    expect(last.body.errors[0]).toMatchObject({ extensions: { code: 'CONFLICT' } });
  });

  it('shows the admin role and permissions', async () => {
    const admin = await adminLogin();
    const me = await gql(s, ME, {}, { token: admin.accessToken });
    expect(me.body.data.me).toMatchObject({
      email: ADMIN.email,
      role: 'admin',
      permissions: ['tours:write', 'bookings:manage', 'users:manage'],
    });
  });
});
