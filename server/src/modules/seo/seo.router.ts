import { Router } from 'express';
import type { MikroORM } from '@mikro-orm/postgresql';
import { escapeHtml } from '@tembea/schema';
import type { Config } from '../../config.js';
import { log } from '../../common/logger.js';
import { queryRows, sql } from '../../common/sql.js';
import { loggableError } from '../../common/errors.js';

/** The canonical public pages (filtered views and account screens are not worth indexing). */
export const PUBLIC_PAGES = ['/', '/tours', '/about', '/blog', '/contact-us', '/partners'] as const;
/** The sitemap protocol's limit per file. */
const MAX_URLS = 50_000;

/** GET /sitemap.xml (public pages and every active tour) and GET /robots.txt pointing to it. */
export function seoRouter(orm: MikroORM, config: Pick<Config, 'publicUrl'>): Router {
  const r = Router();
  const base = config.publicUrl.replace(/\/+$/, '');

  r.get('/sitemap.xml', async (req, res) => {
    try {
      const tours = await queryRows<{ id: number; updated_at: Date }>(
        orm.em.fork(),
        sql`select id, updated_at from tours where lower(status) = 'active' order by id limit ${MAX_URLS - PUBLIC_PAGES.length}`,
      );
      const urls = [
        ...PUBLIC_PAGES.map((p) => `  <url><loc>${escapeHtml(base + p)}</loc></url>`),
        ...tours.map(
          (t) =>
            `  <url><loc>${escapeHtml(`${base}/tour/${t.id}`)}</loc><lastmod>${new Date(t.updated_at).toISOString()}</lastmod></url>`,
        ),
      ];
      res.type('application/xml').setHeader('Cache-Control', 'public, max-age=3600');
      res.send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
      );
    } catch (e) {
      log.error('sitemap failed', { requestId: req.requestId, error: loggableError(e, { stack: false }) });
      res.status(503).type('text').send('Sitemap temporarily unavailable');
    }
  });

  r.get('/robots.txt', (_req, res) => {
    res.type('text/plain').setHeader('Cache-Control', 'public, max-age=86400');
    res.send(
      `User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\nDisallow: /graphql\n\nSitemap: ${base}/sitemap.xml\n`,
    );
  });
  return r;
}
