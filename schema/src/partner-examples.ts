/**
 * The GraphQL operations a partner agency uses to read Tembea's availability and keep its copy of
 * the catalogue in step, with example variables. In OCTO terms: a tour is a product, a tier an
 * option, a booking type (group, private) a unit, a departure an availability. Every one works
 * without credentials and with a partner's API key alike; the server's tests run each of them.
 */
import { WEBHOOK_TOLERANCE_SECONDS } from './webhooks.js';

export interface PartnerExample {
  /** The operation's name in `query`. */
  operationName: string;
  /** What a partner does with it, in one sentence. */
  summary: string;
  query: string;
  variables: Record<string, unknown>;
}

const AVAILABILITY_FIELDS = `edges {
      cursor
      node {
        id
        tourId
        tourTitle
        startDate
        endDate
        capacity
        seatsLeft
        status
        prices { bookingType tier amount earlyBird currency }
        updatedAt
      }
    }
    pageInfo { hasNextPage endCursor }`;

/** Every departure of every tour starting in a window (here the 2027 dry season), 200 a page. */
export const AVAILABILITY_WINDOW: PartnerExample = {
  operationName: 'AvailabilityWindow',
  summary: 'Departures of every tour starting in a window of dates, with seats left, status and per-person prices.',
  query: `query AvailabilityWindow($from: String!, $to: String!, $first: Int, $after: String) {
  availability(from: $from, to: $to, first: $first, after: $after) {
    ${AVAILABILITY_FIELDS}
  }
}`,
  variables: { from: '2027-06-01', to: '2027-10-31', first: 200 },
};

/**
 * The departures of one tour, a page at a time: ask again with `after` set to the `endCursor` of
 * the previous page while `hasNextPage` is true.
 */
export const TOUR_AVAILABILITY_PAGED: PartnerExample = {
  operationName: 'TourAvailability',
  summary: 'Departures of one tour (product) in a window, paged with after = endCursor while hasNextPage.',
  query: `query TourAvailability($tourId: ID!, $from: String!, $to: String!, $first: Int, $after: String) {
  availability(tourId: $tourId, from: $from, to: $to, first: $first, after: $after) {
    ${AVAILABILITY_FIELDS}
  }
}`,
  variables: { tourId: '1', from: '2027-06-01', to: '2027-10-31', first: 20, after: null },
};

/** Departures whose seats, capacity or closing changed since the last sync. */
export const AVAILABILITY_CHANGED: PartnerExample = {
  operationName: 'AvailabilityChanged',
  summary:
    'Departures in a window whose seats, capacity or closing changed at or after updatedSince (your last sync, less a minute).',
  query: `query AvailabilityChanged($from: String!, $to: String!, $updatedSince: DateTimeISO!, $after: String) {
  availability(from: $from, to: $to, updatedSince: $updatedSince, first: 200, after: $after) {
    ${AVAILABILITY_FIELDS}
  }
}`,
  variables: { from: '2027-06-01', to: '2027-10-31', updatedSince: '2026-01-01T00:00:00Z' },
};

/** Tours added or changed since the last sync, with what a listing shows. */
export const TOURS_UPDATED_SINCE: PartnerExample = {
  operationName: 'ToursUpdatedSince',
  summary: 'Tours (products) added or changed at or after updatedSince, with their tiers (options) and booking type.',
  query: `query ToursUpdatedSince($updatedSince: DateTimeISO!, $first: Int, $after: String) {
  tours(updatedSince: $updatedSince, first: $first, after: $after) {
    edges {
      cursor
      node { id title destination durationDays durationNights capacity status tier bookingType price priceText updatedAt }
    }
    pageInfo { hasNextPage endCursor }
  }
}`,
  variables: { updatedSince: '2026-01-01T00:00:00Z', first: 100 },
};

/** The change feed: every tour changed or deleted since the last sync, in order. */
export const TOUR_CHANGES: PartnerExample = {
  operationName: 'TourChanges',
  summary:
    'Every tour (product) changed or deleted at or after since, by changedAt: apply each, keep the last changedAt.',
  query: `query TourChanges($since: DateTimeISO!, $first: Int, $after: String) {
  tourChanges(since: $since, first: $first, after: $after) {
    edges {
      cursor
      node {
        tourId
        change
        changedAt
        title
        tour { id title status tier bookingType price priceText updatedAt }
      }
    }
    pageInfo { hasNextPage endCursor }
  }
}`,
  variables: { since: '2026-01-01T00:00:00Z', first: 100 },
};

