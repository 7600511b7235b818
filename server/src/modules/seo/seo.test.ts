import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { DEMO_TOURS } from '../../db/seed/demo-tours.js';

let s: TestServer;
const PUBLIC = 'https://tembea.example';
beforeAll(async () => {
  s = await startTestServer({ env: { PUBLIC_URL: PUBLIC } });
});
afterAll(async () => {
  await s?.stop();
});

describe('sitemap and robots', () => {
  it('lists the canonical public pages and every active tour with absolute URLs and lastmod', async () => {
    const res = await fetch(`${s.url}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/xml/);
    const xml = await res.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const p of ['/', '/tours', '/about', '/blog', '/contact-us']) expect(locs).toContain(PUBLIC + p);
    for (const p of ['/tourfilter', '/filtered', '/login', '/admin'])
      expect(locs.some((l) => l!.startsWith(PUBLIC + p))).toBe(false);
    const activeIds = DEMO_TOURS.map((t, i) => (t.status === 'active' ? i + 1 : 0)).filter(Boolean);
    const tourLocs = locs.filter((l) => l!.startsWith(`${PUBLIC}/tour/`));
    expect(tourLocs.sort()).toEqual(activeIds.map((id) => `${PUBLIC}/tour/${id}`).sort());
    expect(tourLocs.length).toBeLessThan(DEMO_TOURS.length);
    const lastmods = [...xml.matchAll(/<lastmod>([^<]+)<\/lastmod>/g)].map((m) => m[1]!);
    expect(lastmods).toHaveLength(activeIds.length);
    for (const l of lastmods) expect(Number.isNaN(Date.parse(l))).toBe(false);
  });

  it('serves robots.txt pointing to the sitemap and keeping crawlers out of /admin', async () => {
    const res = await fetch(`${s.url}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/plain/);
    const text = await res.text();
    expect(text).toContain('Disallow: /admin');
    expect(text).toContain(`Sitemap: ${PUBLIC}/sitemap.xml`);
  });
});
