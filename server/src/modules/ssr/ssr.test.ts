import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AFTER_PAINT_LOADER, PAGE_MODULES_ID, SSR_STATE_ID } from '@tembea/schema';
import { loadConfig } from '../../config.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { ADMIN_ENV, adminToken } from '../../test/booking-helpers.js';
import { gql } from '../../test/auth-helpers.js';

// The built client (index.html and the server-render build): `npm run build` makes both.
const clientDist = loadConfig({}).clientDist;
const PUBLIC = 'https://tembea.example';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ env: { PUBLIC_URL: PUBLIC, ...ADMIN_ENV } });
});
afterAll(async () => {
  await s?.stop();
});

/** The content of `<meta property|name="key" content="…">`, entities decoded. */
function metaOf(html: string, key: string): string | undefined {
  const m = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html);
  return m?.[1]
    ?.replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

async function page(p: string): Promise<{ status: number; html: string; headers: Headers }> {
  const res = await fetch(`${s.url}${p}`, { headers: { accept: 'text/html' } });
  return { status: res.status, html: await res.text(), headers: res.headers };
}

describe('server-rendered pages', () => {
  it('a tour page carries its title, description, canonical link and link-preview tags with an absolute image', async () => {
    const { body } = await s.gql(
      '{ tours(first: 1, filter: { status: "active" }) { nodes { id title description images } } }',
    );
    const tour = body.data.tours.nodes[0] as { id: string; title: string; description: string; images: string[] };
    const { status, html, headers } = await page(`/tour/${tour.id}`);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/text\/html/);

    expect(html).toContain(`<title>${tour.title} – Tembea</title>`);
    expect(metaOf(html, 'description')).toBe(tour.description.slice(0, 160));
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC}/tour/${tour.id}" />`);
    expect(metaOf(html, 'og:title')).toBe(`${tour.title} – Tembea`);
    expect(metaOf(html, 'og:description')).toBe(tour.description.slice(0, 160));
    expect(metaOf(html, 'og:url')).toBe(`${PUBLIC}/tour/${tour.id}`);
    // The tour's picture, unless it is an SVG (the demo art), which crawlers ignore: then the site's JPEG.
    const preview = tour.images[0]!.endsWith('.svg') ? `${PUBLIC}/og-image.jpg` : `${PUBLIC}${tour.images[0]}`;
    expect(metaOf(html, 'og:image')).toBe(preview);
    expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaOf(html, 'twitter:image')).toBe(preview);
    // The template's own title and description are replaced, not repeated.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);

    // The page's content and its data for hydration.
    expect(html).toMatch(new RegExp(`<h1[^>]*>${tour.title}</h1>`));
    const state = new RegExp(`<script type="application/json" id="${SSR_STATE_ID}">([^<]*)</script>`).exec(html);
    expect(JSON.parse(state![1]!)).toHaveProperty([`Tour:{"id":"${tour.id}"}`, 'title'], tour.title);
    const ld = /<script type="application\/ld\+json" id="page-json-ld">([^<]*)<\/script>/.exec(html);
    expect(JSON.parse(ld![1]!)).toMatchObject({
      '@type': 'TouristTrip',
      name: tour.title,
      url: `${PUBLIC}/tour/${tour.id}`,
    });
  });

  it('runs one inline script, the loader its CSP admits by hash; every other script is a data block', async () => {
    const { html, headers } = await page('/tours');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([^<]*)<\/script>/g)].map((m) => ({
      attrs: m[1]!,
      text: m[2]!,
    }));
    const inline = scripts.filter((s) => !/type="application\/(json|ld\+json)"/.test(s.attrs));
    expect(inline).toEqual([{ attrs: '', text: AFTER_PAINT_LOADER }]);
    const hash = createHash('sha256').update(AFTER_PAINT_LOADER).digest('base64');
    const csp = headers.get('content-security-policy') ?? '';
    expect(
      csp
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith('script-src')),
    ).toBe(`script-src 'self' 'sha256-${hash}'`);
  });

  it('the home and list pages carry their own head tags', async () => {
    for (const [p, title] of [
      ['/', 'Tanzania safaris, treks and beach stays – Tembea'],
      ['/tours', 'All Tours – Tembea'],
    ] as const) {
      const { status, html } = await page(p);
      expect(status).toBe(200);
      expect(html).toContain(`<title>${title}</title>`);
      expect(html).toContain(`<link rel="canonical" href="${PUBLIC}${p}" />`);
      expect(metaOf(html, 'og:title')).toBe(title);
      expect(metaOf(html, 'og:image')).toBe(`${PUBLIC}/og-image.jpg`);
      expect(metaOf(html, 'twitter:image')).toBe(`${PUBLIC}/og-image.jpg`);
      expect(metaOf(html, 'og:image:width')).toBe('1200');
      expect(html).toContain('data-testid="tour-card"');
    }
  });

  it('shows a change to a tour on the next render, and a deleted tour as not found', async () => {
    const admin = await adminToken(s);
    const input = {
      title: 'Lake Natron Flamingo Walk',
      description: 'Soda flats at dawn.',
      price: '120',
      country: 'Tanzania',
      durationDays: 1,
    };
    const created = await gql(
      s,
      'mutation($input: TourInput!) { createTour(input: $input) { tour { id } } }',
      { input },
      { token: admin },
    );
    expect(created.body.errors).toBeUndefined();
    const id = created.body.data.createTour.tour.id as string;
    expect((await page(`/tour/${id}`)).html).toContain('<title>Lake Natron Flamingo Walk – Tembea</title>');
    expect((await page(`/tour/${id}`)).html).toContain('<title>Lake Natron Flamingo Walk – Tembea</title>');

    const edited = await gql(
      s,
      'mutation($id: ID!, $input: TourInput!) { updateTour(id: $id, input: $input) { tour { id } } }',
      { id, input: { ...input, title: 'Lake Natron Flamingo Dawn Walk' } },
      { token: admin },
    );
    expect(edited.body.errors).toBeUndefined();
    expect((await page(`/tour/${id}`)).html).toContain('<title>Lake Natron Flamingo Dawn Walk – Tembea</title>');

    await gql(s, 'mutation($id: ID!) { deleteTour(id: $id) { deletedTourId } }', { id }, { token: admin });
    expect((await page(`/tour/${id}`)).status).toBe(404);
  });

  it('asks for no script before the page is drawn: the loader lists the entry, then the screen and its chunks', async () => {
    const manifest = JSON.parse(readFileSync(path.join(clientDist, '.vite', 'manifest.json'), 'utf8')) as Record<
      string,
      { file: string }
    >;
    const { html } = await page('/tours');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toMatch(/<script type="module"|rel="modulepreload"/);
    const listed = new RegExp(`<script type="application/json" id="${PAGE_MODULES_ID}">([^<]*)</script>`).exec(html);
    const modules = JSON.parse(listed![1]!) as string[];
    expect(modules[0]).toBe(`/${manifest['index.html']!.file}`);
    expect(modules).toContain(`/${manifest['src/features/tours/ToursPage.tsx']!.file}`);
    expect(modules).not.toContain(`/${manifest['src/features/home/HomePage.tsx']!.file}`);
    for (const m of modules) expect((await fetch(`${s.url}${m}`)).status, m).toBe(200);
  });

  it('a missing tour is the not-found page with status 404', async () => {
    const { status, html } = await page('/tour/987654321');
    expect(status).toBe(404);
    expect(html).toContain('Tour Not Found');
    expect(html).toContain('<title>Tour Not Found – Tembea</title>');
  });

  it('an address that is no page is the not-found page with status 404, not a page shell with 200', async () => {
    for (const p of ['/no-such-page', '/tours/extra/segments']) {
      const { status, html } = await page(p);
      expect({ p, status }).toEqual({ p, status: 404 });
      expect(html).toContain('Page not found');
      expect(html).toContain('There is no page at this address.');
    }
  });

  it('account and admin pages are the SPA shell', async () => {
    for (const p of ['/login', '/admin', '/my-bookings']) {
      const { status, html } = await page(p);
      expect(status).toBe(200);
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain(SSR_STATE_ID);
    }
  });
});