/** Every sync read, in the order a partner guide presents them. */
export const PARTNER_EXAMPLES: readonly PartnerExample[] = [
  AVAILABILITY_WINDOW,
  TOUR_AVAILABILITY_PAGED,
  AVAILABILITY_CHANGED,
  TOURS_UPDATED_SINCE,
  TOUR_CHANGES,
];

/** Which key a request is made with, and its own rate limit: the first call a partner makes. */
export const API_KEY_CHECK: PartnerExample = {
  operationName: 'ApiKeyCheck',
  summary: 'The key this request was made with: the partner it belongs to and its requests per minute.',
  query: `query ApiKeyCheck {
  apiKey { partnerName name rateLimitPerMinute }
}`,
  variables: {},
};

/** Registers a receiver of webhook events; the answer holds the signing secret, shown once. */
export const REGISTER_WEBHOOK: PartnerExample = {
  operationName: 'RegisterWebhook',
  summary: 'Registers an https URL for tour and seat changes; keep the secret in the answer, it is shown once.',
  query: `mutation RegisterWebhook($input: RegisterWebhookInput!) {
  registerWebhook(input: $input) {
    secret
    webhook { id url events createdAt }
  }
}`,
  variables: { input: { url: 'https://agency.example/tembea-webhooks', events: ['TOUR_CHANGED', 'SEATS_CHANGED'] } },
};

/** The webhooks registered with this key. */
export const LIST_WEBHOOKS: PartnerExample = {
  operationName: 'Webhooks',
  summary: "This key's webhooks, oldest first.",
  query: `query Webhooks {
  webhooks { id url events createdAt }
}`,
  variables: {},
};

/** Operations that need a partner's API key (they are about the key itself). */
export const PARTNER_KEY_EXAMPLES: readonly PartnerExample[] = [API_KEY_CHECK, REGISTER_WEBHOOK, LIST_WEBHOOKS];

/** Shell single quotes around a text (a ' inside closes, escapes and reopens them). */
function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * The curl command that runs an example against a site (`origin`, such as https://tembea.example),
 * with the key read from the TEMBEA_API_KEY environment variable.
 */
export function partnerCurl(origin: string, example: PartnerExample): string {
  const body = JSON.stringify({ query: example.query, variables: example.variables });
  return [
    `curl -s ${origin}/graphql \\`,
    `  -H 'content-type: application/json' \\`,
    `  -H "Authorization: ApiKey $TEMBEA_API_KEY" \\`,
    `  --data ${shellQuote(body)}`,
  ].join('\n');
}

/**
 * A JavaScript client a partner can copy (Node 18+ or a browser's fetch): one request, GraphQL
 * errors thrown with their code, and a 429 answer waited out as Retry-After says (four times at most).
 */
export const PARTNER_JS_CLIENT = `export async function tembea(origin, apiKey, query, variables = {}) {
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(\`\${origin}/graphql\`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: \`ApiKey \${apiKey}\` },
      body: JSON.stringify({ query, variables }),
    });
    if (res.status === 429 && attempt < 5) {
      const seconds = Number(res.headers.get('retry-after') ?? 1);
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      continue;
    }
    const body = await res.json();
    if (body.errors?.length) {
      const [first] = body.errors;
      throw Object.assign(new Error(first.message), { code: first.extensions?.code, status: res.status });
    }
    return body.data;
  }
}`;

/**
 * Webhook verification a partner can copy into Node (node:crypto): the timestamp within
 * WEBHOOK_TOLERANCE_SECONDS of the receiver's clock, and a `v1=` value of the signature header that
 * is the HMAC-SHA256 of `<timestamp>.<raw body>` under the webhook's secret. `verifyWebhook` does the
 * same with Web Crypto for those who use this package.
 */
export const PARTNER_WEBHOOK_VERIFIER = `import { createHmac, timingSafeEqual } from 'node:crypto';

export function verifyTembeaWebhook(secret, rawBody, timestamp, signature) {
  if (!timestamp || !signature || !/^\\d+$/.test(timestamp)) return false;
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > ${WEBHOOK_TOLERANCE_SECONDS}) return false;
  const expected = createHmac('sha256', secret).update(\`\${timestamp}.\${rawBody}\`).digest('hex');
  return signature.split(',').map((part) => part.trim()).filter((part) => part.startsWith('v1=')).some((part) => {
    const given = Buffer.from(part.slice(3));
    return given.length === expected.length && timingSafeEqual(given, Buffer.from(expected));
  });
}`;
