/** Text that must never reach a client: stack frames, module paths, SQL and database errors. */
const LEAKS: [string, RegExp][] = [
  ['a stack frame', /\n\s*at |\bat [\w.$<>]+ \(|\.(?:ts|js|mjs):\d+:\d+/],
  ['a module path', /node_modules|\/work\/|\/src\/|dist\//],
  ['SQL', /\b(?:SELECT|INSERT INTO|UPDATE "|DELETE FROM)\b|\bfrom "\w+"/],
  // PostgreSQL's words (GraphQL's own "Syntax Error: …" about the client's query is fine). Its
  // catalogue names start a word (`pg_class`): a new API key's secret, random base64url text, may
  // hold "pg_" inside it.
  [
    'a database error',
    /violates|syntax error|invalid input syntax|invalid byte sequence|duplicate key|relation "|column "|out of range for type|time zone displacement|(?<![\w-])pg_|MikroORM|DriverException|ECONNREFUSED/,
  ],
  ['an internal error', /TypeError|ReferenceError|RangeError|Cannot read propert|undefined is not|is not a function/],
];

/** An answer that broke a rule of the fuzz, or null. */
export function answerProblem(status: number, text: string, graphql: boolean): string | null {
  if (status >= 500) return `status ${status}`;
  for (const [what, re] of LEAKS) {
    const m = re.exec(text);
    if (m) return `${what} in the answer: …${text.slice(Math.max(0, m.index - 60), m.index + 60)}…`;
  }
  if (status < 400 && !graphql) return null;
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    return status >= 400 ? `a ${status} answer that is not JSON: ${text.slice(0, 120)}` : null;
  }
  if (graphql) {
    if (status >= 400 && !Array.isArray(body?.errors)) return `a ${status} GraphQL answer without errors`;
    for (const e of body?.errors ?? []) {
      if (typeof e?.message !== 'string' || !e.message) return 'a GraphQL error without a message';
      if (typeof e?.extensions?.code !== 'string')
        return `a GraphQL error without a code: ${String(e.message).slice(0, 120)}`;
      if (e.extensions.code === 'INTERNAL_SERVER_ERROR') return `INTERNAL_SERVER_ERROR: ${e.message}`;
    }
    return null;
  }
  if (typeof body?.message !== 'string' || !body.message) return `a ${status} answer without a message`;
  if (typeof body?.code !== 'string') return `a ${status} answer without a code: ${body.message}`;
  return null;
}
