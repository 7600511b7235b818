import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, ADMIN } from '../test/booking-helpers.js';
import { gql, LOGIN, signUpAndLogin } from '../test/auth-helpers.js';
import { startTestServer, type TestServer } from '../test/harness.js';
import { answerProblem } from '../test/fuzz/answer.js';
import { clientOperations, partnerOperations, variableCases } from '../test/fuzz/operations.js';
import { restCases, type RestCase } from '../test/fuzz/rest-cases.js';
import { rawRequest } from '../test/raw-http.js';
import { HUGE, MALFORMED_API_KEY_HEADERS, toJson, URL_PIECES } from '../test/fuzz/values.js';

let s: TestServer;
const tokens: Record<string, string | undefined> = {};
beforeAll(async () => {
  s = await startTestServer({ env: ADMIN_ENV });
  tokens.user = (await signUpAndLogin(s)).accessToken;
  const admin = await gql(s, LOGIN, { input: { email: ADMIN.email, password: ADMIN.password } });
  tokens.admin = admin.body.data.login.accessToken;
});
afterAll(async () => {
  await s?.stop();
});

/** One request of the fuzz, as sent. */
interface Attempt {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  graphql: boolean;
  destructive?: boolean;
  /** Who the path is for: every case runs as that caller, and every tenth as each of the others. */
  role: Role;
}

const ROLES = ['anonymous', 'user', 'admin'] as const;
type Role = (typeof ROLES)[number];
const USER_OPERATIONS = new Set([
  'Me',
  'Logout',
  'DeleteAccount',
  'UploadProfileImage',
  'CreateBooking',
  'MyBookings',
  'CancelMyBooking',
]);
const DESTRUCTIVE_OPERATIONS = new Set(['Logout', 'DeleteAccount', 'DeleteTour', 'DeleteDeparture']);
const B = 'FuzzBoundary';

