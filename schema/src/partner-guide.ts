/**
 * The prose of the partner guide that is not an example operation: its limits, error codes,
 * paging advice, OCTO terms and webhook rules. The site's /partners page and docs/partners.md
 * (written by scripts/partner-docs.mjs) both render these, so the two never say different things.
 * In every text, a part between backquotes is code.
 */
import {
  WEBHOOK_ID_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
  WEBHOOK_TOLERANCE_SECONDS,
} from './webhooks.js';

/** How OCTO's terms, which channel managers know, read in Tembea's schema. */
export const PARTNER_OCTO_TERMS: readonly { octo: string; tembea: string }[] = [
  { octo: 'Product', tembea: 'Tour (`tours`, `tour`, `tourChanges`)' },
  { octo: 'Option', tembea: 'Tier (`Tour.tier`, `AvailabilityPrice.tier`): budget, standard, luxury…' },
  {
    octo: 'Unit',
    tembea: 'Booking type (`AvailabilityPrice.bookingType`): group (per person, shared departure) or private',
  },
  { octo: 'Availability', tembea: 'Departure (`availability`): `startDate`, `seatsLeft`, `capacity`, `status`' },
  {
    octo: 'AVAILABLE / LIMITED / SOLD_OUT / CLOSED',
    tembea: 'The same four values of `AvailabilityStatus` (LIMITED: under half the seats left)',
  },
  { octo: 'Pricing (per unit)', tembea: '`prices { bookingType tier amount earlyBird currency }`: per person, in USD' },
];

/** The error codes a partner meets, with their HTTP status and when each comes. */
export const PARTNER_ERROR_CODES: readonly { code: string; status: string; when: string }[] = [
  {
    code: 'UNAUTHENTICATED',
    status: '401',
    when: 'the key is unknown, malformed or revoked (never served as an anonymous visitor)',
  },
  {
    code: 'FORBIDDEN',
    status: '200 (403 on REST)',
    when: "the operation is a user's or an admin's (a key reads no account or booking)",
  },
  {
    code: 'BAD_USER_INPUT',
    status: '400',
    when: 'refused before it runs: a page size out of range, a query over the depth or cost limit',
  },
  { code: 'BAD_USER_INPUT', status: '200 (400 on REST)', when: 'a wrong argument, named in `fields`' },
  { code: 'NOT_FOUND', status: '200 (404 on REST)', when: 'the tour or departure does not exist' },
  { code: 'RATE_LIMITED', status: '429', when: "over the key's requests per minute: wait `Retry-After` seconds" },
  { code: 'SERVICE_UNAVAILABLE / TIMEOUT', status: '503', when: 'a brief outage: try again in a few seconds' },
];

/** The limits a key meets; the last item introduces the table of error codes. */
export const PARTNER_LIMITS: readonly string[] = [
  'Each key has its own limit of requests a minute (1,200 unless agreed otherwise; `apiKey { rateLimitPerMinute }` tells yours). Without a key the catalogue is open at a lower limit per address.',
  'One operation per request, at most 10 levels deep and 30 aliases. Pages of `availability` and `tourChanges` hold 1 to 200 items (default 50); other lists 1 to 100 (default 20).',
  'Errors come in `errors[0].extensions.code`, with a message a person can read. An error met while the operation runs comes with HTTP 200, as GraphQL over HTTP does: read `errors`, not only the status.',
];

/** What introduces the JavaScript client: where it runs, and what a web page needs to call from its own origin. */
export const PARTNER_JS_CLIENT_INTRO =
  'From JavaScript (Node 18 or later, or a web page whose origin the operator has allowed: ask us to add it), with this small client:';

/** How to page through a list and stay in step with the catalogue. */
export const PARTNER_PAGING =
  "GraphQL lists are cursor-paged with no cap on the total: ask again with `after` set to the previous page's " +
  '`pageInfo.endCursor` while `hasNextPage` is true. (The REST list `/api/tours` answers at most `limit` tours, ' +
  '1 to 1,000, with no cursor: read a larger catalogue through GraphQL.) To stay in step, remember when you last synced and ' +
  'ask for what changed since then (less a minute, to cover clocks and transactions in flight): `tourChanges(since)` lists ' +
  'every tour changed or deleted, in order; `tours(updatedSince)` and `availability(updatedSince)` filter the ' +
  'usual reads.';

/** What a webhook receiver gets, and how it answers. */
export const PARTNER_WEBHOOKS =
  'Register the public https URL of your receiver with `registerWebhook` for `TOUR_CHANGED` (a tour ' +
  "created, updated or deleted) and `SEATS_CHANGED` (a departure's seats left or closing changed). Each delivery is a " +
  `JSON POST carrying \`${WEBHOOK_ID_HEADER}\` (the same on every retry: ignore repeats), \`${WEBHOOK_TIMESTAMP_HEADER}\` ` +
  `and \`${WEBHOOK_SIGNATURE_HEADER}: v1=<hex HMAC-SHA256 of "timestamp.body">\` under the secret you were given ` +
  '(`secret` in the `RegisterWebhookPayload`, shown that once). ' +
  'Answer any 2xx within 10 seconds; anything else is retried after 30 s, 2 min, 10 min, 1 h and 6 h, then given up. ' +
  '`deleteWebhook(id)` stops a webhook; its `DeleteWebhookPayload` gives back the `deletedWebhookId`.';

/** What the receiver checks before it trusts a delivery (the verifier follows it). */
export const PARTNER_WEBHOOK_CHECK = `Verify against the raw body, before parsing it, and refuse a timestamp more than ${WEBHOOK_TOLERANCE_SECONDS / 60} minutes from your clock:`;

/** The line showing the JavaScript client in use: it checks the key (`API_KEY_CHECK`'s query). */
export function partnerJsCall(origin: string, query: string): string {
  return `const data = await tembea('${origin}', process.env.TEMBEA_API_KEY, \`${query}\`);`;
}
