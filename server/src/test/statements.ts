/**
 * Statement counting for tests. The app's background workers (the mail outbox, webhook deliveries,
 * partner key usage) poll the database on their own timers and may send a statement while a test
 * counts a request's: those are left out (the payment schedule's claims are marked in a comment). Test-only; nothing in the app imports it.
 */
const BACKGROUND_WORK = /\b(mail_outbox|webhook_deliveries|partner_key_usage|payment schedule)\b/;

/** Whether a statement is a background worker's rather than the request's under test. */
export function isBackgroundStatement(sql: string): boolean {
  return BACKGROUND_WORK.test(sql);
}

/** The SQL text of a pg driver query call's first argument (a string or a query config). */
export function sqlOf(query: unknown): string {
  if (typeof query === 'string') return query;
  const text = (query as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text : '';
}
