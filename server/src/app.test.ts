import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTembea } from './boot.js';
import { loadConfig } from './config.js';
import { startTestServer, type TestServer } from './test/harness.js';
import { rawRequest } from './test/raw-http.js';

let s: TestServer;
const clientDist = path.join(os.tmpdir(), `tembea-client-${process.pid}`);
beforeAll(async () => {
  mkdirSync(path.join(clientDist, 'assets'), { recursive: true });
  writeFileSync(path.join(clientDist, 'index.html'), '<!doctype html><title>Tembea</title><div id="root"></div>');
  writeFileSync(path.join(clientDist, 'assets', 'app.js'), 'console.log(1)');
  s = await startTestServer({ env: { CLIENT_DIST: clientDist } });
});
afterAll(async () => {
  await s?.stop();
});

describe('the one port', () => {
  it('/health answers 200 while the process is alive, /ready with the database status', async () => {
    const alive = await s.rest('GET', '/health');
    expect(alive.status).toBe(200);
    expect(alive.body).toMatchObject({ status: 'ok', message: 'API is accessible' });
    const ready = await s.rest('GET', '/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ status: 'ready', database: { status: 'up' } });
  });

  it('serves the app for client routes so that a reload works', async () => {
    for (const p of ['/', '/tour/123', '/admin/bookings', '/reset-password?token=x']) {
      const res = await fetch(`${s.url}${p}`, { headers: { accept: 'text/html' } });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<div id="root">');
    }
    const asset = await fetch(`${s.url}/assets/app.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
  });

  it('answers a missing file with 404 instead of the page shell, whatever the browser accepts', async () => {
    for (const accept of ['*/*', 'text/html']) {
      for (const p of ['/assets/nope.js', '/assets/nope', '/favicon-nope.png']) {
        const res = await fetch(`${s.url}${p}`, { headers: { accept } });
        expect({ p, accept, status: res.status }).toEqual({ p, accept, status: 404 });
        expect(res.headers.get('content-type')).toContain('application/json');
        expect(res.headers.get('cache-control')).toBe('no-store');
      }
    }
    for (const p of ['/tours', '/tour/1']) {
      const res = await fetch(`${s.url}${p}`, { headers: { accept: 'text/html' } });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<div id="root">');
    }
  });

  it('serves the demo images from /uploads with nosniff, and 404s missing files', async () => {
    const { body } = await s.rest('GET', '/api/tours/1');
    const photo = body.tour.images[0] as string;
    // A demo tour's image is a WebP with its small copy beside it, as an uploaded photo is.
    for (const file of [photo, photo.replace(/\.webp$/, '-thumb.webp')]) {
      const img = await fetch(`${s.url}${file}`);
      expect(img.status).toBe(200);
      expect(img.headers.get('content-type')).toContain('image/webp');
      expect(img.headers.get('x-content-type-options')).toBe('nosniff');
    }
    // Its SVG source is there too, for catalogues seeded before: never run as a document.
    const svg = await fetch(`${s.url}${photo.replace(/\.webp$/, '.svg')}`);
    expect(svg.headers.get('content-type')).toContain('image/svg+xml');
    expect(svg.headers.get('content-security-policy')).toContain('sandbox');
    expect((await fetch(`${s.url}/uploads/nope.png`)).status).toBe(404);
  });

  it('offers the Apollo Sandbox landing page at /graphql to a browser', async () => {
    const res = await fetch(`${s.url}/graphql`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/sandbox/i);
  });

  it('answers 503 on /ready (and still 200 on /health) when the database cannot be reached', async () => {
    const other = await startTestServer({ seedDemo: false });
    await other.closeDatabase();
    const r = await other.rest('GET', '/ready');
    expect(r.status).toBe(503);
    expect(r.body).toMatchObject({
      status: 'unavailable',
      database: { status: 'down' },
      message: 'The database cannot be reached',
    });
    expect((await other.rest('GET', '/health')).status).toBe(200);
    await other.stop().catch(() => {});
  });

  it('answers broken requests with JSON and a 4xx, never an HTML page with a stack', async () => {
    const post = (body: string, type: string) =>
      fetch(`${s.url}/graphql`, { method: 'POST', headers: { 'content-type': type }, body });
    const cases: [Response, number, string][] = [
      [await post('{bad', 'application/json'), 400, 'Request body is not valid JSON'],
      [
        await post(JSON.stringify({ query: 'x'.repeat(1_100_000) }), 'application/json'),
        413,
        'Request body is too large: at most 100 KB',
      ],
      // Every multipart operation needs a signed-in user: an anonymous one is refused before its body is read.
      [await post('garbage', 'multipart/form-data; boundary=xx'), 401, 'Authentication required. Please login.'],
    ];
    for (const [res, status, message] of cases) {
      expect(res.status).toBe(status);
      expect(await res.json()).toEqual({ errors: [{ message, extensions: { code: expect.any(String) } }] });
    }
    for (const p of ['/%E0%A4%A', '/assets/%E0%A4%A', '/health/%zz', '/api/tours/%E0%A4%A']) {
      const res = await fetch(`${s.url}${p}`, { headers: { accept: 'text/html' } });
      expect(res.status, p).toBe(400);
      const text = await res.text();
      expect(text).not.toMatch(/at |node_modules/);
      expect(JSON.parse(text).message).toBe('The address is malformed');
    }
  });

  it('answers requests Node itself refuses (headers too large, an unknown method) with JSON and a code', async () => {
    const cases: { method: string; headers: Record<string, string>; status: number; code: string }[] = [
      { method: 'GET', headers: { 'x-pad': 'x'.repeat(20_000) }, status: 431, code: 'PAYLOAD_TOO_LARGE' },
      { method: 'FOO', headers: {}, status: 400, code: 'BAD_USER_INPUT' },
    ];
    for (const c of cases) {
      const res = await rawRequest(s.url, { method: c.method, path: '/api/tours', headers: c.headers, body: '' });
      expect(res.status, c.method).toBe(c.status);
      expect(res.headers['content-type']).toContain('application/json');
      expect(JSON.parse(res.body)).toMatchObject({ success: false, code: c.code, message: expect.any(String) });
    }
  });

  it('gives every 404 outside the API a code too', async () => {
    for (const [method, p] of [
      ['GET', '/nope'],
      ['POST', '/health'],
      ['GET', '/uploads/nope.png'],
    ]) {
      const res = await fetch(`${s.url}${p}`, { method, headers: { accept: 'application/json' } });
      expect({ p, status: res.status, body: await res.json() }).toMatchObject({
        p,
        status: 404,
        body: { code: 'NOT_FOUND' },
      });
    }
  });

  it('refuses to start on a port already in use instead of claiming to serve it', async () => {
    const dataDir = path.join(os.tmpdir(), `tembea-port-${process.pid}`);
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: String(s.port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
    });
    await expect(startTembea(config, { inMemoryDb: true })).rejects.toThrow(`port ${s.port} is already in use`);
    expect((await s.rest('GET', '/health')).status).toBe(200);
  });
});

describe('readiness with Redis', () => {
  it('reports Redis beside the database when REDIS_URL is set, and 503 when it cannot be reached', async () => {
    const up = await startTestServer({
      seedDemo: false,
      env: { REDIS_URL: 'redis://127.0.0.1:6379', REDIS_PREFIX: `tembea:test:${process.pid}:` },
    });
    try {
      const r = await up.rest('GET', '/ready');
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ status: 'ready', database: { status: 'up' }, redis: { status: 'up' } });
    } finally {
      await up.stop();
    }
    const down = await startTestServer({ seedDemo: false, env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    try {
      const r = await down.rest('GET', '/ready');
      expect(r.status).toBe(503);
      expect(r.body).toMatchObject({
        status: 'unavailable',
        database: { status: 'up' },
        redis: { status: 'down' },
        message: 'Not ready: redis cannot be reached',
      });
    } finally {
      await down.stop();
    }
  });
});
