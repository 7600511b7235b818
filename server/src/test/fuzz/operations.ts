import { readFileSync } from 'node:fs';
import {
  buildSchema,
  type DocumentNode,
  getNamedType,
  type GraphQLInputType,
  GraphQLEnumType,
  GraphQLInputObjectType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLScalarType,
  Kind,
  type OperationDefinitionNode,
  parse,
  print,
  typeFromAST,
} from 'graphql';
import { PARTNER_EXAMPLES } from '@tembea/schema';
import { type Kind as ValueKind, malformed } from './values.js';

const repo = (p: string) => new URL(`../../../../${p}`, import.meta.url);
const schema = buildSchema(readFileSync(repo('schema/schema.graphql'), 'utf8'));

/** One operation the client sends: its name, text and the variables' types. */
export interface ClientOperation {
  name: string;
  /** The admin screens' operations (the others are the site's). */
  admin: boolean;
  query: string;
  variables: { name: string; type: GraphQLInputType }[];
}

function operationOf(name: string, admin: boolean, doc: DocumentNode): ClientOperation {
  const op = doc.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
  const variables = (op.variableDefinitions ?? []).map((v) => ({
    name: v.variable.name.value,
    type: typeFromAST(schema, v.type as never) as GraphQLInputType,
  }));
  return { name, admin, query: print(doc), variables };
}

/** The operations partner agencies are shown (schema's partner examples), sent without credentials. */
export function partnerOperations(): ClientOperation[] {
  return PARTNER_EXAMPLES.map((ex) => operationOf(ex.operationName, false, parse(ex.query)));
}

/** Every operation in the client's generated documents (the site's and the admin screens'). */
export function clientOperations(): ClientOperation[] {
  return ['client/src/gql/graphql.ts', 'client/src/gql/admin/graphql.ts']
    .flatMap((file) => {
      const source = readFileSync(repo(file), 'utf8');
      return [...source.matchAll(/^export const (\w+)Document = (\{.*\}) as unknown as DocumentNode</gm)].map(
        ([, name, json]) => ({ name: name!, json: json!, admin: file.includes('admin') }),
      );
    })
    .map(({ name, json, admin }) => operationOf(name, admin, JSON.parse(json) as DocumentNode));
}

/** The kind of a leaf, from its type and, for text, its name (emails, dates, ids). */
function kindOf(type: GraphQLInputType, name: string): ValueKind {
  const t = getNamedType(type);
  const unwrapped = type instanceof GraphQLNonNull ? type.ofType : type;
  if (unwrapped instanceof GraphQLList) return 'list';
  if (t instanceof GraphQLInputObjectType) return 'object';
  if (t instanceof GraphQLEnumType) return 'enum';
  switch (t.name) {
    case 'Int':
      return 'int';
    case 'Float':
      return 'float';
    case 'Boolean':
      return 'boolean';
    case 'ID':
      return 'id';
    case 'Upload':
      return 'upload';
    case 'DateTimeISO':
      return 'date';
  }
  if (/email/i.test(name)) return 'email';
  if (/date|^from$|^to$|Time$/i.test(name)) return 'date';
  if (name === 'after') return 'cursor';
  if (/Id$|^id$/.test(name)) return 'id';
  return 'string';
}

/** Valid values of the fields whose rules a generic value would break (a price, a date range, a group size). */
const KNOWN: Record<string, unknown> = {
  price: '1450',
  tier: 'budget',
  travelType: 'Safari',
  destination: 'Serengeti',
  country: 'Tanzania',
  images: [],
  bg: null,
  capacity: 10,
  rating: 4.5,
  discount: 0,
  numRatings: 3,
  durationDays: 5,
  durationNights: 4,
  itinerary: [],
  departureTime: null,
  returnTime: null,
  startDate: '2027-06-01',
  endDate: '2027-06-05',
  date: '2027-06-01',
  numberOfPeople: 2,
  phone: '+255712345678',
  name: 'Asha Mrema',
  first: 5,
  search: 'safari',
  from: '2027-01-01',
  to: '2027-12-31',
  after: null,
  ids: null,
  minPrice: null,
  maxPrice: null,
  dayTrip: null,
  status: 'active',
};

/** A plausible value of a type: each leaf valid-looking, so a mutation of one leaf meets that leaf's validation. */
export function baseline(type: GraphQLInputType, name: string): unknown {
  const named = getNamedType(type);
  const known =
    Object.hasOwn(KNOWN, name) && !(named instanceof GraphQLEnumType) && !(named instanceof GraphQLInputObjectType);
  if (known && !(KNOWN[name] === null && type instanceof GraphQLNonNull)) return KNOWN[name];
  const inner = type instanceof GraphQLNonNull ? type.ofType : type;
  if (inner instanceof GraphQLList) return [baseline(inner.ofType, name)];
  if (inner instanceof GraphQLInputObjectType) {
    return Object.fromEntries(Object.values(inner.getFields()).map((f) => [f.name, baseline(f.type, f.name)]));
  }
  if (inner instanceof GraphQLEnumType) return inner.getValues()[0]!.value;
  if (inner instanceof GraphQLScalarType) {
    switch (kindOf(inner, name)) {
      case 'int':
        return /first|people|capacity/i.test(name) ? 2 : 1;
      case 'float':
        return 100.5;
      case 'boolean':
        return true;
      case 'id':
        return '1';
      case 'upload':
        return null;
      case 'date':
        return '2027-06-01';
      case 'email':
        return 'fuzz@example.com';
    }
    return /password/i.test(name) ? 'fuzz-password-1' : 'Fuzz text';
  }
  return null;
}

/** A leaf to mutate: where it is in the variables and its kind. */
interface Leaf {
  path: (string | number)[];
  kind: ValueKind;
}

function leaves(type: GraphQLInputType, name: string, path: (string | number)[]): Leaf[] {
  const inner = type instanceof GraphQLNonNull ? type.ofType : type;
  const own = { path, kind: kindOf(type, name) };
  if (inner instanceof GraphQLList) return [own, ...leaves(inner.ofType, name, [...path, 0])];
  if (inner instanceof GraphQLInputObjectType) {
    return [own, ...Object.values(inner.getFields()).flatMap((f) => leaves(f.type, f.name, [...path, f.name]))];
  }
  return [own];
}

function setAt(target: Record<string, unknown>, path: (string | number)[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(target);
  let at: Record<string | number, unknown> = copy;
  path.slice(0, -1).forEach((key, i) => {
    // A baseline of null or [] gets the container the leaf needs.
    if (at[key] === null || typeof at[key] !== 'object') at[key] = typeof path[i + 1] === 'number' ? [] : {};
    at = at[key] as Record<string | number, unknown>;
  });
  at[path[path.length - 1]!] = value;
  return copy;
}

/** Every variables object tried for an operation: each leaf in turn set to each malformed value of its kind. */
export function variableCases(op: ClientOperation): Record<string, unknown>[] {
  const base = Object.fromEntries(op.variables.map((v) => [v.name, baseline(v.type, v.name)]));
  const cases: Record<string, unknown>[] = [base];
  for (const v of op.variables) {
    for (const leaf of leaves(v.type, v.name, [v.name])) {
      for (const value of malformed(leaf.kind)) cases.push(setAt(base, leaf.path, value));
    }
  }
  return cases;
}
