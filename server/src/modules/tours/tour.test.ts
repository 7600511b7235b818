import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { DEMO_TOURS } from '../../db/seed/demo-tours.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.stop();
});

const PAGE = `query Page($first: Int, $after: String) {
  tours(first: $first, after: $after) {
    totalCount
    nodes { id title price priceText tier tiers status images itinerary { day title description } departureTime }
    edges { cursor node { id } }
    pageInfo { hasNextPage hasPreviousPage endCursor startCursor }
  }
}`;

describe('GraphQL tours', () => {
  it('pages through the whole catalogue with first/after and counts it', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const { body } = await s.gql(PAGE, { first: 7, after });
      expect(body.errors).toBeUndefined();
      const c = body.data.tours;
      expect(c.totalCount).toBe(DEMO_TOURS.length);
      expect(c.nodes.length).toBeLessThanOrEqual(7);
      expect(c.edges.map((e: any) => e.node.id)).toEqual(c.nodes.map((n: any) => n.id));
      seen.push(...c.nodes.map((n: any) => n.id));
      after = c.pageInfo.hasNextPage ? c.pageInfo.endCursor : null;
      pages++;
    } while (after);
    expect(pages).toBe(Math.ceil(DEMO_TOURS.length / 7));
    expect(new Set(seen).size).toBe(DEMO_TOURS.length);
  });

  it('returns every field of a tour with itinerary entries and tiers', async () => {
    const { body } = await s.gql(PAGE, { first: 1 });
    const t = body.data.tours.nodes[0];
    expect(t.title).toBe(DEMO_TOURS[0]!.title);
    expect(t.itinerary.length).toBeGreaterThan(0);
    expect(t.itinerary[0]).toMatchObject({ day: 1 });
    expect(t.tiers.length).toBeGreaterThan(0);
    expect(t.images[0]).toMatch(/^\/uploads\/demo\/.+\.webp$/);
    expect(new Date(t.departureTime).getTime()).toBeGreaterThan(Date.now());
  });

  it('refuses a page larger than 100 and a forged cursor with BAD_USER_INPUT', async () => {
    const big = await s.gql(PAGE, { first: 101 });
    expect(big.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(big.body.errors[0].message).toMatch(/1 to 100/);
    const bad = await s.gql(PAGE, { first: 5, after: "'; drop table tours; --" });
    expect(bad.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it('reads one tour by id, and null for an unknown or malformed id', async () => {
    const q = `query($id: ID!) { tour(id: $id) { id title } }`;
    const ok = await s.gql(q, { id: '1' });
    expect(ok.body.data.tour).toEqual({ id: '1', title: DEMO_TOURS[0]!.title });
    expect((await s.gql(q, { id: '999999' })).body.data.tour).toBeNull();
    expect((await s.gql(q, { id: 'abc' })).body.data.tour).toBeNull();
  });

  it('answers a malformed query with BAD_USER_INPUT, not a 500', async () => {
    const { status, body } = await s.gql('{ tours(first: 2) { nodes { nope } } }');
    expect(status).toBe(400);
    expect(body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it('refuses queries nested too deep or too costly', async () => {
    const deep = await s.gql(
      `{ tours(first: 20) { edges { node { itinerary { day } } } nodes { itinerary { day } } } }`,
    );
    expect(deep.body.errors).toBeUndefined();
    const aliases = Array.from(
      { length: 40 },
      (_, i) => `a${i}: tours(first: 100) { nodes { id itinerary { day } } }`,
    ).join('\n');
    const costly = await s.gql(`{ ${aliases} }`);
    expect(costly.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });
});

describe('REST tours', () => {
  it('GET /api/tours answers { tours } with the spec field names and honours limit', async () => {
    const { status, body } = await s.rest('GET', '/api/tours?limit=3');
    expect(status).toBe(200);
    expect(body.tours).toHaveLength(3);
    const t = body.tours[0];
    for (const k of [
      'id',
      'title',
      'description',
      'desc',
      'destination',
      'country',
      'durationDays',
      'durationNights',
      'price',
      'originalPrice',
      'discount',
      'images',
      'bg',
      'featured',
      'popular',
      'trending',
      'rating',
      'numRatings',
      'tourType',
      'features',
      'categories',
      'included',
      'notIncluded',
      'capacity',
      'status',
      'departureLocation',
      'departureTime',
      'returnTime',
      'itinerary',
      'Tier',
      'bookingType',
      'travelType',
      'createdAt',
      'updatedAt',
    ]) {
      expect(t).toHaveProperty(k);
    }
    const all = await s.rest('GET', '/api/tours?limit=1000');
    expect(all.body.tours).toHaveLength(DEMO_TOURS.length);
  });

  it('gives a price as a number, or as the key:value text', async () => {
    const { body } = await s.rest('GET', '/api/tours?limit=1000');
    const numeric = body.tours.filter((t: any) => typeof t.price === 'number');
    const text = body.tours.filter((t: any) => typeof t.price === 'string');
    expect(numeric.length).toBeGreaterThan(0);
    expect(text.length).toBeGreaterThan(0);
    expect(text[0].price).toMatch(/^[^:;]+:\d/);
  });

  it('refuses an absurd limit with 400 and a message', async () => {
    for (const limit of ['0', '-5', 'abc', '100000', '1;drop']) {
      const r = await s.rest('GET', `/api/tours?limit=${encodeURIComponent(limit)}`);
      expect(r.status).toBe(400);
      expect(r.body.message).toMatch(/limit/);
    }
  });

  it('GET /api/tours/{id} answers { success, tour } and 404 with a message when absent', async () => {
    const ok = await s.rest('GET', '/api/tours/2');
    expect(ok.status).toBe(200);
    expect(ok.body.success).toBe(true);
    expect(ok.body.tour.id).toBe('2');
    expect(ok.body.tour.title).toBe(DEMO_TOURS[1]!.title);
    for (const id of ['99999', 'abc', '1e3', '%27%20or%201%3D1']) {
      const r = await s.rest('GET', `/api/tours/${id}`);
      expect(r.status).toBe(404);
      expect(typeof r.body.message).toBe('string');
    }
  });

  it('answers a path id that is not even valid percent-encoding with 400, not 500', async () => {
    const r = await s.rest('GET', '/api/tours/%E0%A4%A');
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('BAD_USER_INPUT');
    expect(r.body.message).toMatch(/malformed/i);
  });

  it('answers unknown API paths and bad JSON with clear errors', async () => {
    const missing = await s.rest('GET', '/api/nope');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toMatch(/No such API path/);
  });
});
