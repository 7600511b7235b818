/**
 * Partner webhooks: the events, the registration rules and the signature every delivery carries.
 * Signing and verifying use Web Crypto (globalThis.crypto.subtle), present in Node 20+, browsers,
 * Deno and edge runtimes, so a partner's JavaScript can verify with this very function.
 */
import { hasControlCharacters } from './validation.js';

/** What a subscription can listen to. */
export const WEBHOOK_EVENTS = ['TOUR_CHANGED', 'SEATS_CHANGED'] as const;
export type WebhookEventName = (typeof WEBHOOK_EVENTS)[number];

/** The state of one delivery: waiting, sent (a 2xx answer), last attempt failed (a retry is due), or abandoned. */
export const WEBHOOK_DELIVERY_STATUSES = ['PENDING', 'DELIVERED', 'FAILED', 'GIVEN_UP'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** Headers of every delivery. */
export const WEBHOOK_ID_HEADER = 'Tembea-Webhook-Id';
export const WEBHOOK_TIMESTAMP_HEADER = 'Tembea-Webhook-Timestamp';
export const WEBHOOK_SIGNATURE_HEADER = 'Tembea-Signature';

/** A delivery whose timestamp is further than this from the receiver's clock is refused (replay). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
export const WEBHOOK_URL_MAX = 2000;

/** Body of TOUR_CHANGED: a tour was created or updated (UPDATED) or deleted (DELETED); read it again. */
export interface TourChangedPayload {
  event: 'TOUR_CHANGED';
  tourId: string;
  change: 'UPDATED' | 'DELETED';
  occurredAt: string;
}

/** Body of SEATS_CHANGED: a departure's seats left or closed flag changed (0 seats left while closed). */
export interface SeatsChangedPayload {
  event: 'SEATS_CHANGED';
  departureId: string;
  tourId: string;
  startDate: string;
  seatsLeft: number;
  closed: boolean;
  occurredAt: string;
}

export type WebhookPayload = TourChangedPayload | SeatsChangedPayload;

export interface WebhookFieldError {
  field: 'url' | 'events';
  message: string;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Why a receiver URL is refused, or null: an absolute https URL (http only for localhost,
 * 127.0.0.1 and ::1, for a partner's own testing), without user name or password, at most
 * WEBHOOK_URL_MAX characters.
 */
export function webhookUrlError(raw: string): string | null {
  const url = raw.trim();
  if (!url) return 'Enter the URL that receives the webhooks';
  if (url.length > WEBHOOK_URL_MAX) return `The URL must be at most ${WEBHOOK_URL_MAX} characters`;
  // The URL parser would quietly encode them, but the address is stored and shown as typed.
  if (hasControlCharacters(url)) return 'The URL must not contain control characters';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'Enter a full URL such as https://agency.example/tembea-webhooks';
  }
  if (parsed.protocol === 'http:' && !LOCAL_HOSTS.has(parsed.hostname)) {
    return 'The URL must use https (http is accepted only for localhost)';
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return 'The URL must use https';
  if (!parsed.hostname) return 'The URL must name a host';
  if (parsed.username || parsed.password) return 'The URL must not contain a user name or password';
  return null;
}

/** The failing fields of a registration: a valid URL and one or more known events, none twice. */
export function validateWebhookInput(input: { url: string; events: readonly string[] }): WebhookFieldError[] {
  const errors: WebhookFieldError[] = [];
  const urlError = webhookUrlError(input.url ?? '');
  if (urlError) errors.push({ field: 'url', message: urlError });
  const events = input.events ?? [];
  if (!events.length)
    errors.push({ field: 'events', message: `Choose at least one event: ${WEBHOOK_EVENTS.join(', ')}` });
  const unknown = events.filter((e) => !(WEBHOOK_EVENTS as readonly string[]).includes(e));
  if (unknown.length)
    errors.push({ field: 'events', message: `Unknown event ${unknown[0]}: use ${WEBHOOK_EVENTS.join(' or ')}` });
  else if (new Set(events).size !== events.length) errors.push({ field: 'events', message: 'List each event once' });
  return errors;
}

function hex(bytes: ArrayBuffer): string {
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Hex HMAC-SHA256 of `<timestamp>.<body>` with the subscription's secret. */
export async function webhookSignature(secret: string, timestamp: number | string, body: string): Promise<string> {
  const enc = new TextEncoder();
  const key = await globalThis.crypto.subtle.importKey(
    'raw',
    enc.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return hex(await globalThis.crypto.subtle.sign('HMAC', key, enc.encode(`${timestamp}.${body}`)));
}

/** The Tembea-Signature header of a body sent at `timestamp` (unix seconds): `v1=<hex>`. */
export async function signatureHeader(secret: string, timestamp: number, body: string): Promise<string> {
  return `v1=${await webhookSignature(secret, timestamp, body)}`;
}

/** Compares in time independent of where the strings first differ. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

export type WebhookVerification =
  { ok: true } | { ok: false; reason: 'MISSING_HEADER' | 'BAD_TIMESTAMP' | 'TOO_OLD' | 'BAD_SIGNATURE' };

/**
 * Checks a received delivery: `body` is the raw request body exactly as received (before any JSON
 * parsing), the headers as sent. It passes when the timestamp is within `toleranceSeconds` of
 * `nowSeconds` (a replayed old delivery fails) and one `v1=` value of the signature header is the
 * HMAC of `<timestamp>.<body>` under the secret.
 */
export async function verifyWebhook(input: {
  secret: string;
  body: string;
  timestamp: string | null | undefined;
  signature: string | null | undefined;
  nowSeconds?: number;
  toleranceSeconds?: number;
}): Promise<WebhookVerification> {
  const { secret, body, timestamp, signature } = input;
  if (!timestamp || !signature) return { ok: false, reason: 'MISSING_HEADER' };
  if (!/^\d{1,12}$/.test(timestamp.trim())) return { ok: false, reason: 'BAD_TIMESTAMP' };
  const now = input.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - Number(timestamp.trim())) > (input.toleranceSeconds ?? WEBHOOK_TOLERANCE_SECONDS))
    return { ok: false, reason: 'TOO_OLD' };
  const expected = await webhookSignature(secret, timestamp.trim(), body);
  const given = signature
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p.startsWith('v1='))
    .map((p) => p.slice(3).toLowerCase());
  return given.some((g) => sameText(g, expected)) ? { ok: true } : { ok: false, reason: 'BAD_SIGNATURE' };
}
