import http from 'node:http';
import https from 'node:https';
import { signatureHeader, WEBHOOK_ID_HEADER, WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER } from '@tembea/schema';
import type { RequestContext } from '../../common/context.js';
import { log } from '../../common/logger.js';
import { PollingWorker } from '../../common/polling-worker.js';
import { queryRows, sql } from '../../common/sql.js';
import { checkLiteralHost, InternalTargetError, publicOnlyLookup } from './webhook-target.js';

const BATCH = 20;
const POLL_MS = 5_000;
const ERROR_MAX = 200;

interface ClaimedRow {
  id: string;
  payload: Record<string, unknown>;
  attempts: number;
  url: string;
  secret: string;
}

/** What one attempt came to: a 2xx answer, or why not (the status when an answer came). */
type Outcome = { ok: true; status: number } | { ok: false; status: number | null; error: string };

/** One short line for last_error: never a stack, never the receiver's body. */
function describe(e: unknown, timeoutMs: number): string {
  const err = e as Error & { code?: string };
  if (err?.name === 'TimeoutError' || err?.name === 'AbortError')
    return `No answer within ${Math.round(timeoutMs / 1000)} s`;
  if (err instanceof InternalTargetError) return err.message.slice(0, ERROR_MAX);
  const text = err?.code ? `Could not connect: ${err.code}` : String(err?.message ?? e);
  return text.split('\n')[0]!.slice(0, ERROR_MAX);
}

/**
 * POSTs a body and resolves with the answer's status once the answer is complete (its body is
 * read and dropped). Redirects are never followed. Unless internal targets are allowed, the
 * connection goes only to a public address: an internal IP literal is refused, and a name is
 * resolved by a lookup that drops internal addresses, so the address checked is the one connected to.
 */
function postOnce(
  url: URL,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
  allowInternal: boolean,
): Promise<number> {
  return new Promise((resolve, reject) => {
    if (!allowInternal) checkLiteralHost(url.hostname);
    const transport = url.protocol === 'https:' ? https : http;
    const req = transport.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        signal: AbortSignal.timeout(timeoutMs),
        ...(allowInternal ? {} : { lookup: publicOnlyLookup }),
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('close', () => {
          if (!res.complete) reject(new Error('The answer was cut off'));
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** POSTs one delivery, signed, and reads only its status: a 3xx is a failure, and so is no complete answer within `timeoutMs`. */
async function post(row: ClaimedRow, timeoutMs: number, allowInternal: boolean): Promise<Outcome> {
  const body = JSON.stringify(row.payload);
  const timestamp = Math.floor(Date.now() / 1000);
  try {
    const status = await postOnce(
      new URL(row.url),
      {
        'content-type': 'application/json',
        'user-agent': 'Tembea-Webhooks/1',
        [WEBHOOK_ID_HEADER]: row.id,
        [WEBHOOK_TIMESTAMP_HEADER]: String(timestamp),
        [WEBHOOK_SIGNATURE_HEADER]: await signatureHeader(row.secret, timestamp, body),
      },
      body,
      timeoutMs,
      allowInternal,
    );
    if (status >= 200 && status < 300) return { ok: true, status };
    const redirect = status >= 300 && status < 400 ? ' (redirects are not followed)' : '';
    return { ok: false, status, error: `Answered HTTP ${status}${redirect}` };
  } catch (e) {
    return { ok: false, status: null, error: describe(e, timeoutMs) };
  }
}

/**
 * Sends queued webhook deliveries. Each batch is claimed with `for update skip locked` (several
 * instances share the queue, none sends a delivery another holds) and leased: a claimed delivery
 * falls due again only after the lease, should this instance die mid-send. A failed attempt is
 * retried after the next delay of `config.webhookRetrySeconds`; after the last one it is GIVEN_UP.
 * Deliveries of deleted subscriptions or revoked keys are given up unsent.
 */
export class WebhookSender extends PollingWorker {
  /** `contextFor` gives each batch a fresh unit of work, with the configuration. */
  constructor(private readonly contextFor: () => Pick<RequestContext, 'em' | 'config'>) {
    super({ label: 'webhook deliveries', pollMs: POLL_MS, batch: BATCH });
  }

  protected async drainOnce(): Promise<number> {
    const { em, config } = this.contextFor();
    const retries = config.webhookRetrySeconds;
    const leaseSeconds = Math.ceil((2 * config.webhookTimeoutMs) / 1000) + 30;
    // Only live subscriptions are claimed (below); what is due for the others is closed here.
    await queryRows(
      em,
      sql`
      update webhook_deliveries d set status = 'GIVEN_UP', last_error = ${'Webhook deleted or its API key revoked'}
        from webhook_subscriptions s join partner_keys k on k.id = s.partner_key_id
       where s.id = d.subscription_id and d.status in ('PENDING', 'FAILED') and d.next_attempt_at <= now()
         and (s.disabled_at is not null or k.revoked_at is not null)`,
    );
    const claimed = await queryRows<ClaimedRow>(
      em,
      sql`
      update webhook_deliveries d set attempts = d.attempts + 1, next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
        from webhook_subscriptions s
       where s.id = d.subscription_id and d.id in (
             select q.id from webhook_deliveries q
               join webhook_subscriptions qs on qs.id = q.subscription_id join partner_keys k on k.id = qs.partner_key_id
              where q.status in ('PENDING', 'FAILED') and q.next_attempt_at <= now() and qs.disabled_at is null and k.revoked_at is null
              order by q.next_attempt_at, q.id limit ${BATCH} for update of q skip locked)
      returning d.id::text id, d.payload, d.attempts, s.url, s.secret`,
    );
    // A batch goes out at once: one slow receiver delays the others by its timeout at most.
    await Promise.all(
      claimed.map(async (row) => {
        const outcome = await post(row, config.webhookTimeoutMs, config.webhookInternalTargets);
        if (outcome.ok) {
          await queryRows(
            em,
            sql`
          update webhook_deliveries set status = 'DELIVERED', delivered_at = now(), last_status_code = ${outcome.status}, last_error = null
           where id = ${row.id}::bigint`,
          );
          return;
        }
        const delay = retries[row.attempts - 1];
        if (delay === undefined) {
          await queryRows(
            em,
            sql`
          update webhook_deliveries set status = 'GIVEN_UP', last_status_code = ${outcome.status}, last_error = ${outcome.error}
           where id = ${row.id}::bigint`,
          );
          log.warn('webhook delivery given up after every attempt', {
            id: row.id,
            attempts: row.attempts,
            error: outcome.error,
          });
        } else {
          await queryRows(
            em,
            sql`
          update webhook_deliveries set status = 'FAILED', last_status_code = ${outcome.status}, last_error = ${outcome.error},
                 next_attempt_at = now() + make_interval(secs => ${delay})
           where id = ${row.id}::bigint`,
          );
          log.info('webhook delivery failed; will retry', {
            id: row.id,
            attempt: row.attempts,
            retryInSeconds: delay,
            error: outcome.error,
          });
        }
      }),
    );
    return claimed.length;
  }
}
