import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { rawRequest } from '../../test/raw-http.js';
import { api, gql } from '../../test/auth-helpers.js';
import { ADMIN_ENV, adminToken, makeTour } from '../../test/booking-helpers.js';
import {
  API_KEY,
  CREATE_KEY,
  PARTNER_KEYS,
  REVOKE_KEY,
  TOURS,
  createKey,
  keyApi,
  keyGql,
  type KeyHeader,
} from '../../test/partner-helpers.js';

let s: TestServer;
let admin: string;
let tourId: number;

beforeAll(async () => {
  s = await startTestServer({ seedDemo: false, env: ADMIN_ENV });
  admin = await adminToken(s);
  tourId = await makeTour(s, { title: 'Serengeti Migration Safari' });
});
afterAll(() => s?.stop());

const today = () => new Date().toISOString().slice(0, 10);

describe('an API key from creation to revocation', () => {
  it('reads the catalogue with the key, and is refused with UNAUTHENTICATED once revoked', async () => {
    const { secret, key } = await createKey(s, admin, { partnerName: '  Kilimanjaro Trails Ltd ', name: 'Production' });
    expect(secret).toMatch(/^tmb_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({
      partnerName: 'Kilimanjaro Trails Ltd',
      name: 'Production',
      keyPrefix: secret.slice(0, 10),
      status: 'ACTIVE',
      rateLimitPerMinute: 1200,
      usesDefaultRateLimit: true,
      revokedAt: null,
      lastUsedAt: null,
      requestsToday: 0,
      usage: [],
    });

    const tours = await keyGql(s, secret, TOURS);
    expect(tours.status).toBe(200);
    expect(tours.body.data.tours.nodes.map((t: { id: string }) => Number(t.id))).toContain(tourId);
    expect(
      (await keyGql(s, secret, `query($id: ID!) { tour(id: $id) { id title } }`, { id: String(tourId) })).body.data.tour
        .title,
    ).toBe('Serengeti Migration Safari');
    expect((await keyApi(s, secret, 'GET', '/tours')).status).toBe(200);
    expect((await keyApi(s, secret, 'GET', `/tours/${tourId}`)).status).toBe(200);
    expect((await keyGql(s, secret, API_KEY)).body.data.apiKey).toEqual({
      partnerName: 'Kilimanjaro Trails Ltd',
      name: 'Production',
      rateLimitPerMinute: 1200,
    });

    const revoked = await gql(s, REVOKE_KEY, { id: key.id }, { token: admin });
    expect(revoked.body.data.revokePartnerKey.key).toMatchObject({ id: key.id, status: 'REVOKED' });
    expect(revoked.body.data.revokePartnerKey.key.revokedAt).not.toBeNull();
    const refused = await keyGql(s, secret, TOURS);
    expect(refused.status).toBe(401);
    expect(refused.body.errors[0]).toMatchObject({
      message: 'This API key has been revoked.',
      extensions: { code: 'UNAUTHENTICATED' },
    });
    expect(refused.body.data ?? null).toBeNull();
    const rest = await keyApi(s, secret, 'GET', '/tours');
    expect(rest).toMatchObject({
      status: 401,
      body: { code: 'UNAUTHENTICATED', message: 'This API key has been revoked.' },
    });
    // Revoking again changes nothing.
    const again = await gql(s, REVOKE_KEY, { id: key.id }, { token: admin });
    expect(again.body.data.revokePartnerKey.key.revokedAt).toBe(revoked.body.data.revokePartnerKey.key.revokedAt);
  });

  it("shares the visitors' cached catalogue answers, and reads afresh after any catalogue change", async () => {
    const { secret } = await createKey(s, admin, { name: 'Cache' });
    const query = `query($id: ID!) { tour(id: $id) { id title } }`;
    const first = await keyGql(s, secret, query, { id: String(tourId) });
    const second = await keyGql(s, secret, query, { id: String(tourId) });
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('x-catalogue-cache')).toBe('hit');
    // A visitor asking the same is served the same entry.
    expect((await gql(s, query, { id: String(tourId) })).headers.get('x-catalogue-cache')).toBe('hit');

    const deleted = await gql(
      s,
      `mutation($id: ID!) { deleteTour(id: $id) { deletedTourId } }`,
      { id: String(await makeTour(s)) },
      { token: admin },
    );
    expect(deleted.body.errors).toBeUndefined();
    const after = await keyGql(s, secret, query, { id: String(tourId) });
    expect(after.headers.get('x-catalogue-cache')).toBe('miss');
  });

  it('never returns the secret again: partnerKeys has no such field and holds only the prefix', async () => {
    const { secret } = await createKey(s, admin, { name: 'Staging' });
    const list = await gql(s, PARTNER_KEYS, {}, { token: admin });
    expect(list.body.errors).toBeUndefined();
    expect(JSON.stringify(list.body)).not.toContain(secret);
    expect(JSON.stringify(list.body)).toContain(secret.slice(0, 10));
    const asked = await gql(s, `{ partnerKeys { secret } }`, {}, { token: admin });
    expect(asked.body.errors[0].message).toContain('Cannot query field "secret"');
    const stored = await s.orm.em.fork().getConnection().execute(`select key_hash from partner_keys`);
    expect(JSON.stringify(stored)).not.toContain(secret);
  });

  it('refuses an unknown or malformed key on catalogue queries and REST, instead of serving it anonymously', async () => {
    const { secret } = await createKey(s, admin);
    const unknown = `tmb_${'A'.repeat(43)}`;
    for (const key of [unknown, secret.slice(0, -1), 'garbage', `${secret}x`]) {
      for (const header of ['authorization', 'x-api-key'] as KeyHeader[]) {
        const g = await keyGql(s, key, TOURS, {}, header);
        expect(g.status, `${key} ${header}`).toBe(401);
        expect(g.body.errors[0]).toMatchObject({
          message: 'Invalid API key.',
          extensions: { code: 'UNAUTHENTICATED' },
        });
        const r = await keyApi(s, key, 'GET', `/tours/${tourId}`, undefined, header);
        expect(r).toMatchObject({ status: 401, body: { code: 'UNAUTHENTICATED', message: 'Invalid API key.' } });
      }
    }
  });

  it('refuses every malformed ApiKey or X-Api-Key header with 401 on GraphQL and REST, as sent on the wire', async () => {
    const { secret } = await createKey(s, admin, { name: 'Wire' });
    const malformed: Record<string, string>[] = [
      { authorization: 'ApiKey' },
      { authorization: 'ApiKey   ' },
      { authorization: 'APIKEY' },
      { authorization: `ApiKey ${secret} junk` },
      { authorization: `apikey ${secret} ${secret}` },
      { authorization: `ApiKey ${secret},${secret}` },
      { 'x-api-key': '' },
      { 'x-api-key': '   ' },
      { 'x-api-key': `${secret} junk` },
      { 'x-api-key': `${secret}, ${secret}` },
    ];
    const body = JSON.stringify({ query: TOURS });
    for (const headers of malformed) {
      const label = JSON.stringify(headers);
      const g = await rawRequest(s.url, {
        path: '/graphql',
        headers: { ...headers, 'content-type': 'application/json' },
        body,
      });
      expect(g.status, label).toBe(401);
      expect(JSON.parse(g.body).errors[0], label).toMatchObject({
        message: 'Invalid API key.',
        extensions: { code: 'UNAUTHENTICATED' },
      });
      const r = await rawRequest(s.url, { method: 'GET', path: '/api/tours', headers, body: '' });
      expect(r.status, label).toBe(401);
      expect(JSON.parse(r.body), label).toMatchObject({ code: 'UNAUTHENTICATED', message: 'Invalid API key.' });
    }
    // The scheme is case-insensitive, as every HTTP authentication scheme is, and may be followed by a tab.
    for (const authorization of [`apikey ${secret}`, `APIKEY\t${secret}`]) {
      const ok = await rawRequest(s.url, {
        path: '/graphql',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ query: API_KEY }),
      });
      expect(JSON.parse(ok.body).data.apiKey.name, authorization).toBe('Wire');
    }
    // An empty ApiKey header beside a valid X-Api-Key is two credentials that disagree.
    const both = await rawRequest(s.url, {
      method: 'GET',
      path: '/api/tours',
      headers: { authorization: 'ApiKey', 'x-api-key': secret },
      body: '',
    });
    expect(both.status).toBe(401);
  });

  it('takes the key in either header; two different keys, or a key with a bearer token, are refused', async () => {
    const a = await createKey(s, admin, { name: 'A' });
    const b = await createKey(s, admin, { name: 'B' });
    for (const header of ['authorization', 'x-api-key'] as KeyHeader[]) {
      expect((await keyGql(s, a.secret, API_KEY, {}, header)).body.data.apiKey.name).toBe('A');
      expect((await keyApi(s, a.secret, 'GET', '/tours', undefined, header)).status).toBe(200);
    }
    const both = await gql(s, TOURS, {}, { headers: { authorization: `ApiKey ${a.secret}`, 'x-api-key': b.secret } });
    expect(both.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const same = await gql(s, API_KEY, {}, { headers: { authorization: `ApiKey ${a.secret}`, 'x-api-key': a.secret } });
    expect(same.body.data.apiKey.name).toBe('A');
    const withBearer = await gql(s, TOURS, {}, { token: admin, headers: { 'x-api-key': a.secret } });
    expect(withBearer.status).toBe(401);
    expect(withBearer.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('answers apiKey only to a key: FORBIDDEN for anonymous callers and users', async () => {
    expect((await gql(s, API_KEY)).body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await gql(s, API_KEY, {}, { token: admin })).body.errors[0].extensions.code).toBe('FORBIDDEN');
  });
});

describe('the admin operations', () => {
  it('are for admins only', async () => {
    const input = { partnerName: 'X', name: 'Y' };
    expect((await gql(s, PARTNER_KEYS)).body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect((await gql(s, CREATE_KEY, { input })).body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const { secret, key } = await createKey(s, admin);
    expect((await keyGql(s, secret, PARTNER_KEYS)).body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await keyGql(s, secret, CREATE_KEY, { input })).body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await keyGql(s, secret, REVOKE_KEY, { id: key.id })).body.errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it('validate the input with a message per field', async () => {
    const bad = await gql(
      s,
      CREATE_KEY,
      { input: { partnerName: ' ', name: 'x'.repeat(61), rateLimitPerMinute: 0 } },
      { token: admin },
    );
    expect(bad.body.errors[0]).toMatchObject({
      message:
        'Partner name is required\nKey name must be at most 60 characters\nRate limit must be a whole number of requests per minute from 1 to 100,000',
      extensions: {
        code: 'BAD_USER_INPUT',
        fields: [{ field: 'partnerName' }, { field: 'name' }, { field: 'rateLimitPerMinute' }],
      },
    });
    const long = await gql(
      s,
      CREATE_KEY,
      { input: { partnerName: 'p'.repeat(101), name: 'ok', rateLimitPerMinute: 100_001 } },
      { token: admin },
    );
    expect(long.body.errors[0].extensions.fields.map((f: { field: string }) => f.field)).toEqual([
      'partnerName',
      'rateLimitPerMinute',
    ]);
    const missing = await gql(s, REVOKE_KEY, { id: '999999' }, { token: admin });
    expect(missing.body.errors[0]).toMatchObject({ message: 'API key not found', extensions: { code: 'NOT_FOUND' } });
    expect((await gql(s, REVOKE_KEY, { id: 'abc' }, { token: admin })).body.errors[0].extensions.code).toBe(
      'NOT_FOUND',
    );
  });

  it('list active keys before revoked ones', async () => {
    const old = await createKey(s, admin, { name: 'Old' });
    await gql(s, REVOKE_KEY, { id: old.key.id }, { token: admin });
    const fresh = await createKey(s, admin, { name: 'Fresh' });
    const keys = (await gql(s, PARTNER_KEYS, {}, { token: admin })).body.data.partnerKeys as {
      id: string;
      status: string;
    }[];
    const statuses = keys.map((k) => k.status);
    expect(statuses.indexOf('REVOKED')).toBeGreaterThan(statuses.lastIndexOf('ACTIVE'));
    expect(keys[0]!.id).toBe(fresh.key.id);
  });
});

describe('the per-key rate limit and usage counts', () => {
  it('refuses a key over its own limit with 429, while another key and anonymous callers are still served', async () => {
    const limited = await createKey(s, admin, { name: 'Limited', rateLimitPerMinute: 2 });
    const other = await createKey(s, admin, { name: 'Other' });
    expect(limited.key).toMatchObject({ rateLimitPerMinute: 2, usesDefaultRateLimit: false });
    expect((await keyGql(s, limited.secret, TOURS)).status).toBe(200);
    expect((await keyApi(s, limited.secret, 'GET', '/tours')).status).toBe(200);
    const third = await keyGql(s, limited.secret, TOURS);
    expect(third.status).toBe(429);
    expect(third.body.errors[0].extensions).toMatchObject({ code: 'RATE_LIMITED' });
    const rest = await keyApi(s, limited.secret, 'GET', '/tours');
    expect(rest.status).toBe(429);
    expect(Number(rest.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await keyGql(s, other.secret, TOURS)).status).toBe(200);
    expect((await gql(s, TOURS)).status).toBe(200);
    expect((await api(s, 'GET', '/tours')).status).toBe(200);

    await s.partnerUsage.flush();
    const keys = (await gql(s, PARTNER_KEYS, {}, { token: admin })).body.data.partnerKeys as any[];
    const mine = keys.find((k) => k.id === limited.key.id);
    expect(mine).toMatchObject({
      requestsToday: 4,
      refusalsToday: 2,
      usage: [{ day: today(), requests: 4, refusals: 2 }],
    });
    expect(mine.lastUsedAt).not.toBeNull();
    expect(keys.find((k) => k.id === other.key.id)).toMatchObject({ requestsToday: 1, refusalsToday: 0 });
  });

  it('adds the counts of successive flushes to the same day (each flush adds its increments)', async () => {
    const { secret, key } = await createKey(s, admin, { name: 'Counted' });
    await keyGql(s, secret, TOURS);
    await s.partnerUsage.flush();
    await keyGql(s, secret, TOURS);
    await keyApi(s, secret, 'GET', '/tours');
    await s.partnerUsage.flush();
    const keys = (await gql(s, PARTNER_KEYS, {}, { token: admin })).body.data.partnerKeys as any[];
    expect(keys.find((k) => k.id === key.id)).toMatchObject({
      requestsToday: 3,
      refusalsToday: 0,
      usage: [{ day: today(), requests: 3, refusals: 0 }],
    });
  });
});
