/**
 * Helpers for the partner API key tests: the admin operations, and calls made with a key in
 * either header. Test-only; nothing in the app imports it.
 */
import type { TestServer } from './harness.js';
import { api, gql, type Res } from './auth-helpers.js';

export const KEY_FIELDS = `id partnerName name keyPrefix rateLimitPerMinute usesDefaultRateLimit status createdAt lastUsedAt revokedAt
  requestsToday refusalsToday usage { day requests refusals }`;
export const PARTNER_KEYS = `{ partnerKeys { ${KEY_FIELDS} } }`;
export const CREATE_KEY = `mutation($input: CreatePartnerKeyInput!) { createPartnerKey(input: $input) { secret key { ${KEY_FIELDS} } } }`;
export const REVOKE_KEY = `mutation($id: ID!) { revokePartnerKey(id: $id) { key { ${KEY_FIELDS} } } }`;
export const API_KEY = `{ apiKey { partnerName name rateLimitPerMinute } }`;
export const TOURS = `{ tours(first: 5) { totalCount nodes { id title } } }`;

/** How a key is sent: `Authorization: ApiKey <key>` or `X-Api-Key: <key>`. */
export type KeyHeader = 'authorization' | 'x-api-key';

export function keyHeaders(key: string, header: KeyHeader = 'authorization'): Record<string, string> {
  return header === 'authorization' ? { authorization: `ApiKey ${key}` } : { 'x-api-key': key };
}

/** Creates a key as the admin; returns its record and its secret. */
export async function createKey(
  s: TestServer,
  adminToken: string,
  input: Record<string, unknown> = {},
): Promise<{ secret: string; key: any }> {
  const r = await gql(
    s,
    CREATE_KEY,
    { input: { partnerName: 'Safari Link Agency', name: 'Production', ...input } },
    { token: adminToken },
  );
  if (r.body.errors) throw new Error(JSON.stringify(r.body.errors));
  return r.body.data.createPartnerKey;
}

/** A GraphQL call made with an API key. */
export function keyGql(
  s: TestServer,
  key: string,
  query: string,
  variables: Record<string, unknown> = {},
  header: KeyHeader = 'authorization',
): Promise<Res> {
  return gql(s, query, variables, { headers: keyHeaders(key, header) });
}

/** A REST call under /api made with an API key. */
export function keyApi(
  s: TestServer,
  key: string,
  method: string,
  p: string,
  body?: unknown,
  header: KeyHeader = 'authorization',
): Promise<Res> {
  return api(s, method, p, body, { headers: keyHeaders(key, header) });
}
