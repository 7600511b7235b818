/**
 * Malformed values for the fuzz tests, by the kind of field they go into. A number JSON cannot
 * write (1e309, -0 as written, integers past 2^53) is a Raw: serialized as its text, unquoted.
 */
export class Raw {
  constructor(readonly text: string) {}
}

export type Kind =
  'string' | 'email' | 'date' | 'id' | 'cursor' | 'int' | 'float' | 'boolean' | 'enum' | 'object' | 'list' | 'upload';

/** A long text under the GraphQL body limit (so the field's own validation answers), and one far over every limit. */
export const LONG = 'x'.repeat(95_000);
export const HUGE = 'y'.repeat(1024 * 1024);

const WRONG_TYPES: unknown[] = [null, { a: 1 }, [1, 'a'], true];

const TEXTS: unknown[] = [
  '',
  LONG,
  '\u0000',
  'a\u0000b',
  '\u0001\u001b[31m\u007f',
  '\ud800',
  'x\udfffy',
  '%C0%AF%FF',
  "' OR 1=1 --",
  '\u202e\u200b',
  12345,
];

const NUMBERS: unknown[] = [
  new Raw('1e309'),
  new Raw('-1e309'),
  new Raw('-0'),
  new Raw('123456789012345678901234567890'),
  2147483648,
  new Raw('9007199254740993'),
  -1,
  1.5,
  'NaN',
  '12',
  '\u0000',
];

const IDS: unknown[] = [
  '-0',
  'NaN',
  '1e309',
  '99999999999999999999',
  '-1',
  '0',
  '1.5',
  '0x10',
  ' 1',
  '１',
  '\u0000',
  '%C0%AF',
  LONG,
  new Raw('1e309'),
  '1\r\n',
  '1\r\nSet-Cookie: x=1',
  '1\n',
  '1\t',
];

const DATES: unknown[] = [
  '2026-13-45',
  '2026-02-30',
  '',
  '0000-00-00',
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-20',
  '2026-02-29T25:61:00Z',
  '2026-06-01\u0000',
  '9999-12-31',
  // Of the right shape, but the calendar has no year 0; and an offset carrying a day into year 10000.
  '0000-01-01',
  '9999-12-31T23:00:00-05:00',
  20260601,
];

/**
 * Cursors of the right shape whose date is on no calendar (30 February, years 0 and 10000, hour
 * 24), one of each keyset the lists page by: the tours' NEWEST order, the availability's start
 * date, the change feed's and the bookings' timestamps.
 */
const CURSORS: unknown[] = [
  ['NEWEST', '2026-02-30 00:00:00', 1],
  ['NEWEST', '9999-12-31 23:00:00-05', 1],
  ['2026-02-30', 1],
  ['0000-01-01', 1],
  ['2026-02-30 00:00:00+00', 1],
  ['2026-02-03 24:00:00+00', 1],
  ['+010000-01-01T00:00:00.000Z', 1],
  ['0000-12-31T00:00:00.000Z', 1],
].map((keyset) => Buffer.from(JSON.stringify(keyset)).toString('base64url'));

const EMAILS: unknown[] = [
  `${'a'.repeat(290)}@example.com`,
  'a@b',
  '@example.com',
  'a\u0000@example.com',
  'a@example.com\r\nBcc: x@example.com',
  '\ud800@example.com',
];

/** The malformed values tried in a field of this kind. */
export function malformed(kind: Kind): unknown[] {
  switch (kind) {
    case 'string':
      return [...TEXTS, ...WRONG_TYPES];
    case 'email':
      return [...EMAILS, ...TEXTS.slice(0, 4), ...WRONG_TYPES];
    case 'date':
      return [...DATES, ...TEXTS.slice(1, 4), ...WRONG_TYPES];
    case 'id':
      return [...IDS, ...WRONG_TYPES];
    case 'cursor':
      return [...CURSORS, ...IDS, ...WRONG_TYPES];
    case 'int':
    case 'float':
      return [...NUMBERS, ...WRONG_TYPES];
    case 'boolean':
      return ['true', 1, 0, 'yes', ...WRONG_TYPES];
    case 'enum':
      return ['', 'NOPE', 'pending', '\u0000', LONG, 1, ...WRONG_TYPES];
    case 'upload':
      return ['file.png', { uri: 'x' }, 1, ...WRONG_TYPES];
    case 'object':
    case 'list':
      return [
        null,
        'text',
        1,
        [],
        [null],
        {},
        new Raw('{"__proto__":{"admin":true},"constructor":{"prototype":{}}}'),
        ...WRONG_TYPES,
      ];
  }
}

/** JSON text of a value, with every Raw written as its bare text. */
export function toJson(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_k, v: unknown) => {
    if (v instanceof Raw) {
      raws.push(v.text);
      return `\u0000raw${raws.length - 1}\u0000`;
    }
    return v;
  });
  return text.replace(/"\\u0000raw(\d+)\\u0000"/g, (_m, i: string) => raws[Number(i)]!);
}

/** Every path of a query string or URL segment tried: broken %-escapes, overlong UTF-8, control characters. */
export const URL_PIECES = [
  '%0D%0A',
  '1%0D%0ASet-Cookie:%20x=1',
  '%C0%AF',
  '%FF',
  '%',
  '%zz',
  '%E0%A4%A',
  '%00',
  '%ED%A0%80',
  '..%2F..%2Fetc%2Fpasswd',
  'NaN',
  '-0',
  '1e309',
  '99999999999999999999',
  '2026-13-45',
  'a'.repeat(4000),
];

/**
 * Malformed API key headers: no key, a key followed by more words, two keys, escapes and non-ASCII
 * characters, and a scheme in other cases (control characters never reach the app: Node's HTTP parser
 * refuses them). Each must be refused (401 UNAUTHENTICATED), never
 * served as an anonymous visitor.
 */
export const MALFORMED_API_KEY_HEADERS: Record<string, string>[] = [
  ...[
    'ApiKey',
    'apikey',
    'ApiKey  ',
    'ApiKey tmb_x junk',
    'ApiKey tmb_x, tmb_y',
    'APIKEY \ttmb_x\tjunk',
    'ApiKey %00',
    `ApiKey ${'a'.repeat(4000)}`,
    'ApiKey tmb_é',
  ].map((authorization) => ({ authorization })),
  ...['', ' ', 'tmb_x junk', 'tmb_x,tmb_y', 'ApiKey tmb_x', '%C0%AF', 'x'.repeat(4000)].map((key) => ({
    'x-api-key': key,
  })),
];