function graphqlAttempts(): Attempt[] {
  const out: Attempt[] = [];
  const post = (body: string, destructive = false, role: Role = 'anonymous'): Attempt => ({
    method: 'POST',
    path: '/graphql',
    headers: { 'content-type': 'application/json' },
    body,
    graphql: true,
    destructive,
    role,
  });
  for (const op of [...clientOperations(), ...partnerOperations()]) {
    const destructive = DESTRUCTIVE_OPERATIONS.has(op.name);
    const role = op.admin ? 'admin' : USER_OPERATIONS.has(op.name) ? 'user' : 'anonymous';
    for (const variables of variableCases(op))
      out.push(post(toJson({ query: op.query, variables }), destructive, role));
    if (op.variables[0])
      out.push(post(toJson({ query: op.query, variables: { [op.variables[0].name]: HUGE } }), destructive, role));
    out.push(post(toJson({ query: op.query, variables: 'not an object' }), destructive, role));
  }
  const get = (qs: string): Attempt => ({
    method: 'GET',
    path: `/graphql?${qs}`,
    headers: { 'apollo-require-preflight': '1' },
    graphql: true,
    role: 'anonymous',
  });
  for (const piece of URL_PIECES)
    out.push(
      get(`query=${piece}`),
      get(`query=%7B__typename%7D&variables=${piece}`),
      get(`query=%7B__typename%7D&operationName=${piece}`),
    );
  for (const body of [
    '{"query":"{ tours(first: 1) { nodes { id } } }","variables":{"x":"\\u0000"}}',
    '{"query":"\\u0000"}',
    '{"query":1}',
    '{"query":"{__typename}","extensions":{"persistedQuery":{"version":1,"sha256Hash":"x"}}}',
  ]) {
    out.push(post(body));
  }
  // Broken multipart: no boundary, a truncated part, a part without a name, operations that are not JSON.
  const part = (name: string, value: string) =>
    `--${B}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  for (const [type, body] of [
    ['multipart/form-data', 'garbage'],
    [
      `multipart/form-data; boundary=${B}`,
      `--${B}\r\nContent-Disposition: form-data; name="operations"\r\n\r\n{"query":`,
    ],
    [`multipart/form-data; boundary=${B}`, `--${B}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${B}--\r\n`],
    [`multipart/form-data; boundary=${B}`, part('operations', '{nope') + part('map', '{}') + `--${B}--\r\n`],
    [
      `multipart/form-data; boundary=${B}`,
      part(
        'operations',
        '{"query":"mutation($f: Upload!) { uploadProfileImage(file: $f) { user { id } } }","variables":{"f":null}}',
      ) +
        part('map', '{"0":["variables.f"]}') +
        `--${B}--\r\n`,
    ],
  ] as const) {
    out.push({
      method: 'POST',
      path: '/graphql',
      headers: { 'content-type': type, 'apollo-require-preflight': '1' },
      body,
      graphql: true,
      role: 'user',
    });
    out.push({
      method: 'POST',
      path: '/api/tours',
      headers: { 'content-type': type },
      body,
      graphql: false,
      role: 'admin',
    });
    out.push({
      method: 'POST',
      path: '/api/users/profile/image',
      headers: { 'content-type': type },
      body,
      graphql: false,
      role: 'user',
    });
  }
  return out;
}

/** Admins' paths (the catalogue's changes, the bookings' admin views), a signed-in user's, and the public ones. */
function restRole(c: RestCase): Role {
  if (/\/admin\/|^\/api\/users\/[^p]|\/status$/.test(c.path) || (c.path.startsWith('/api/tours') && c.method !== 'GET'))
    return 'admin';
  if (/^\/api\/(users\/profile|bookings\/(my|cancel)|bookings\/[^/]+$)/.test(c.path)) return 'user';
  return 'anonymous';
}

function restAttempts(): Attempt[] {
  return restCases().map((c: RestCase) => ({
    method: c.method,
    path: c.path,
    headers: c.body === undefined ? undefined : { 'content-type': 'application/json' },
    body: c.body === undefined ? undefined : toJson(c.body),
    graphql: false,
    destructive: c.destructive,
    role: restRole(c),
  }));
}

async function send(a: Attempt, token: string | undefined): Promise<string | null> {
  let res: Response;
  try {
    res = await fetch(`${s.url}${a.path}`, {
      method: a.method,
      headers: { ...a.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: a.body,
    });
  } catch (e) {
    return `no answer: ${String(e)}`;
  }
  return answerProblem(res.status, await res.text(), a.graphql);
}

/** Sends every attempt as a role, several at once, then the destructive ones one by one; returns the problems found. */
async function run(attempts: Attempt[], role: Role): Promise<{ sent: number; problems: string[] }> {
  const problems: string[] = [];
  const pool = async (list: Attempt[], width: number) => {
    let next = 0;
    const worker = async () => {
      while (next < list.length) {
        const a = list[next++]!;
        const problem = await send(a, tokens[role]);
        if (problem)
          problems.push(`${role} ${a.method} ${a.path.slice(0, 120)} ${a.body?.slice(0, 300) ?? ''}\n  -> ${problem}`);
      }
    };
    await Promise.all(Array.from({ length: width }, worker));
  };
  const mine = attempts.filter((a, i) => a.role === role || i % 10 === 0);
  await pool(
    mine.filter((a) => !a.destructive),
    8,
  );
  await pool(
    mine.filter((a) => a.destructive),
    1,
  );
  return { sent: mine.length, problems };
}

describe('fuzz: malformed input on every REST path and every GraphQL operation the client sends', () => {
  it('never answers 5xx, never leaks SQL or a stack, and every error has a message and a code', async () => {
    const graphql = graphqlAttempts();
    const rest = restAttempts();
    const problems: string[] = [];
    let sent = 0;
    for (const role of ROLES) {
      const r = await run([...graphql, ...rest], role);
      sent += r.sent;
      problems.push(...r.problems);
    }
    console.log(
      `fuzz: ${graphql.length + rest.length} inputs (${graphql.length} GraphQL, ${rest.length} REST), ${sent} requests as anonymous, user and admin, ${problems.length} problems`,
    );
    expect(problems.slice(0, 30).join('\n')).toBe('');
  }, 600_000);
});

describe('fuzz: malformed API key headers', () => {
  it('are refused with 401 UNAUTHENTICATED on GraphQL and REST, as sent on the wire', async () => {
    const problems: string[] = [];
    for (const headers of MALFORMED_API_KEY_HEADERS) {
      for (const [path, method, graphql] of [
        ['/graphql', 'POST', true],
        ['/api/tours', 'GET', false],
        ['/api/tours/1', 'GET', false],
      ] as const) {
        const body = graphql ? '{"query":"{ tours(first: 1) { nodes { id } } }"}' : '';
        const res = await rawRequest(s.url, {
          method,
          path,
          headers: { ...headers, ...(graphql ? { 'content-type': 'application/json' } : {}) },
          body,
        });
        const problem = answerProblem(res.status, res.body, graphql);
        const json = (() => {
          try {
            return JSON.parse(res.body) as { code?: string; errors?: { extensions?: { code?: string } }[] };
          } catch {
            return {};
          }
        })();
        const code = graphql ? json.errors?.[0]?.extensions?.code : json.code;
        if (problem || res.status !== 401 || code !== 'UNAUTHENTICATED')
          problems.push(
            `${method} ${path} ${JSON.stringify(headers).slice(0, 80)} -> ${res.status} ${code} ${problem ?? ''}`,
          );
      }
    }
    expect(problems.join('\n')).toBe('');
  });
});

describe('what the fuzz found, answered as bad input', () => {
  const admin = () => ({ 'content-type': 'application/json', authorization: `Bearer ${tokens.admin}` });
  const tour = {
    title: 'Crater day',
    desc: 'A day in the crater.',
    destination: 'Ngorongoro',
    country: 'Tanzania',
    durationDays: 1,
    price: '300',
    status: 'Active',
    bookingType: 'group',
  };

  it('a NUL or other control character in a tour text is a 400 naming the field (PostgreSQL text cannot hold a NUL)', async () => {
    for (const [field, value, named] of [
      ['title', 'a\u0000b', 'title'],
      ['departureLocation', '\u0000', 'departureLocation'],
      ['features', '["ok","x\\u0000"]', 'features.1'],
    ] as const) {
      const res = await fetch(`${s.url}/api/tours`, {
        method: 'POST',
        headers: admin(),
        body: JSON.stringify({ ...tour, [field]: value }),
      });
      expect(res.status, field).toBe(400);
      expect(await res.json()).toMatchObject({
        code: 'BAD_USER_INPUT',
        errors: expect.arrayContaining([{ field: named, message: `${named} must not contain control characters` }]),
      });
    }
    // A description may span lines.
    const ok = await fetch(`${s.url}/api/tours`, {
      method: 'POST',
      headers: admin(),
      body: JSON.stringify({ ...tour, desc: 'Line one.\r\n\tLine two.' }),
    });
    expect(ok.status).toBe(201);
  });

  it('dates past what the database stores are a 400, in a tour and in a filter', async () => {
    const res = await fetch(`${s.url}/api/tours`, {
      method: 'POST',
      headers: admin(),
      body: JSON.stringify({ ...tour, departureTime: '+275760-09-13T00:00:00.000Z' }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      errors: expect.arrayContaining([
        {
          field: 'departureTime',
          message: 'departureTime must be a real date and time in ISO 8601, such as 2027-07-01T05:00:00Z or 2027-07-01',
        },
      ]),
    });
    // The last day ends at 21:00 UTC on 9999-12-31 (a bare day is Tanzania's); an offset can go past it.
    expect((await fetch(`${s.url}/api/tours?returnTime=9999-12-31`)).status).toBe(200);
    const filter = await fetch(`${s.url}/api/tours?returnTime=${encodeURIComponent('9999-12-31T23:00:00-03:00')}`);
    expect(filter.status).toBe(400);
    expect(((await filter.json()) as { message: string }).message).toMatch(
      /returnTime: must be a date from year 1 to 9999/,
    );
  });

  it('a persisted query whose hash does not match is a 400 BAD_USER_INPUT', async () => {
    const res = await fetch(`${s.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{__typename}', extensions: { persistedQuery: { version: 1, sha256Hash: 'x' } } }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: unknown[] }).errors[0]).toMatchObject({
      message: 'provided sha does not match query',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });
});
