import pg from 'pg';

/**
 * Statement counting for tests. The app's background workers (the mail outbox, webhook deliveries,
 * partner key usage) poll the database on their own timers and may send a statement while a test
 * counts a request's: those are left out (the payment schedule's claims are marked in a comment). Test-only; nothing in the app imports it.
 */
const BACKGROUND_WORK = /\b(mail_outbox|webhook_deliveries|partner_key_usage|payment schedule)\b/;

/** The SQL text of a pg driver query call's first argument (a string or a query config). */
export function sqlOf(query: unknown): string {
  if (typeof query === 'string') return query;
  const text = (query as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text : '';
}

const CONNECTION_SETUP = /^\s*set\s/i;

/**
 * Whether a statement is a request's own work. A new pooled connection's `SET statement_timeout` is
 * its set-up, not the request's: when the pool opens one mid-count (an idle one was closed, or two
 * statements ran at once) it is left out, as is background work.
 */
function isRequestStatement(text: string): boolean {
  return !BACKGROUND_WORK.test(text) && !CONNECTION_SETUP.test(text);
}

/**
 * Calls `seen` with every statement the app sends (each goes through the pg driver's Client#query)
 * until the returned function puts the driver back.
 */
function onEveryStatement(seen: (text: string, query: unknown, values: unknown) => void): () => void {
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    seen(sqlOf(args[0]), args[0], args[1]);
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  return () => {
    pg.Client.prototype.query = original;
  };
}

export interface StatementWatch {
  /** How many statements `run` sent, background work left out. */
  count(run: () => Promise<unknown>): Promise<number>;
  /** Puts the driver back as it was. */
  stop(): void;
}

/** Counts the statements the app sends, background work and connection set-up left out. */
export function watchStatements(): StatementWatch {
  let seen = 0;
  const stop = onEveryStatement((text) => {
    if (isRequestStatement(text)) seen++;
  });
  return {
    async count(run) {
      seen = 0;
      await run();
      return seen;
    },
    stop,
  };
}

export interface StatementCapture {
  /** The text and parameters of every statement seen so far that matched, in order, as one string each. */
  readonly seen: string[];
  /** Puts the driver back as it was. */
  stop(): void;
}

/**
 * Keeps every statement whose text matches `pattern`, with its parameters, to show what was written
 * (a sent mail's row is deleted, so what the outbox held is seen only as it is inserted).
 */
export function captureStatements(pattern: RegExp): StatementCapture {
  const seen: string[] = [];
  const stop = onEveryStatement((text, query, values) => {
    if (!pattern.test(text)) return;
    const bound = Array.isArray(values) ? values : ((query as { values?: unknown[] } | null)?.values ?? []);
    // Text parameters as they are (a JSON document stays readable), the others as JSON.
    seen.push([text, ...bound.map((v) => (typeof v === 'string' ? v : JSON.stringify(v)))].join(' '));
  });
  return { seen, stop };
}

/** Keeps the text of every statement requests send: background work and connection set-up left out. */
export function captureRequestStatements(): StatementCapture {
  const seen: string[] = [];
  const stop = onEveryStatement((text) => {
    if (isRequestStatement(text)) seen.push(text);
  });
  return { seen, stop };
}
