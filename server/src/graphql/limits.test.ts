import { randomBytes } from 'node:crypto';
import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import {
  buildClientSchema,
  buildSchema,
  type DocumentNode,
  type FragmentDefinitionNode,
  getIntrospectionQuery,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  parse,
  print,
} from 'graphql';
import { PARTNER_EXAMPLES, PARTNER_KEY_EXAMPLES } from '@tembea/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.js';
import { checkQueryLimits, LIST_BOUNDS, MAX_ALIASES, MAX_TOKENS, PAGE_SIZES } from './limits.js';

const schema = buildSchema(readFileSync(new URL('../../../schema/schema.graphql', import.meta.url), 'utf8'));

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.stop();
});

/** POSTs a raw body to /graphql; returns status, parsed body, size and time taken. */
async function post(body: string, headers: Record<string, string> = {}) {
  const started = performance.now();
  const res = await fetch(`${s.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  const text = await res.text();
  return {
    status: res.status,
    body: JSON.parse(text) as any,
    bytes: text.length,
    ms: Math.round(performance.now() - started),
  };
}
const query = (q: string, variables?: Record<string, unknown>) => post(JSON.stringify({ query: q, variables }));
const aliasesOf = (n: number, selection: string) =>
  `{${Array.from({ length: n }, (_, i) => `a${i}:${selection}`).join(' ')}}`;

function expectRefused(res: { status: number; body: any }, message?: RegExp) {
  expect(res.status).toBe(400);
  expect(res.body.data).toBeUndefined();
  expect(res.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  if (message) expect(res.body.errors[0].message).toMatch(message);
}

describe('introspection is measured like any other operation', () => {
  it('refuses 3000 aliased __schema selections at once, and /health stays quick meanwhile', async () => {
    const compact = aliasesOf(3000, '__schema{types{name}}'); // 83 KB: under the body limit, over the token limit
    const [res, health] = await Promise.all([
      query(compact),
      (async () => {
        const t = performance.now();
        const h = await fetch(`${s.url}/health`);
        return { status: h.status, ms: Math.round(performance.now() - t) };
      })(),
    ]);
    expectRefused(res, new RegExp(`more that ${MAX_TOKENS} tokens`));
    expect(res.bytes).toBeLessThan(1_000);
    expect(res.ms).toBeLessThan(2_000);
    expect(health.status).toBe(200);
    // The report's own request (3000 aliases with nested fields, 287 KB) is over the body limit.
    const report = aliasesOf(
      3000,
      ' __schema { types { name kind fields { name type { name kind ofType { name kind } } } } }',
    );
    const big = await query(report);
    expect(big).toMatchObject({ status: 413, body: { errors: [{ extensions: { code: 'PAYLOAD_TOO_LARGE' } }] } });
    expect(big.ms).toBeLessThan(2_000);
    console.log(
      `3000 aliased __schema: ${compact.length} B -> ${res.status} in ${res.ms} ms (${res.bytes} B); ${report.length} B -> ${big.status} in ${big.ms} ms; /health meanwhile ${health.ms} ms`,
    );
  });

  it('refuses 31 aliases of __schema, accepts 30', async () => {
    expectRefused(await query(aliasesOf(MAX_ALIASES + 1, '__schema{queryType{name}}')), /31 aliases, at most 30/);
    const ok = await query(aliasesOf(MAX_ALIASES, '__schema{queryType{name}}'));
    expect(ok.status).toBe(200);
    expect(ok.body.data.a29).toEqual({ queryType: { name: 'Query' } });
  });

  it('refuses a deep __type nest, whether through ofType or through fields and types', async () => {
    const ofTypes = (n: number): string => (n === 0 ? 'name' : `ofType { ${ofTypes(n - 1)} }`);
    expectRefused(
      await query(`{ __type(name: "Tour") { ${ofTypes(19)} } }`),
      /Introspection query is too deep: 21 levels, at most 20/,
    );
    expectRefused(
      await query(
        '{ __type(name: "Query") { fields { type { fields { type { fields { type { fields { name } } } } } } } } }',
      ),
      /introspection/i,
    );
  });

  it('answers the standard introspection query (Apollo Sandbox, GraphQL Code Generator) in full', async () => {
    for (const options of [
      undefined,
      {
        descriptions: true,
        specifiedByUrl: true,
        directiveIsRepeatable: true,
        schemaDescription: true,
        inputValueDeprecation: true,
        oneOf: true,
      },
    ]) {
      const res = await query(getIntrospectionQuery(options));
      expect(res.status).toBe(200);
      expect(res.body.errors).toBeUndefined();
      const schema = buildClientSchema(res.body.data);
      expect(schema.getQueryType()?.getFields().tours).toBeDefined();
    }
  });
});

describe('page sizes, costs and request shapes', () => {
  it('refuses tours(first: 100000) with 400 BAD_USER_INPUT, not a 500', async () => {
    expectRefused(
      await query('{ tours(first: 100000) { nodes { id } } }'),
      /first must be a whole number from 1 to 100/,
    );
    expectRefused(await query('query($n: Int) { tours(first: $n) { nodes { id } } }', { n: 101 }), /from 1 to 100/);
    expectRefused(await query('{ tours(first: 0) { nodes { id } } }'), /from 1 to 100/);
    const ok = await query('query($n: Int) { tours(first: $n) { nodes { id } } }', { n: 100 });
    expect(ok.status).toBe(200);
    expect(ok.body.data.tours.nodes.length).toBeGreaterThan(0);
  });

  it('refuses an operation over the cost limit with 400', async () => {
    const costly = Array.from(
      { length: 30 },
      (_, i) => `a${i}: tours(first: 100) { nodes { id itinerary { day } } }`,
    ).join('\n');
    expectRefused(await query(`{ ${costly} }`), /too costly/);
  });

  it('refuses too many directives and fragments spread into one another many times over', async () => {
    expectRefused(await query(`{ ${'__typename @skip(if: false) '.repeat(51)}}`), /51 directives/);
    const levels = 25;
    const fragments = Array.from(
      { length: levels },
      (_, i) => `fragment F${i} on Query { ${i + 1 < levels ? `...F${i + 1} ...F${i + 1}` : '__typename'} }`,
    ).join('\n');
    const bomb = await query(`{ ...F0 }\n${fragments}`);
    expectRefused(bomb, /too complex/);
    expect(bomb.ms).toBeLessThan(2_000);
  });

  it('refuses a subscription (this API has none) with 400 BAD_USER_INPUT, not a 500', async () => {
    const res = await s.gql('subscription { tours { id } }');
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({
      message: 'This API has no subscription operations: send a query or a mutation',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  it('refuses a batch (a JSON array) and a body over 100 KB', async () => {
    const batch = await post(JSON.stringify([{ query: '{ __typename }' }, { query: '{ __typename }' }]));
    expect(batch.status).toBe(400);
    expect(batch.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    const big = await post(JSON.stringify({ query: '{ __typename }', variables: { pad: 'x'.repeat(101 * 1024) } }));
    expect(big).toMatchObject({
      status: 413,
      body: {
        errors: [{ message: 'Request body is too large: at most 100 KB', extensions: { code: 'PAYLOAD_TOO_LARGE' } }],
      },
    });
  });

  it("keeps every one of the client's operations within the limits at the largest page size it sends", () => {
    // The admin tour list asks for smaller pages than the largest (each tour with all its lists).
    const adminTours = readFileSync(
      new URL('../../../client/src/features/admin/shared/useAdminTours.ts', import.meta.url),
      'utf8',
    );
    const PAGE_SENT: Record<string, number> = {
      AdminToursDocument: Number(/export const ADMIN_TOURS_PAGE = (\d+);/.exec(adminTours)![1]),
    };
    const source = ['graphql.ts', 'admin/graphql.ts']
      .map((f) => readFileSync(new URL(`../../../client/src/gql/${f}`, import.meta.url), 'utf8'))
      .join('\n');
    const documents = [...source.matchAll(/^export const (\w+Document) = (\{.*\}) as unknown as DocumentNode</gm)];
    expect(documents.length).toBeGreaterThan(10);
    for (const [, name, json] of documents) {
      const doc = JSON.parse(json!) as DocumentNode;
      const text = print(doc);
      expect(() => parse(text, { maxTokens: MAX_TOKENS }), name).not.toThrow();
      expect(new TextEncoder().encode(text).length, name).toBeLessThan(10_000);
      const fragments = doc.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION);
      for (const op of doc.definitions.filter(
        (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
      )) {
        expect(() => checkQueryLimits(schema, op, fragments, { first: PAGE_SENT[name!] ?? 100 }), name).not.toThrow();
      }
    }
  });

  it('keeps every documented partner example within the limits', () => {
    for (const ex of [...PARTNER_EXAMPLES, ...PARTNER_KEY_EXAMPLES]) {
      const doc = parse(ex.query);
      const op = doc.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
      expect(() => checkQueryLimits(schema, op, [], ex.variables), ex.operationName).not.toThrow();
    }
  });
});

describe('every list counts as many items as it can hold', () => {
  it('knows the bound of every list field and the page sizes of every paged field of the schema', () => {
    const missing: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      if (type.name.startsWith('__') || !(isObjectType(type) || isInterfaceType(type))) continue;
      for (const field of Object.values(type.getFields())) {
        const key = `${type.name}.${field.name}`;
        const list = isListType(isNonNullType(field.type) ? field.type.ofType : field.type);
        if (field.args.some((a) => a.name === 'first') && !PAGE_SIZES[key]) missing.push(`${key} (paged)`);
        // A connection's nodes and edges hold one page of the paged field that returns it.
        if (list && !type.name.endsWith('Connection') && LIST_BOUNDS[key] === undefined) missing.push(key);
      }
    }
    expect(missing).toEqual([]);
  });

  it('refuses 30 aliases of departures without a window or a page size with 400 BAD_USER_INPUT', async () => {
    const tourId = (await query('{ tours(first: 1) { nodes { id } } }')).body.data.tours.nodes[0].id as string;
    const res = await query(
      aliasesOf(MAX_ALIASES, `departures(tourId: "${tourId}") { id startDate seatsLeft status }`),
    );
    expectRefused(res, /too costly/);
    // Each one may return a departure a day for 366 days: a few of them at once are still answered.
    const few = await query(aliasesOf(5, `departures(tourId: "${tourId}") { id startDate seatsLeft status }`));
    expect(few.status).toBe(200);
    expect(few.body.errors).toBeUndefined();
  });

  it('counts a paged field without first as its default page, not as one item', async () => {
    expectRefused(await query(aliasesOf(MAX_ALIASES, 'tours { nodes { id itinerary { day title } } }')), /too costly/);
  });
});

describe('in production', () => {
  let prod: TestServer;
  beforeAll(async () => {
    prod = await startTestServer({
      seedDemo: false,
      env: {
        NODE_ENV: 'production',
        JWT_SECRET: randomBytes(40).toString('base64url'),
        JWT_REFRESH_SECRET: randomBytes(40).toString('base64url'),
        PERSONAL_DATA_KEYS: `k1:${randomBytes(32).toString('base64')}`,
      },
    });
  });
  afterAll(async () => {
    await prod?.stop();
  });

  it('hides "Did you mean" suggestions but keeps introspection open', async () => {
    const typo = '{ tours(first: 1, sort: NEWST) { nodes { titel } } }';
    const dev = await s.gql(typo);
    expect(dev.body.errors.map((e: { message: string }) => e.message).join(' ')).toMatch(/Did you mean/);
    const res = await prod.gql(typo);
    expect(res.status).toBe(400);
    const messages = res.body.errors.map((e: { message: string }) => e.message);
    expect(messages.join(' ')).toMatch(/Cannot query field "titel" on type "Tour"\./);
    expect(messages.join(' ')).not.toMatch(/Did you mean/);
    const variable = await prod.gql('query($s: TourSort) { tours(first: 1, sort: $s) { totalCount } }', { s: 'NEWST' });
    expect(variable.body.errors[0].message).not.toMatch(/Did you mean/);
    const intro = await prod.gql(getIntrospectionQuery());
    expect(intro.status).toBe(200);
    expect(intro.body.data.__schema.queryType.name).toBe('Query');
  });
});
