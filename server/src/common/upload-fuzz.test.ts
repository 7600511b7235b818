import 'reflect-metadata';
import { existsSync, readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogin } from '../test/auth-helpers.js';
import { ADMIN_ENV, adminToken } from '../test/booking-helpers.js';
import { startTestServer, type TestServer } from '../test/harness.js';
import { uploadTempDir } from './multipart.js';

let s: TestServer;
let token: string;
let admin: string;
beforeAll(async () => {
  s = await startTestServer({ seedDemo: false, env: ADMIN_ENV });
  token = (await signUpAndLogin(s)).accessToken;
  admin = await adminToken(s);
});
afterAll(async () => {
  await s?.stop();
});

/** Deterministic pseudo-random numbers (mulberry32), so a failing input can be found again. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const B = 'XYZ';
const MULTIPART = `multipart/form-data; boundary=${B}`;
const field = (name: string, value: string) =>
  `--${B}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const file = (name: string, data: string, filename = 'a.png') =>
  `--${B}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n${data}\r\n`;
const END = `--${B}--\r\n`;
const TOUR = {
  title: 'Fuzz',
  description: 'Fuzzed.',
  destination: 'Arusha',
  country: 'Tanzania',
  durationDays: 1,
  price: '10',
  images: [],
  tier: 'Budget',
  bookingType: 'group',
  status: 'active',
};

interface Path {
  name: string;
  url: string;
  fileField: string;
  headers: Record<string, string>;
  /** GraphQL only: the `operations` field and the variable path of its file. */
  operations?: string;
  filePath?: string;
  /** A well-formed body for this path, the seed of the mutations. */
  valid: string;
}
/** A GraphQL multipart path: one operation and one file at `filePath`. */
const graphql = (name: string, query: string, variables: Record<string, unknown>, filePath: string): Path => {
  const operations = JSON.stringify({ query, variables });
  return {
    name: `GraphQL ${name}`,
    url: '/graphql',
    fileField: '0',
    headers: { 'apollo-require-preflight': 'true' },
    operations,
    filePath,
    valid:
      field('operations', operations) +
      field('map', JSON.stringify({ 0: [filePath] })) +
      file('0', 'PNG-ish bytes') +
      END,
  };
};
// Every mutation that takes an upload, and one operation that takes none.
const PATHS: Path[] = [
  {
    name: 'REST profile image',
    url: '/api/users/profile/image',
    fileField: 'profileImage',
    headers: {},
    valid: file('profileImage', 'PNG-ish bytes') + END,
  },
  graphql(
    'uploadProfileImage',
    'mutation($file: Upload!) { uploadProfileImage(file: $file) { user { id } } }',
    { file: null },
    'variables.file',
  ),
  graphql(
    'createTour',
    'mutation($input: TourInput!, $images: [Upload!]) { createTour(input: $input, images: $images) { tour { id } } }',
    { input: TOUR, images: [null] },
    'variables.images.0',
  ),
  graphql(
    'updateTour',
    'mutation($id: ID!, $input: TourInput!, $images: [Upload!]) { updateTour(id: $id, input: $input, images: $images) { tour { id } } }',
    { id: '1', input: TOUR, images: [null] },
    'variables.images.0',
  ),
  graphql(
    'logout (takes no files)',
    'mutation($file: String) { logout { allSessionsEnded } }',
    { file: null },
    'variables.file',
  ),
];

interface Input {
  label: string;
  body: Buffer;
  contentType: string;
}

