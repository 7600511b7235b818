import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { startTestServer, type TestServer } from '../test/harness.js';

const ALLOWED = 'https://partner.example';
const OTHER = 'https://evil.example';

function preflight(
  s: TestServer,
  p: string,
  origin: string,
  headers = 'content-type, authorization, apollo-require-preflight, x-apollo-operation-name',
) {
  return fetch(`${s.url}${p}`, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': headers },
  });
}

const corsHeaders = (res: Response) => [...res.headers.keys()].filter((k) => k.startsWith('access-control-'));

describe('CORS with CORS_ORIGINS', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ seedDemo: false, env: { CORS_ORIGINS: `${ALLOWED}, http://localhost:5173` } });
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('answers the preflight of an allowed origin on /graphql and /api with the methods and headers the clients use', async () => {
    for (const p of ['/graphql', '/api/auth/login', '/api/tours/1']) {
      const res = await preflight(s, p, ALLOWED);
      expect(res.status, p).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe(ALLOWED);
      const allowedHeaders = res.headers.get('access-control-allow-headers')!.split(/,\s*/);
      for (const h of [
        'content-type',
        'authorization',
        'apollo-require-preflight',
        'x-apollo-operation-name',
        'x-api-key',
      ])
        expect(allowedHeaders).toContain(h);
      expect(res.headers.get('access-control-allow-methods')).toMatch(/POST/);
      expect(res.headers.get('access-control-allow-credentials')).toBeNull();
      expect(res.headers.get('vary')).toMatch(/Origin/i);
    }
    expect((await preflight(s, '/graphql', 'http://localhost:5173')).headers.get('access-control-allow-origin')).toBe(
      'http://localhost:5173',
    );
  });

  it('lets an allowed origin read the answers, Retry-After included', async () => {
    const res = await fetch(`${s.url}/graphql`, {
      method: 'POST',
      headers: { origin: ALLOWED, 'content-type': 'application/json' },
      body: '{"query":"{__typename}"}',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(res.headers.get('access-control-expose-headers')).toMatch(/Retry-After/i);
    const rest = await fetch(`${s.url}/api/tours?limit=1`, { headers: { origin: ALLOWED } });
    expect(rest.headers.get('access-control-allow-origin')).toBe(ALLOWED);
  });

  it('gives any other origin, a near miss or a path-suffixed one no CORS header at all: a bare 204 preflight', async () => {
    for (const origin of [
      OTHER,
      'https://partner.example.evil.example',
      'http://partner.example',
      'https://partner.example:8443',
      'null',
    ]) {
      const res = await preflight(s, '/graphql', origin);
      expect(res.status, origin).toBe(204);
      expect(corsHeaders(res), origin).toEqual([]);
      const get = await fetch(`${s.url}/api/tours?limit=1`, { headers: { origin } });
      expect(get.status).toBe(200);
      expect(corsHeaders(get)).toEqual([]);
    }
  });
});

describe('CORS by default: same origin only', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ seedDemo: false });
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('sends no Access-Control-Allow-Origin to any origin', async () => {
    for (const p of ['/graphql', '/api/tours']) {
      const res = await preflight(s, p, ALLOWED);
      expect(res.status).toBe(204);
      expect(corsHeaders(res)).toEqual([]);
    }
    const post = await fetch(`${s.url}/graphql`, {
      method: 'POST',
      headers: { origin: ALLOWED, 'content-type': 'application/json' },
      body: '{"query":"{__typename}"}',
    });
    expect(post.status).toBe(200);
    expect(corsHeaders(post)).toEqual([]);
  });
});

describe('CORS_ORIGINS configuration', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tembea-cors-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const load = (value: string) => loadConfig({ DATA_DIR: dataDir, CORS_ORIGINS: value });

  it('takes exact http(s) origins, comma-separated; a trailing slash is the same origin', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).corsOrigins).toEqual([]);
    expect(load(' https://a.example , http://localhost:5173/,https://B.example:8443 ').corsOrigins).toEqual([
      'https://a.example',
      'http://localhost:5173',
      'https://b.example:8443',
    ]);
  });

  it.each([
    'a.example',
    'ftp://a.example',
    'https://a.example/app',
    'https://a.example?x=1',
    'https://user@a.example',
    '*',
    'https://a.example,https://',
  ])('refuses %s with a clear message', (value) => {
    expect(() => load(value)).toThrow(ConfigError);
    expect(() => load(value)).toThrow(/CORS_ORIGINS must list origins like https:\/\/app\.example\.com/);
  });
});
