import { Link } from 'react-router-dom';
import {
  API_KEY_CHECK, PARTNER_EXAMPLES, PARTNER_JS_CLIENT, PARTNER_KEY_EXAMPLES, PARTNER_WEBHOOK_VERIFIER, WEBHOOK_ID_HEADER, WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER, WEBHOOK_TOLERANCE_SECONDS, partnerCurl, type PartnerExample,
} from '@tembea/schema';
import { usePageMeta } from '../../components/usePageMeta';
import { useSiteOrigin } from '../../components/page-meta';
import './pages.css';

/** How OCTO's terms, which channel managers know, read in Tembea's schema. */
const OCTO_TERMS = [
  { octo: 'Product', tembea: 'Tour (`tours`, `tour`, `tourChanges`)' },
  { octo: 'Option', tembea: 'Tier (`Tour.tier`, `AvailabilityPrice.tier`): budget, standard, luxury…' },
  { octo: 'Unit', tembea: 'Booking type (`AvailabilityPrice.bookingType`): group (per person, shared departure) or private' },
  { octo: 'Availability', tembea: 'Departure (`availability`): `startDate`, `seatsLeft`, `capacity`, `status`' },
  { octo: 'AVAILABLE / LIMITED / SOLD_OUT / CLOSED', tembea: 'The same four values of `DepartureStatus` (LIMITED: under half the seats left)' },
  { octo: 'Pricing (per unit)', tembea: '`prices { bookingType tier amount earlyBird currency }`: per person, in USD' },
];

const ERRORS = [
  { code: 'UNAUTHENTICATED', status: '401', when: 'the key is unknown, malformed or revoked (never served as an anonymous visitor)' },
  { code: 'FORBIDDEN', status: '403', when: 'the operation is a user\'s or an admin\'s (a key reads no account or booking)' },
  { code: 'BAD_USER_INPUT', status: '400', when: 'a wrong argument (named in `fields`), a page size out of range, a query over the depth or cost limit' },
  { code: 'NOT_FOUND', status: '200 (404 on REST)', when: 'the tour or departure does not exist' },
  { code: 'RATE_LIMITED', status: '429', when: 'over the key\'s requests per minute: wait `Retry-After` seconds' },
  { code: 'SERVICE_UNAVAILABLE / TIMEOUT', status: '503', when: 'a brief outage: try again in a few seconds' },
];

/** A text whose `quoted` parts are code. */
function WithCode({ text }: { text: string }) {
  return <>{text.split('`').map((part, i) => (i % 2 ? <code key={i}>{part}</code> : part))}</>;
}

function Code({ children, label }: { children: string; label: string }) {
  return (
    <pre className="code-block" tabIndex={0} aria-label={label}>
      <code>{children}</code>
    </pre>
  );
}

function Example({ example, origin }: { example: PartnerExample; origin: string }) {
  const variables = JSON.stringify(example.variables, null, 2);
  return (
    <article className="guide-example" aria-labelledby={`example-${example.operationName}`}>
      <h3 id={`example-${example.operationName}`}>{example.operationName}</h3>
      <p>{example.summary}</p>
      <Code label={`${example.operationName} query`}>{example.query}</Code>
      {variables !== '{}' ? <Code label={`${example.operationName} variables`}>{variables}</Code> : null}
      <details>
        <summary>As a curl command</summary>
        <Code label={`${example.operationName} with curl`}>{partnerCurl(origin, example)}</Code>
      </details>
    </article>
  );
}

