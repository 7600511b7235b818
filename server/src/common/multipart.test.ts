import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Server } from 'node:http';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareUploadTempDir, receiveUpload, uploadTempDir, type UploadLimits } from './multipart.js';
import { restErrorHandler, route } from './rest.js';

// The limits the admin tour form will use: up to 10 photos of 10 MB each under the field `images`.
const TOUR_IMAGES: UploadLimits = {
  fileFields: ['images'],
  maxFiles: 10,
  maxFileBytes: 10 * 1024 * 1024,
  fileTooLarge: 'Each image must be at most 10 MB',
};
const MB = 1024 * 1024;

let dataDir: string;
let server: Server;
let url: string;
/** What the handler saw on disk while the request was being answered. */
let seen: { sizes: number[]; fields: Record<string, string>; presentDuringRequest: boolean[] } | null = null;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'tembea-multipart-'));
  const app = express();
  app.post(
    '/upload',
    route(async (req, res) => {
      const upload = await receiveUpload(req, res, { dataDir, uploadBodyTimeoutMs: 60_000 }, TOUR_IMAGES);
      seen = {
        sizes: upload.files.map((f) => f.size),
        fields: { ...upload.fields },
        presentDuringRequest: upload.files.map((f) => existsSync(f.path)),
      };
      return { files: upload.files.map((f) => ({ field: f.field, filename: f.filename, size: f.size })) };
    }),
  );
  app.use(restErrorHandler);
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
  rmSync(dataDir, { recursive: true, force: true });
});

const tempFiles = () => (existsSync(uploadTempDir(dataDir)) ? readdirSync(uploadTempDir(dataDir)) : []);
/** The temporary folder is emptied once the answer has gone out (the cleanup runs on 'close'). */
async function expectNoTempFiles() {
  const deadline = Date.now() + 3_000;
  while (tempFiles().length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  expect(tempFiles()).toEqual([]);
}

function form(files: { field: string; size: number; name?: string }[], fields: Record<string, string> = {}): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  files.forEach((file, i) =>
    f.append(file.field, new Blob([Buffer.alloc(file.size, i + 1)]), file.name ?? `photo-${i}.jpg`),
  );
  return f;
}

async function post(body: FormData | string, headers: Record<string, string> = {}) {
  const res = await fetch(`${url}/upload`, { method: 'POST', body, headers });
  return { status: res.status, body: (await res.json()) as any, connection: res.headers.get('connection') };
}

describe('the upload module (tour images: field images, 10 files, 10 MB each)', () => {
  it('streams ten files to temporary files, in order, and removes them after the answer', async () => {
    const sizes = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => n * 100_000);
    const res = await post(
      form(
        sizes.map((size) => ({ field: 'images', size })),
        { title: 'Serengeti' },
      ),
    );
    expect(res.status).toBe(200);
    expect(res.body.files.map((f: { size: number }) => f.size)).toEqual(sizes);
    expect(res.body.files[3]).toEqual({ field: 'images', filename: 'photo-3.jpg', size: 400_000 });
    expect(seen).toEqual({ sizes, fields: { title: 'Serengeti' }, presentDuringRequest: sizes.map(() => true) });
    await expectNoTempFiles();
  });

  it('accepts a file of exactly 10 MB and refuses one byte more with 413, leaving nothing behind', async () => {
    expect((await post(form([{ field: 'images', size: 10 * MB }]))).status).toBe(200);
    const over = await post(form([{ field: 'images', size: 10 * MB + 1 }]));
    expect(over).toMatchObject({
      status: 413,
      body: { message: 'Each image must be at most 10 MB', code: 'PAYLOAD_TOO_LARGE' },
    });
    await expectNoTempFiles();
  });

  it('refuses an eleventh file with 413 and skips files under other field names', async () => {
    const eleven = await post(form(Array.from({ length: 11 }, () => ({ field: 'images', size: 1000 }))));
    expect(eleven).toMatchObject({ status: 413, body: { message: 'At most 10 files can be sent at once' } });
    const other = await post(
      form([
        { field: 'avatar', size: 1000 },
        { field: 'images', size: 2000 },
      ]),
    );
    expect(other.status).toBe(200);
    expect(other.body.files).toEqual([{ field: 'images', filename: 'photo-1.jpg', size: 2000 }]);
    await expectNoTempFiles();
  });

  it('answers a body that ends before its closing boundary with 400 and removes the partial file', async () => {
    const body = `--XYZ\r\nContent-Disposition: form-data; name="images"; filename="a.jpg"\r\n\r\n${'x'.repeat(200_000)}`;
    const res = await post(body, { 'content-type': 'multipart/form-data; boundary=XYZ' });
    expect(res).toMatchObject({
      status: 400,
      body: { code: 'BAD_USER_INPUT', message: expect.stringMatching(/incomplete/) },
    });
    await expectNoTempFiles();
  });

  it('answers a non-multipart body with 400', async () => {
    const res = await post('{"images":[]}', { 'content-type': 'application/json' });
    expect(res).toMatchObject({ status: 400, body: { code: 'BAD_USER_INPUT' } });
  });

  it('removes the partial file when the client goes away mid-upload', async () => {
    const { port } = server.address() as AddressInfo;
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    socket.write(
      'POST /upload HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=XYZ\r\nContent-Length: 5000000\r\n\r\n',
    );
    socket.write(
      '--XYZ\r\nContent-Disposition: form-data; name="images"; filename="a.jpg"\r\n\r\n' + 'y'.repeat(300_000),
    );
    const deadline = Date.now() + 3_000;
    while (tempFiles().length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(tempFiles()).toHaveLength(1);
    socket.destroy();
    await expectNoTempFiles();
  });

  it('clears temporary files that a stopped process left behind, keeping recent ones', async () => {
    const dir = uploadTempDir(dataDir);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'stale'), 'x');
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
    utimesSync(path.join(dir, 'stale'), old, old);
    writeFileSync(path.join(dir, 'fresh'), 'x');
    await prepareUploadTempDir(dataDir);
    expect(tempFiles()).toEqual(['fresh']);
    rmSync(path.join(dir, 'fresh'));
  });
});
