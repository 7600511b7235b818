import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AFTER_PAINT_LOADER } from '@tembea/schema';
import { startTestServer, type TestServer } from '../test/harness.js';

/** The CSP source of the server-rendered pages' loader: its own text's hash admits it and nothing else. */
const LOADER_HASH = `'sha256-${createHash('sha256').update(AFTER_PAINT_LOADER).digest('base64')}'`;

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: string | null): Record<string, string[]> {
  expect(header).toBeTruthy();
  return Object.fromEntries(
    header!
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name, ...values] = d.split(/\s+/);
        return [name!, values];
      }),
  );
}

const html = { accept: 'text/html' };

describe('security headers (development)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ seedDemo: false });
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('every answer carries the common headers and no X-Powered-By', async () => {
    for (const p of [
      '/',
      '/tours',
      '/health',
      '/api/tours?limit=1',
      '/api/nope',
      '/graphql?query=%7B__typename%7D',
      '/uploads/none.png',
    ]) {
      const res = await fetch(`${s.url}${p}`, { headers: { ...html, 'apollo-require-preflight': '1' } });
      const h = res.headers;
      expect(h.get('x-content-type-options'), p).toBe('nosniff');
      expect(h.get('referrer-policy'), p).toBe('strict-origin-when-cross-origin');
      expect(h.get('cross-origin-opener-policy'), p).toBe(p.startsWith('/api/') ? null : 'same-origin');
      expect(h.get('x-frame-options'), p).toBe('DENY');
      expect(h.get('x-powered-by'), p).toBeNull();
      expect(h.get('content-security-policy'), p).toContain("frame-ancestors 'none'");
    }
  });

  it('JSON answers of /api load nothing and carry none of the headers only documents use', async () => {
    for (const p of ['/api/tours?limit=1', '/api/nope']) {
      const h = (await fetch(`${s.url}${p}`)).headers;
      expect(directives(h.get('content-security-policy'))).toEqual({
        'default-src': ["'none'"],
        'frame-ancestors': ["'none'"],
      });
      expect(h.get('cross-origin-resource-policy'), p).toBe('same-origin');
      for (const documentOnly of [
        'origin-agent-cluster',
        'x-dns-prefetch-control',
        'x-download-options',
        'x-permitted-cross-domain-policies',
        'x-xss-protection',
      ]) {
        expect(h.get(documentOnly), `${p} ${documentOnly}`).toBeNull();
      }
    }
  });

  it('the site: scripts only from its own files and the one loader, and the built page needs nothing else', async () => {
    const res = await fetch(`${s.url}/tours`, { headers: html });
    expect(res.status).toBe(200);
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp['script-src']).toEqual(["'self'", LOADER_HASH]);
    expect(csp['style-src']).toEqual(["'self'"]);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['img-src']).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
    expect(Object.keys(csp)).not.toContain('upgrade-insecure-requests');
    const page = await res.text();
    // Every script is a JSON data block (never run by the browser) or the loader the policy admits by
    // its hash, which fetches the site's own files; no other inline script, style block or style attribute.
    const scripts = [...page.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    const code = scripts.filter(([, attrs]) => !/\stype="application\/(ld\+)?json"/.test(attrs!));
    expect(code.map(([, attrs, body]) => ({ attrs, body }))).toEqual([{ attrs: '', body: AFTER_PAINT_LOADER }]);
    const modules = JSON.parse(/<script type="application\/json" id="__PAGE_MODULES__">([^<]*)</.exec(page)![1]!);
    for (const m of modules) expect(m).toMatch(/^\/assets\/[^/]+\.js$/);
    expect(page).not.toMatch(/<style\b|\sstyle=|\son[a-z]+=/i);
    // What the page loads (scripts, images, stylesheets, icons, preloads) comes from the site; the
    // canonical link only names the public address.
    for (const [tag, href] of page.matchAll(
      /<(?:script|img|link|source)\b[^>]*\s(?:src|href|srcset)="([^"]+)"[^>]*>/g,
    )) {
      if (/rel="canonical"/.test(tag)) continue;
      expect(href).toMatch(/^\/(?!\/)/);
    }
  });

  it('uploaded files: data only, sandboxed, and may be shown by other origins', async () => {
    mkdirSync(path.join(s.dataDir, 'uploads'), { recursive: true });
    writeFileSync(
      path.join(s.dataDir, 'uploads', 'x.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const res = await fetch(`${s.url}/uploads/x.svg`);
    expect(res.status).toBe(200);
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp['default-src']).toEqual(["'none'"]);
    expect(csp).toHaveProperty('sandbox');
    expect(csp['script-src']).toBeUndefined();
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it("/graphql outside production: the Sandbox page loads from Apollo's CDN under its own nonce policy", async () => {
    const res = await fetch(`${s.url}/graphql`, { headers: html });
    expect(res.status).toBe(200);
    const page = await res.text();
    const csp = directives(res.headers.get('content-security-policy'));
    // Every script the page loads is admitted by the header's policy, and its inline code by its own nonce.
    for (const [, src] of page.matchAll(/<script[^>]*\ssrc="(https:\/\/[^/"]+)/g))
      expect(csp['script-src']).toContain(src);
    const nonce = /nonce-([0-9a-f]+)/.exec(page)?.[1];
    expect(nonce).toBeTruthy();
    expect(page).toMatch(new RegExp(`<script nonce="${nonce}">`));
    expect(page).toContain('embeddable-sandbox');
    expect(csp['frame-src']).toContain('https://sandbox.embed.apollographql.com');
    expect(csp['connect-src']).toEqual(["'self'"]);
    // A JSON answer is the same as before.
    const q = await fetch(`${s.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"query":"{__typename}"}',
    });
    expect(await q.json()).toEqual({ data: { __typename: 'Query' } });
  });
});

describe('security headers (production)', () => {
  let s: TestServer;
  beforeAll(async () => {
    const secret = () => randomBytes(48).toString('base64url');
    s = await startTestServer({
      seedDemo: false,
      env: {
        NODE_ENV: 'production',
        JWT_SECRET: secret(),
        JWT_REFRESH_SECRET: secret(),
        PERSONAL_DATA_KEYS: `k1:${randomBytes(32).toString('base64')}`,
      },
    });
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('/graphql serves no Sandbox and admits nothing to load or run', async () => {
    const res = await fetch(`${s.url}/graphql`, { headers: html });
    expect(res.status).toBe(400);
    expect(directives(res.headers.get('content-security-policy'))).toEqual({
      'default-src': ["'none'"],
      'frame-ancestors': ["'none'"],
    });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('origin-agent-cluster')).toBeNull();
    expect(
      directives((await fetch(`${s.url}/`, { headers: html })).headers.get('content-security-policy'))['script-src'],
    ).toEqual(["'self'", LOADER_HASH]);
  });
});
