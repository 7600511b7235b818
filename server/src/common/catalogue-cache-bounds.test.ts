import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.js';
import { api, gql, type Res } from '../test/auth-helpers.js';
import { makeTour } from '../test/booking-helpers.js';

/**
 * Callers choose what the catalogue cache keys its answers by (a URL, a GraphQL text): whatever
 * they send, the cache must not grow past its limits, and junk that does not change an answer must
 * not add an entry.
 */
const cacheOf = (r: Res) => r.headers.get('x-catalogue-cache');
const junk = () => randomBytes(6).toString('hex');
const LIST = `query Catalogue($f: TourFilter, $n: Int) { tours(filter: $f, first: $n) { totalCount nodes { id title } } }`;

describe('the catalogue cache in Redis is keyed by what changes an answer, and capped', () => {
  const prefix = `tembea:cache-bounds:${randomBytes(6).toString('hex')}:`;
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({
      seedDemo: false,
      database: 'postgres',
      env: {
        REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
        REDIS_PREFIX: prefix,
        CATALOGUE_CACHE_MAX_ENTRIES: '5',
        CATALOGUE_CACHE_MAX_ANSWER_BYTES: '4096',
      },
    });
    for (let i = 0; i < 12; i++)
      await makeTour(s, { title: `Serengeti Migration Camp ${i}`, destination: 'serengeti' });
  });
  afterAll(async () => {
    await s?.stop();
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  /** The cached answers in Redis (not the generation or the index). */
  const entries = async () =>
    (await redis.keys(`${prefix}catalogue:*`)).filter((k) => /catalogue:(gql|rest|op):/.test(k));

  it('junk query parameters, spacing, comments and undeclared variables add no keys', async () => {
    const before = (await entries()).length;
    for (let i = 0; i < 20; i++) {
      const r = await api(s, 'GET', `/tours?limit=3&junk=${junk()}&${junk()}=1`);
      expect(r.status).toBe(200);
      if (i > 0) expect(cacheOf(r)).toBe('hit');
    }
    for (let i = 0; i < 20; i++) {
      const query = `# ${junk()}\n${LIST.replace(/ /g, ' '.repeat(1 + (i % 4)))}`;
      const r = await gql(s, query, { n: 2, f: { destination: 'serengeti' }, [`x${junk()}`]: junk() });
      expect(r.body.errors).toBeUndefined();
      if (i > 0) expect(cacheOf(r)).toBe('hit');
    }
    // The order of an input object's fields does not matter either.
    expect(cacheOf(await gql(s, LIST, { f: { destination: 'serengeti', tier: 'Budget' }, n: 1 }))).toBe('miss');
    expect(cacheOf(await gql(s, LIST, { n: 1, f: { tier: 'Budget', destination: 'serengeti' } }))).toBe('hit');
    expect((await entries()).length).toBe(before + 3);
  });

  it('keeps at most CATALOGUE_CACHE_MAX_ENTRIES answers: the ones stored longest ago go first', async () => {
    const first = `/tours?limit=1&destination=${junk()}`;
    await api(s, 'GET', first);
    for (let i = 0; i < 12; i++) expect((await api(s, 'GET', `/tours?limit=1&destination=${junk()}`)).status).toBe(200);
    expect((await entries()).length).toBe(5);
    expect(await redis.zcard(`${prefix}catalogue:index`)).toBe(5);
    const sizes = Object.values(await redis.hgetall(`${prefix}catalogue:sizes`)).map(Number);
    expect(Number(await redis.get(`${prefix}catalogue:bytes`))).toBe(sizes.reduce((a, b) => a + b, 0));
    expect(cacheOf(await api(s, 'GET', first))).toBe('miss');
  });

  it('does not keep an answer larger than CATALOGUE_CACHE_MAX_ANSWER_BYTES', async () => {
    const big = await api(s, 'GET', '/tours?limit=12');
    expect(big.body.tours).toHaveLength(12);
    expect(JSON.stringify(big.body).length).toBeGreaterThan(4096);
    expect(cacheOf(await api(s, 'GET', '/tours?limit=12'))).toBe('miss');
    await api(s, 'GET', '/tours?limit=1');
    expect(cacheOf(await api(s, 'GET', '/tours?limit=1'))).toBe('hit');
  });
});

describe('the catalogue cache in memory is capped alike', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ seedDemo: false, env: { CATALOGUE_CACHE_MAX_ENTRIES: '3' } });
    await makeTour(s, { destination: 'zanzibar' });
  });
  afterAll(() => s?.stop());

  it('drops the answer stored longest ago once CATALOGUE_CACHE_MAX_ENTRIES are kept', async () => {
    const paths = ['/tours?limit=1', '/tours?limit=2', '/tours?limit=3', '/tours?limit=4'];
    for (const p of paths) await api(s, 'GET', p);
    expect(cacheOf(await api(s, 'GET', paths[3]!))).toBe('hit');
    expect(cacheOf(await api(s, 'GET', paths[0]!))).toBe('miss');
  });
});
