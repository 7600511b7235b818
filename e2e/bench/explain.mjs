// EXPLAIN (ANALYZE, BUFFERS) of the app's catalogue SQL for every filter, the search and the sorts,
// built by the app's own query builder, with the execution time and the indexes each plan uses.
import path from 'node:path';
import pg from 'pg';
import { SERVER_DIST } from './data.mjs';

const { pageQuery } = await import(path.join(SERVER_DIST, 'modules/tours/tour-page-query.js'));
const { boundedCountQuery, estimateCountQuery } = await import(
  path.join(SERVER_DIST, 'modules/tours/tour-count-query.js')
);
const { resolveSearchQuery, resolvedSearch, densityWalkTours } = await import(
  path.join(SERVER_DIST, 'modules/tours/tour-search-query.js')
);

// As the app's configuration: exact totalCount up to this many matches, relevance over this many candidates.
const COUNT_LIMIT = Number(process.env.TOUR_COUNT_EXACT_LIMIT ?? 1000);
const RANKED = Number(process.env.SEARCH_RANKED_TOURS ?? 100);
const { parseTourFilter, parseSearch } = await import(path.join(SERVER_DIST, 'modules/tours/tour-filter.js'));

const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

export const CASES = [
  ['no filter (catalogue order)', {}],
  ['destination=serengeti', { filter: { destination: 'Serengeti' } }],
  ['travelType=Safari', { filter: { travelType: 'safari' } }],
  ['tier=Luxury (in the Tier list)', { filter: { tier: 'Luxury' } }],
  ['bookingType=private', { filter: { bookingType: 'private' } }],
  ['status=draft', { filter: { status: 'draft' } }],
  ['duration contains "7 days"', { filter: { duration: '7 days' } }],
  ['date (departing from +300 days)', { filter: { date: day(300) } }],
  ['durationDays=3', { filter: { durationDays: 3 } }],
  ['durationNights=2', { filter: { durationNights: 2 } }],
  ['dayTrip=true', { filter: { dayTrip: true } }],
  ['departureTime/returnTime window', { filter: { departureTime: day(200), returnTime: day(203) } }],
  ['minPrice=1000 maxPrice=1010', { filter: { minPrice: 1000, maxPrice: 1010 } }],
  ['featured=true', { filter: { featured: true } }],
  ['popular=true', { filter: { popular: true } }],
  ['trending=true', { filter: { trending: true } }],
  ['ids (3)', { filter: { ids: ['5', '500', '50000'] } }],
  [
    'destination+travelType+bookingType',
    { filter: { destination: 'zanzibar', travelType: 'Beach sands', bookingType: 'group' } },
  ],
  ['search "kili" (common prefix)', { search: 'kili' }],
  ['search "kilimanjaro" (common word)', { search: 'kilimanjaro' }],
  ['search "serengeti safari" (rarer)', { search: 'serengeti safari' }],
  ['search "summit ngorongoro" (rare)', { search: 'summit ngorongoro' }],
  ['search "serengetti" (misspelt)', { search: 'serengetti' }],
  ['search "serengeti safary" (misspelt)', { search: 'serengeti safary' }],
  ['search "ngeti" (infix)', { search: 'ngeti' }],
  ['search "kili" sort PRICE_ASC', { search: 'kili', sort: 'PRICE_ASC' }],
  ['search "kili" + bookingType=private', { search: 'kili', filter: { bookingType: 'private' } }],
  ['sort PRICE_ASC', { sort: 'PRICE_ASC' }],
  ['sort PRICE_DESC', { sort: 'PRICE_DESC' }],
  ['sort RATING_DESC', { sort: 'RATING_DESC' }],
  ['sort NEWEST', { sort: 'NEWEST' }],
  ['PRICE_ASC + minPrice=4000', { sort: 'PRICE_ASC', filter: { minPrice: 4000 } }],
];

function toPg(q) {
  let n = 0;
  return { text: q.text.replace(/\?/g, () => `$${++n}`), values: q.values };
}

function indexesOf(plan, acc = new Set()) {
  if (plan['Index Name']) acc.add(plan['Index Name']);
  for (const p of plan.Plans ?? []) indexesOf(p, acc);
  return acc;
}