/** The named malformed bodies, then seeded mutations of a valid one (cut, flipped, spliced, repeated). */
function inputsFor(p: Path): Input[] {
  const OPERATIONS = p.operations ?? '{}';
  const filePath = p.filePath ?? 'variables.file';
  const mp = (label: string, body: string | Buffer, contentType = MULTIPART): Input => ({
    label,
    body: Buffer.isBuffer(body) ? body : Buffer.from(body, 'latin1'),
    contentType,
  });
  const named: Input[] = [
    mp('empty body', ''),
    mp('boundary only', `--${B}--`),
    mp('boundary without its end', `--${B}`),
    mp('truncated inside the file', p.valid.slice(0, p.valid.length - 12)),
    mp('truncated inside a part header', p.valid.slice(0, 20)),
    mp('no boundary in the content type', p.valid, 'multipart/form-data'),
    mp('another boundary than the body uses', p.valid, 'multipart/form-data; boundary=OTHER'),
    mp('an empty boundary', p.valid, 'multipart/form-data; boundary='),
    mp('a 70-character boundary', p.valid, `multipart/form-data; boundary=${'b'.repeat(70)}`),
    mp('wrong content type: JSON', p.valid, 'application/json'),
    mp('wrong content type: text', p.valid, 'text/plain'),
    mp('wrong content type: multipart/mixed', p.valid, `multipart/mixed; boundary=${B}`),
    mp('a huge field name', field('n'.repeat(200_000), 'v') + p.valid),
    mp('a huge file name', file(p.fileField, 'x', 'f'.repeat(100_000)) + END),
    mp('a huge part header', `--${B}\r\nX-Junk: ${'j'.repeat(100_000)}\r\n` + p.valid.slice(`--${B}\r\n`.length)),
    mp('thousands of parts', Array.from({ length: 3000 }, (_, i) => field(`f${i}`, 'v')).join('') + p.valid),
    mp('thousands of files', Array.from({ length: 2000 }, () => file(p.fileField, 'x')).join('') + END),
    mp('a part without a name', `--${B}\r\nContent-Disposition: form-data; filename="a.png"\r\n\r\nabc\r\n` + END),
    mp('a part without any header', `--${B}\r\n\r\nabc\r\n` + END),
    mp(
      'a part that is not form-data',
      `--${B}\r\nContent-Disposition: attachment; name="${p.fileField}"; filename="a.png"\r\n\r\nabc\r\n` + END,
    ),
    mp('a header line without a colon', `--${B}\r\nContent-Disposition form-data\r\n\r\nabc\r\n` + END),
    mp(
      'a bad RFC 5987 file name',
      `--${B}\r\nContent-Disposition: form-data; name="${p.fileField}"; filename*=utf-8''%ZZ%\r\n\r\nabc\r\n` + END,
    ),
    mp(
      'NUL and control bytes in names',
      `--${B}\r\nContent-Disposition: form-data; name="a\u0000b\u0007"; filename="\u0000.png"\r\n\r\nabc\r\n` + END,
    ),
    mp('a file over every limit (11 MB)', file(p.fileField, 'x'.repeat(11 * 1024 * 1024)) + END),
    mp('a field over its size limit', field('operations', 'x'.repeat(200_000)) + p.valid),
    mp('the same file field twice', file(p.fileField, 'a') + file(p.fileField, 'b') + END),
    mp('binary garbage', Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256))),
    mp(
      'a map naming a missing file',
      field('operations', OPERATIONS) + field('map', JSON.stringify({ 9: [filePath] })) + END,
    ),
    mp('a map that is a string', field('operations', OPERATIONS) + field('map', '"0"') + file('0', 'x') + END),
    mp(
      'a map pointing at the prototype',
      field('operations', OPERATIONS) + field('map', '{"0":["constructor.prototype.x"]}') + file('0', 'x') + END,
    ),
    mp(
      'a map path into the query',
      field('operations', OPERATIONS) + field('map', '{"0":["query"]}') + file('0', 'x') + END,
    ),
    mp(
      'operations that are a batch',
      field('operations', `[${OPERATIONS},${OPERATIONS}]`) +
        field('map', JSON.stringify({ 0: [`0.${filePath}`] })) +
        file('0', 'x') +
        END,
    ),
    mp('operations that are not JSON', field('operations', '{') + field('map', '{}') + END),
    mp(
      'operations without a query',
      field('operations', '{"variables":{"file":null}}') +
        field('map', JSON.stringify({ 0: [filePath] })) +
        file('0', 'x') +
        END,
    ),
    mp(
      'a map with more than 10 files',
      field('operations', OPERATIONS) +
        field(
          'map',
          JSON.stringify(Object.fromEntries(Array.from({ length: 11 }, (_, i) => [String(i), [filePath]]))),
        ) +
        END,
    ),
  ];
  const rnd = random(p.url.length * 7919);
  const valid = Buffer.from(p.valid, 'latin1');
  const at = () => Math.floor(rnd() * valid.length);
  const mutated: Input[] = [];
  for (let i = 0; i < 40; i++) {
    const kind = i % 4;
    let body: Buffer;
    if (kind === 0) body = valid.subarray(0, at());
    else if (kind === 1) {
      body = Buffer.from(valid);
      for (let k = 0; k < 1 + Math.floor(rnd() * 8); k++) body[at()] = Math.floor(rnd() * 256);
    } else if (kind === 2) {
      const [a, b] = [at(), at()].sort((x, y) => x - y);
      body = Buffer.concat([valid.subarray(0, a), valid.subarray(b)]);
    } else {
      const [a, b] = [at(), at()].sort((x, y) => x - y);
      body = Buffer.concat([valid.subarray(0, b), valid.subarray(a, b), valid.subarray(a, b), valid.subarray(b)]);
    }
    mutated.push(mp(`mutation ${i} (${['cut', 'flipped', 'spliced', 'repeated'][kind]})`, body));
  }
  return [...named, ...mutated];
}

