// SQL statements per page, counted at the pg driver of an in-process server with the catalogue cache
// off (a cached answer runs none): they must not grow with the page size (no N+1). Pages of 50 with
// an itinerary stay within the GraphQL cost limit.
import { createRequire } from 'node:module';
import path from 'node:path';
import { SERVER_DIST, startBuiltServer } from './data.mjs';

const QUERY = (
  first,
  search = '',
) => `{ tours(first: ${first}, filter: { bookingType: "group" }${search ? `, search: "${search}"` : ''}) {
  totalCount nodes { id title itinerary { day title } tiers } pageInfo { endCursor } } }`;

export async function countStatements(url) {
  // The pg module the server itself loads, so patching it sees every statement.
  const pg = createRequire(path.join(SERVER_DIST, 'main.js'))('pg');
  const running = await startBuiltServer(url, 'stmt', { CATALOGUE_CACHE: 'false' });
  const original = pg.Client.prototype.query;
  let n = 0;
  // A new pooled connection's `SET statement_timeout` is set-up, not the request's own work.
  pg.Client.prototype.query = function (...args) {
    const text = typeof args[0] === 'string' ? args[0] : args[0]?.text;
    if (!/^\s*set\s/i.test(text ?? '')) n++;
    return original.apply(this, args);
  };
  // The fewest of three runs after a warm-up: the server's background workers (mail outbox, webhooks,
  // payment reminders) poll from the same process, and a poll during a run would be counted with it.
  const measure = async (fn) => {
    await fn();
    let fewest = Infinity;
    for (let run = 0; run < 3; run++) {
      n = 0;
      await fn();
      fewest = Math.min(fewest, n);
    }
    return fewest;
  };
  // A refused request runs no SQL: counting it would report a page that was never read.
  const answered = async (r) => {
    const body = await r.json();
    if (r.status !== 200 || body.errors)
      throw new Error(`statements: the request was refused: ${JSON.stringify(body)}`);
    return body;
  };
  try {
    const gql = (first, search) =>
      measure(() =>
        fetch(`${running.url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: QUERY(first, search) }),
        }).then(answered),
      );
    const rest = (limit) => measure(() => fetch(`${running.url}/api/tours?limit=${limit}`).then(answered));
    console.log('\nSQL statements per request (counted at the pg driver)');
    console.log(`  GraphQL tours(first: 5)   with totalCount: ${await gql(5)}`);
    console.log(`  GraphQL tours(first: 50)  with totalCount: ${await gql(50)}`);
    console.log(`  GraphQL tours(first: 50, search: "safari") with totalCount: ${await gql(50, 'safari')}`);
    console.log(`  REST /api/tours?limit=5:    ${await rest(5)}`);
    console.log(`  REST /api/tours?limit=1000: ${await rest(1000)}`);
  } finally {
    pg.Client.prototype.query = original;
    await running.stop();
  }
}
