// The baseline: a bare node:http + pg server running exactly the app's catalogue SQL (built by the
// app's own query builder) and answering the same JSON, with no framework in between.
// Usage: node bare-server.mjs <port> <database url>   (prints "ready" when listening)
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { SERVER_DIST } from './data.mjs';

const { pageQuery, encodeKeyset } = await import(path.join(SERVER_DIST, 'modules/tours/tour-page-query.js'));
const { boundedCountQuery, estimateCountQuery } = await import(
  path.join(SERVER_DIST, 'modules/tours/tour-count-query.js')
);
const { resolveSearchQuery, resolvedSearch, densityWalkTours } = await import(
  path.join(SERVER_DIST, 'modules/tours/tour-search-query.js')
);
const { parseTourFilter, parseSearch } = await import(path.join(SERVER_DIST, 'modules/tours/tour-filter.js'));

const [port, url] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: url, max: 10 });
const NUMERIC = new Set(['price', 'original_price', 'discount', 'rating', 'from_price']);
const LAZY = new Set(['search_vector', 'search_text']);
const columns = (
  await pool.query(
    `select column_name from information_schema.columns where table_name = 'tours' order by ordinal_position`,
  )
).rows
  .map((r) => r.column_name)
  .filter((c) => !LAZY.has(c));

/** knex's `?` bindings as pg's $n (the app's SQL has no other question mark). */
function toPg(q) {
  let n = 0;
  return { text: q.text.replace(/\?/g, () => `$${++n}`), values: q.values };
}

const camel = (s) => s.replace(/_([a-z])/g, (_m, c) => c.toUpperCase());

function tourOf(row) {
  const t = {};
  for (const c of columns) {
    const v = row[c];
    t[camel(c)] = v === null ? null : NUMERIC.has(c) ? Number(v) : v instanceof Date ? v.toISOString() : v;
  }
  t.id = String(row.id);
  return t;
}

const CARD = [
  'id',
  'title',
  'description',
  'destination',
  'price',
  'priceText',
  'originalPrice',
  'discount',
  'images',
  'bg',
  'rating',
  'numRatings',
  'tier',
  'bookingType',
  'travelType',
  'durationDays',
  'durationNights',
  'status',
  'featured',
];

// As the app's configuration: exact totalCount up to this many matches, relevance over this many candidates.
const COUNT_LIMIT = Number(process.env.TOUR_COUNT_EXACT_LIMIT ?? 1000);
const RANKED = Number(process.env.SEARCH_RANKED_TOURS ?? 100);

async function countOf(filter, s) {
  const n = (await pool.query(toPg(boundedCountQuery(filter, s, COUNT_LIMIT)))).rows[0].count;
  if (n <= COUNT_LIMIT) return n;
  return Math.max(COUNT_LIMIT + 1, (await pool.query(toPg(estimateCountQuery(filter, s)))).rows[0].count);
}

async function list(filterRaw, search, limit, withCount = true) {
  const filter = parseTourFilter(filterRaw);
  let s = parseSearch(search);
  if (s && s.words.length) {
    const check = resolveSearchQuery(filter, s, densityWalkTours('CATALOGUE', s, RANKED));
    s = resolvedSearch(s, (await pool.query(toPg(check))).rows[0]);
  }
  const { query, order } = pageQuery({ filter, search: s, sort: 'CATALOGUE', after: null, limit }, columns, RANKED);
  const [page, totalCount] = await Promise.all([pool.query(toPg(query)), withCount ? countOf(filter, s) : undefined]);
  const rows = page.rows.slice(0, limit);
  const cursors = rows.map((r) => encodeKeyset(order, r.sort_key_text ?? null, Number(r.id)));
  return { rows, cursors, hasNextPage: page.rows.length > limit, totalCount };
}

function graphqlShape(r) {
  const nodes = r.rows.map((row) => {
    const t = tourOf(row);
    return Object.fromEntries(CARD.map((k) => [k, t[k]]));
  });
  return {
    data: {
      tours: {
        totalCount: r.totalCount,
        nodes,
        pageInfo: { hasNextPage: r.hasNextPage, endCursor: r.cursors.at(-1) ?? null },
      },
    },
  };
}

const server = http.createServer(async (req, res) => {
  try {
    const u = new URL(req.url, 'http://x');
    let body;
    if (u.pathname === '/filter')
      body = graphqlShape(await list({ travelType: 'Safari', bookingType: 'group' }, null, 20));
    else if (u.pathname === '/search') body = graphqlShape(await list({}, 'kili', 20));
    else if (u.pathname === '/rest') {
      const r = await list({}, null, Number(u.searchParams.get('limit') ?? 20), false);
      body = { success: true, tours: r.rows.map(tourOf) };
    } else {
      res.writeHead(404).end();
      return;
    }
    const json = JSON.stringify(body);
    res
      .writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json) })
      .end(json);
  } catch (e) {
    res.writeHead(500).end(String(e));
  }
});
server.keepAliveTimeout = 65_000;
server.listen(Number(port), '127.0.0.1', () => console.log('ready'));
for (const sig of ['SIGTERM', 'SIGINT'])
  process.on(sig, () => server.close(() => pool.end().then(() => process.exit(0))));