function scanKinds(plan, acc = new Set()) {
  if (/Scan/.test(plan['Node Type'])) acc.add(plan['Node Type']);
  for (const p of plan.Plans ?? []) scanKinds(p, acc);
  return acc;
}

async function explainOnce(client, q) {
  const { text, values } = toPg(q);
  const res = await client.query(`explain (analyze, buffers, format json) ${text}`, values);
  const [out] = res.rows[0]['QUERY PLAN'];
  const buffers = out.Plan['Shared Hit Blocks'] + out.Plan['Shared Read Blocks'];
  return {
    ms: out['Execution Time'],
    buffers,
    indexes: [...indexesOf(out.Plan)],
    scans: [...scanKinds(out.Plan)],
    rows: out.Plan['Actual Rows'],
  };
}

// The machine is shared: the least of a few runs is the figure least disturbed by other work.
const RUNS = Number(process.env.BENCH_EXPLAIN_RUNS ?? 5);

async function explain(client, q) {
  let best = null;
  for (let i = 0; i < RUNS; i++) {
    const r = await explainOnce(client, q);
    if (!best || r.ms < best.ms) best = r;
  }
  return best;
}

/** totalCount as the app gives it: the bounded count, and the sampled estimate above the limit. */
async function countOf(client, filter, search) {
  const exact = await explain(client, boundedCountQuery(filter, search, COUNT_LIMIT));
  const n = (await client.query(toPg(boundedCountQuery(filter, search, COUNT_LIMIT)))).rows[0].count;
  if (n <= COUNT_LIMIT) return { ms: exact.ms, buffers: exact.buffers, text: String(n) };
  const est = await explain(client, estimateCountQuery(filter, search));
  const e = (await client.query(toPg(estimateCountQuery(filter, search)))).rows[0].count;
  return { ms: exact.ms + est.ms, buffers: exact.buffers + est.buffers, text: `~${Math.max(e, COUNT_LIMIT + 1)}` };
}

/** Prints one line per case: page (first 20) and count execution times, buffers and the indexes used. */
export async function explainAll(url, size) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const columns = (
    await client.query(
      `select column_name from information_schema.columns where table_name = 'tours' and column_name <> 'search_vector' order by ordinal_position`,
    )
  ).rows.map((r) => r.column_name);
  console.log(
    `\nEXPLAIN (ANALYZE, BUFFERS) at ${size} tours, least of ${RUNS} runs: execution time inside PostgreSQL and buffers read`,
  );
  console.log(
    `(page of 20 / totalCount: exact up to ${COUNT_LIMIT}, ~ an estimate above; search ranks ${RANKED} candidates)`,
  );
  console.log(
    `${'case'.padEnd(38)} ${'page ms'.padStart(8)} ${'bufs'.padStart(6)} ${'count ms'.padStart(9)} ${'bufs'.padStart(6)} ${'matches'.padStart(8)}  plan of the page`,
  );
  for (const [name, c] of CASES) {
    const filter = parseTourFilter(c.filter ?? {});
    let search = parseSearch(c.search ?? null);
    let resolveMs = 0;
    if (search) {
      // As the app does: the word check gives the prefixes' whole lexemes and how common the words are,
      // and misspelt or infix words fall back to the dictionary's stand-ins when no word matches.
      const check = resolveSearchQuery(filter, search, densityWalkTours(c.sort ?? 'CATALOGUE', search, RANKED));
      resolveMs = (await explain(client, check)).ms;
      search = resolvedSearch(search, (await client.query(toPg(check))).rows[0]);
    }
    const { query } = pageQuery(
      { filter, search, sort: c.sort ?? 'CATALOGUE', after: null, limit: 20 },
      columns,
      RANKED,
    );
    const page = await explain(client, query);
    const count = await countOf(client, filter, search);
    const plan = page.indexes.length ? `${page.scans.join('+')} on ${page.indexes.join(', ')}` : page.scans.join('+');
    const pageMs = page.ms + resolveMs;
    console.log(
      `${name.padEnd(38)} ${pageMs.toFixed(2).padStart(8)} ${String(page.buffers).padStart(6)} ${count.ms.toFixed(2).padStart(9)} ${String(count.buffers).padStart(6)} ${count.text.padStart(8)}  ${plan}`,
    );
  }
  console.log(
    "(a search's page time includes the statement that checks the words match and finds stand-ins for misspelt ones)",
  );
  await client.end();
}
