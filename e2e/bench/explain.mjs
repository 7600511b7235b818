// EXPLAIN (ANALYZE, BUFFERS) of the app's catalogue SQL for every filter, the search and the sorts,
// built by the app's own query builder, with the execution time and the indexes each plan uses.
import path from 'node:path';
import pg from 'pg';
import { SERVER_DIST } from './data.mjs';

const { pageQuery, countQuery, wordsMatchQuery } = await import(path.join(SERVER_DIST, 'modules/tours/tour-query.js'));
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
  ['destination+travelType+bookingType', { filter: { destination: 'zanzibar', travelType: 'Beach sands', bookingType: 'group' } }],
  ['search "kili" (prefix, relevance)', { search: 'kili' }],
  ['search "serengeti safari"', { search: 'serengeti safari' }],
  ['search "serengetti" (misspelt: trigram)', { search: 'serengetti' }],
  ['search "ngeti" (infix: trigram)', { search: 'ngeti' }],
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

async function explain(client, q) {
  const { text, values } = toPg(q);
  const res = await client.query(`explain (analyze, buffers, format json) ${text}`, values);
  const [out] = res.rows[0]['QUERY PLAN'];
  return { ms: out['Execution Time'], indexes: [...indexesOf(out.Plan)], scans: [...scanKinds(out.Plan)], rows: out.Plan['Actual Rows'] };
}

/** Prints one line per case: page (first 20) and count execution times and the indexes used. */
export async function explainAll(url, size) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const columns = (await client.query(
    `select column_name from information_schema.columns where table_name = 'tours' and column_name not in ('search_vector', 'search_text') order by ordinal_position`,
  )).rows.map((r) => r.column_name);
  console.log(`\nEXPLAIN (ANALYZE, BUFFERS) at ${size} tours: execution time inside PostgreSQL (page of 20 / totalCount)`);
  console.log(`${'case'.padEnd(38)} ${'page ms'.padStart(8)} ${'count ms'.padStart(9)} ${'matches'.padStart(8)}  plan of the page`);
  for (const [name, c] of CASES) {
    const filter = parseTourFilter(c.filter ?? {});
    let search = parseSearch(c.search ?? null);
    // As the app does: misspelt or infix words fall back to trigram matching when no word matches.
    if (search && !(await client.query(toPg(wordsMatchQuery(filter, search)))).rows[0].found) search = { ...search, mode: 'fuzzy' };
    const { query } = pageQuery({ filter, search, sort: c.sort ?? 'CATALOGUE', after: null, limit: 20 }, columns);
    // Warm the cache once, then measure.
    await explain(client, query);
    const page = await explain(client, query);
    const count = await explain(client, countQuery(filter, search));
    const total = (await client.query(toPg(countQuery(filter, search)))).rows[0].count;
    const plan = page.indexes.length ? `${page.scans.join('+')} on ${page.indexes.join(', ')}` : page.scans.join('+');
    console.log(`${name.padEnd(38)} ${page.ms.toFixed(2).padStart(8)} ${count.ms.toFixed(2).padStart(9)} ${String(total).padStart(8)}  ${plan}`);
  }
  await client.end();
}