async function send(p: Path, input: Input, auth: string | null): Promise<number | 'reset'> {
  try {
    const res = await fetch(`${s.url}${p.url}`, {
      method: 'POST',
      body: input.body,
      headers: {
        'content-type': input.contentType,
        ...p.headers,
        ...(auth ? { authorization: `Bearer ${auth}` } : {}),
      },
    });
    const text = await res.text();
    // Whatever the input, the answer is JSON with a message and never a stack.
    expect(text, `${p.name} / ${input.label}`).not.toMatch(/node_modules|\n\s+at /);
    JSON.parse(text);
    return res.status;
  } catch (e) {
    // A server that answers before reading a huge body and closes may reset a client still sending it.
    if ((e as Error).name === 'AssertionError') throw e;
    return 'reset';
  }
}

describe('malformed multipart bodies on every upload path', () => {
  it('never answer 5xx, never stop the process, never leave a temporary file', async () => {
    const tally: Record<string, number> = {};
    let tried = 0;
    for (const p of PATHS) {
      for (const [who, auth] of [
        ['admin', admin],
        ['signed in', token],
        ['anonymous', null],
        ['bad token', 'x.y.z'],
      ] as const) {
        for (const input of inputsFor(p)) {
          const status = await send(p, input, auth);
          tried++;
          const key = `${p.name} ${who}: ${status}`;
          tally[key] = (tally[key] ?? 0) + 1;
          if (status !== 'reset') expect(status, `${p.name} / ${who} / ${input.label}`).toBeLessThan(500);
          // A multipart request without a valid token is refused before its body is even looked at.
          if (
            auth !== token &&
            auth !== admin &&
            status !== 'reset' &&
            input.contentType.startsWith('multipart/form-data')
          ) {
            expect(status, `${p.name} / ${who} / ${input.label}`).toBe(401);
          }
        }
        expect((await fetch(`${s.url}/health`)).status).toBe(200);
      }
    }
    const dir = uploadTempDir(s.dataDir);
    const deadline = Date.now() + 3_000;
    while (existsSync(dir) && readdirSync(dir).length && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);
    console.log(`upload fuzz: ${tried} inputs tried on ${PATHS.length} paths; answers: ${JSON.stringify(tally)}`);
  }, 240_000);
});
