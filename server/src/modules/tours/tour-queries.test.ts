import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { LIST } from '../../test/tour-helpers.js';
import { watchStatements, type StatementWatch } from '../../test/statements.js';

let s: TestServer;
let statements: StatementWatch | undefined;
beforeAll(async () => {
  s = await startTestServer();
  statements = watchStatements();
});
afterAll(async () => {
  statements?.stop();
  await s?.stop();
});

const countStatements = (run: () => Promise<unknown>) => statements!.count(run);

describe('SQL statements per page', () => {
  it('do not grow with the page size (GraphQL, with a filter, a search and the count)', async () => {
    for (const vars of [{}, { filter: { bookingType: 'group' }, sort: 'PRICE_ASC' }, { search: 'safari' }]) {
      const small = await countStatements(() => s.gql(LIST, { ...vars, first: 5 }));
      const large = await countStatements(() => s.gql(LIST, { ...vars, first: 100 }));
      expect(small).toBeGreaterThan(0);
      expect(large).toBe(small);
      expect(large).toBeLessThanOrEqual('search' in vars ? 3 : 2);
    }
  });

  it('skip the count when totalCount is not asked for', async () => {
    const q = `{ tours(first: 50) { nodes { id title itinerary { day } } } }`;
    expect(await countStatements(() => s.gql(q))).toBe(1);
  });

  it('count once when totalCount is asked for through fragments, with the same answer', async () => {
    const totalOf = (answer: { body: { data?: { tours: { totalCount: number } } } }) =>
      answer.body.data?.tours.totalCount;
    const plain = totalOf(await s.gql(`{ tours(first: 2) { totalCount nodes { id } } }`));
    expect(plain).toBeGreaterThan(2);
    for (const q of [
      `{ tours(first: 2) { ...Counted nodes { id } } } fragment Counted on TourConnection { totalCount totalCountIsEstimate }`,
      `{ tours(first: 2) { ... on TourConnection { totalCount } nodes { id } } }`,
    ]) {
      let answer: Awaited<ReturnType<typeof s.gql>> | undefined;
      expect(await countStatements(async () => (answer = await s.gql(q)))).toBe(2);
      expect(totalOf(answer!)).toBe(plain);
    }
  });

  it('refuse a bad REST count flag before reading anything', async () => {
    let res: Awaited<ReturnType<typeof s.rest>> | undefined;
    expect(await countStatements(async () => (res = await s.rest('GET', '/api/tours?limit=5&count=maybe')))).toBe(0);
    expect(res?.status).toBe(400);
    const counted = await s.rest('GET', '/api/tours?limit=5&count=true');
    expect(counted.body.totalCount).toBeGreaterThan(5);
  });

  it('do not grow with the REST limit either', async () => {
    const small = await countStatements(() => s.rest('GET', '/api/tours?limit=5'));
    const large = await countStatements(() => s.rest('GET', '/api/tours?limit=1000'));
    expect(large).toBe(small);
  });
});