describe('a render that throws', () => {
  let broken: TestServer;
  let dir: string;
  beforeAll(async () => {
    // A client build whose server-render entry throws on every page.
    dir = mkdtempSync(path.join(os.tmpdir(), 'tembea-ssr-'));
    mkdirSync(path.join(dir, 'dist'));
    mkdirSync(path.join(dir, 'dist-ssr'));
    writeFileSync(path.join(dir, 'dist', 'index.html'), readFileSync(path.join(clientDist, 'index.html')));
    writeFileSync(
      path.join(dir, 'dist-ssr', 'entry-server.js'),
      'export async function render() { throw new Error("render exploded"); }\n',
    );
    broken = await startTestServer({
      seedDemo: false,
      env: { CLIENT_DIST: path.join(dir, 'dist'), LOG_LEVEL: 'silent' },
    });
  });
  afterAll(async () => {
    await broken?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers a missing file with 404, never the page: an old chunk under /assets, a missing image', async () => {
    const entryScript = /<script type="module"[^>]* src="(\/assets\/[^"]+\.js)"/.exec(
      readFileSync(path.join(clientDist, 'index.html'), 'utf8'),
    )![1]!;
    for (const accept of ['*/*', 'text/html']) {
      for (const p of [
        '/assets/nope.js',
        '/assets/index-0ld0ld.css',
        '/assets/nope',
        '/favicon-nope.png',
        '/tour/1.js',
      ]) {
        const res = await fetch(`${s.url}${p}`, { headers: { accept } });
        expect({ p, accept, status: res.status }).toEqual({ p, accept, status: 404 });
        expect(res.headers.get('content-type')).not.toMatch(/html/);
        expect(await res.text()).not.toContain('<div id="root"');
      }
      const script = await fetch(`${s.url}${entryScript}`, { headers: { accept } });
      expect(script.status).toBe(200);
      expect(script.headers.get('content-type')).toMatch(/javascript/);
    }
    for (const p of ['/tours', '/tour/1', '/admin/bookings']) {
      const { status, headers } = await page(p);
      expect({ p, status }).toEqual({ p, status: 200 });
      expect(headers.get('content-type')).toMatch(/text\/html/);
    }
  });

  it('falls back to the SPA shell, never an error page', async () => {
    const res = await fetch(`${broken.url}/tours`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('render exploded');
  });
});
