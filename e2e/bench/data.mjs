// Benchmark databases: one per catalogue size on the machine's PostgreSQL, migrated by the built
// server and filled with generated tours in one INSERT … SELECT generate_series.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const SERVER_DIST = path.resolve(import.meta.dirname, '../../server/dist');

function dbUrl(base, name) {
  const u = new URL(base);
  u.pathname = `/${name}`;
  return u.toString();
}

async function withClient(url, fn) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/**
 * Boots the built server in this process on the database at `url` (migrated at start, no demo data,
 * a throw-away data folder named after `label`); stop() stops it and removes the folder.
 */
export async function startBuiltServer(url, label, env = {}) {
  const { loadConfig } = await import(path.join(SERVER_DIST, 'config.js'));
  const { startTembea } = await import(path.join(SERVER_DIST, 'boot.js'));
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `tembea-bench-${label}-`));
  const running = await startTembea(
    loadConfig({
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    }),
  );
  return {
    url: running.url,
    async stop() {
      await running.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Applies the app's migrations by booting the built server once (no demo data), then stops it. */
async function migrate(url) {
  const server = await startBuiltServer(url, 'migrate');
  await server.stop();
}

/**
 * The generated catalogue: destinations, travel types, tiers, booking types, statuses, prices (a
 * quarter as key:value price text), dates and flags spread deterministically over the rows. The
 * derived columns (from_price, tier_list, day_trip) follow the same rules as the entity's.
 */
const GENERATE = `
with r as (
  -- Independent pseudo-random draws per row (hashes of the row number), repeatable run to run.
  select i, abs(hashint4(i)) as h1, abs(hashint4(i + 1000003)) as h2, abs(hashint4(i + 2000003)) as h3,
    abs(hashint4(i + 3000003)) as h4, abs(hashint4(i + 4000003)) as h5, abs(hashint4(i + 5000003)) as h6
  from generate_series(1, $1::int) i
), g as (
  select i, h1, h2, h3, h4, h5, h6,
    (array['zanzibar','serengeti','ngorongoro','kilimanjaro','tarangire','Cusuals','Local culture','manyara','Arusha','Mwanza','Tanga','Meru'])[1 + h1 % 12] as dest,
    (array['Beach sands','Safari','Trekking','Grand hotel','Food and restaurants','Hidden gems','Cultural'])[1 + h2 % 7] as tt,
    (array['Great Migration Safari','Summit Trek','Beach Escape','Cultural Walk','Wildlife Tour','Crater Day Trip','Island Hopping','Food Tour'])[1 + h3 % 8] as kind,
    1 + h4 % 10 as days,
    h5 % 4 = 0 as has_text,
    (50 + h6 % 6000)::numeric as p,
    (200 + h6 % 3000)::numeric as p1,
    (800 + h5 % 5000)::numeric as p2,
    (array['Budget','Mid-range','Luxury','Budget,Mid-range','Mid-range,Luxury'])[1 + h2 % 5] as tier,
    now() + (h3 % 365) * interval '1 day' + interval '4 hours' as dep
  from r
)
insert into tours (title, description, destination, country, duration_days, duration_nights, duration, price, price_text,
  original_price, discount, images, featured, popular, trending, rating, num_ratings, tour_type, capacity, status,
  departure_location, departure_time, return_time, tier, booking_type, travel_type, created_at, updated_at,
  from_price, tier_list, day_trip)
select
  initcap(dest) || ' ' || kind || ' ' || i,
  'Explore ' || initcap(dest) || ' with expert Tanzanian guides: ' || lower(kind) || ', wildlife, landscapes and local culture. Tour number ' || i || '.',
  dest, 'Tanzania', days, case when days = 1 then 0 else days - 1 end,
  days || ' days / ' || (case when days = 1 then 0 else days - 1 end) || ' nights',
  case when has_text then null else p end,
  case when has_text then 'group budget:' || p1 || ';private luxury:' || p2 end,
  case when has_text then p1 else p end,
  case when h6 % 10 = 0 then 10 else 0 end,
  array['/uploads/demo/serengeti-migration.webp'],
  h4 % 10 = 0, h5 % 7 = 0, h6 % 13 = 0,
  round(3 + (h4 % 21) / 10.0, 1), h5 % 500, kind, 4 + h6 % 17,
  case when h3 % 20 = 0 then 'inactive' when h3 % 33 = 0 then 'draft' else 'active' end,
  'Arusha', dep, dep + (days - 1) * interval '1 day' + interval '9 hours',
  tier, case when abs(hashint4(i + 6000003)) % 3 = 0 then 'private' else 'group' end, tt,
  now() - (h2 % 50000) * interval '1 minute', now(),
  case when has_text then least(p1, p2) else p end,
  string_to_array(lower(tier), ','),
  days = 1
from g`;

/**
 * A database with `size` generated tours (reused when it already has them and BENCH_FRESH is unset),
 * named BENCH_DB_PREFIX (tembea_bench) and the size: a branch with other migrations uses its own prefix.
 */
export async function ensureDatabase(baseUrl, size) {
  const name = `${process.env.BENCH_DB_PREFIX ?? 'tembea_bench'}_${size}`;
  const url = dbUrl(baseUrl, name);
  const exists = await withClient(
    baseUrl,
    async (c) => (await c.query('select 1 from pg_database where datname = $1', [name])).rowCount > 0,
  );
  if (exists && !process.env.BENCH_FRESH) {
    const count = await withClient(url, async (c) => {
      try {
        return Number((await c.query('select count(*) from tours')).rows[0].count);
      } catch {
        return -1;
      }
    });
    if (count === size) {
      await migrate(url);
      // A reused database holds the rows earlier runs wrote and deleted (bookings, mails, seats): on
      // a PostgreSQL without autovacuum (as on CI machines) their dead versions would slow this run.
      await withClient(url, (c) => c.query('vacuum analyze'));
      return url;
    }
  }
  await withClient(baseUrl, async (c) => {
    await c.query(`drop database if exists "${name}" with (force)`);
    await c.query(`create database "${name}"`);
  });
  await migrate(url);
  const started = Date.now();
  await withClient(url, async (c) => {
    await c.query(GENERATE, [size]);
    await c.query('vacuum analyze tours');
  });
  console.log(`  generated ${size} tours in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return url;
}