/** /partners: the guide for travel agencies and channel managers that read the catalogue and availability. */
export function PartnersPage() {
  usePageMeta('Partner API', 'Read Tembea\'s tours and live departure availability over GraphQL with an API key: paging, change sync and signed webhooks.');
  const origin = useSiteOrigin();
  return (
    <div className="content-page partners-guide">
      <section className="page-hero">
        <h1>Partner API</h1>
        <p>Travel agencies and channel managers read our tours and live seat availability over GraphQL, and stay in step with change feeds and signed webhooks.</p>
      </section>

      <section className="section" aria-labelledby="keys-heading">
        <h2 id="keys-heading">Your API key</h2>
        <p>
          <Link to="/contact-us">Ask us for a key</Link>: our team creates one for your agency and sends it to you once. Send it with
          every request to <code>{origin}/graphql</code>, either as <code>Authorization: ApiKey &lt;key&gt;</code> or as{' '}
          <code>X-Api-Key: &lt;key&gt;</code>. The same key reads the REST catalogue under <code>/api/tours</code>. Developers can
          explore every type and field, each described, in Apollo Sandbox at <a href="/graphql">/graphql</a>.
        </p>
        <Code label="Check your key with curl">{partnerCurl(origin, API_KEY_CHECK)}</Code>
        <p>From JavaScript (Node 18 or later, or a browser), with this small client:</p>
        <Code label="JavaScript client">{PARTNER_JS_CLIENT}</Code>
        <Code label="Using the JavaScript client">{`const data = await tembea('${origin}', process.env.TEMBEA_API_KEY, \`${API_KEY_CHECK.query}\`);`}</Code>
      </section>

      <section className="section" aria-labelledby="limits-heading">
        <h2 id="limits-heading">Limits and errors</h2>
        <ul className="policy-list">
          <li>Each key has its own limit of requests a minute (1,200 unless agreed otherwise; <code>apiKey &#123; rateLimitPerMinute &#125;</code> tells yours). Without a key the catalogue is open at a lower limit per address.</li>
          <li>One operation per request, at most 10 levels deep and 30 aliases. Pages of <code>availability</code> and <code>tourChanges</code> hold 1 to 200 items (default 50); other lists 1 to 100 (default 20).</li>
          <li>Errors come in <code>errors[0].extensions.code</code>, with a message a person can read:</li>
        </ul>
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Error codes">
          <table className="guide-table">
            <thead><tr><th scope="col">Code</th><th scope="col">HTTP status</th><th scope="col">When</th></tr></thead>
            <tbody>
              {ERRORS.map((e) => <tr key={e.code}><td><code>{e.code}</code></td><td>{e.status}</td><td><WithCode text={e.when} /></td></tr>)}
            </tbody>
          </table>
        </div>
      </section>

      <section className="section" aria-labelledby="paging-heading">
        <h2 id="paging-heading">Paging and keeping in sync</h2>
        <p>
          Lists are cursor-paged with no cap on the total: ask again with <code>after</code> set to the previous page&apos;s{' '}
          <code>pageInfo.endCursor</code> while <code>hasNextPage</code> is true. To stay in step, remember when you last synced and
          ask for what changed since then (less a minute, to cover clocks and transactions in flight): <code>tourChanges(since)</code> lists
          every tour changed or deleted, in order; <code>tours(updatedSince)</code> and <code>availability(updatedSince)</code> filter the
          usual reads.
        </p>
      </section>

      <section className="section" aria-labelledby="octo-heading">
        <h2 id="octo-heading">If you know OCTO</h2>
        <div className="table-scroll" tabIndex={0} role="region" aria-label="OCTO terms in Tembea">
          <table className="guide-table">
            <thead><tr><th scope="col">OCTO</th><th scope="col">Tembea</th></tr></thead>
            <tbody>{OCTO_TERMS.map((t) => <tr key={t.octo}><td>{t.octo}</td><td><WithCode text={t.tembea} /></td></tr>)}</tbody>
          </table>
        </div>
      </section>

      <section className="section" aria-labelledby="examples-heading">
        <h2 id="examples-heading">Example operations</h2>
        <p>Each of these runs as written against our tests before every release.</p>
        {PARTNER_EXAMPLES.map((ex) => <Example key={ex.operationName} example={ex} origin={origin} />)}
        {PARTNER_KEY_EXAMPLES.filter((ex) => ex !== API_KEY_CHECK).map((ex) => <Example key={ex.operationName} example={ex} origin={origin} />)}
      </section>

      <section className="section" aria-labelledby="webhooks-heading">
        <h2 id="webhooks-heading">Webhooks</h2>
        <p>
          Register the public https URL of your receiver with <code>registerWebhook</code> for <code>TOUR_CHANGED</code> (a tour
          created, updated or deleted) and <code>SEATS_CHANGED</code> (a departure&apos;s seats left or closing changed). Each delivery is a
          JSON POST carrying <code>{WEBHOOK_ID_HEADER}</code> (the same on every retry: ignore repeats), <code>{WEBHOOK_TIMESTAMP_HEADER}</code>{' '}
          and <code>{WEBHOOK_SIGNATURE_HEADER}: v1=&lt;hex HMAC-SHA256 of &quot;timestamp.body&quot;&gt;</code> under the secret you were given.
          Answer any 2xx within 10 seconds; anything else is retried after 30 s, 2 min, 10 min, 1 h and 6 h, then given up.
        </p>
        <p>Verify against the raw body, before parsing it, and refuse a timestamp more than {WEBHOOK_TOLERANCE_SECONDS / 60} minutes from your clock:</p>
        <Code label="Verifying a webhook">{PARTNER_WEBHOOK_VERIFIER}</Code>
      </section>
    </div>
  );
}
