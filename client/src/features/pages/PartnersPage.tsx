import { Link } from 'react-router-dom';
import {
  API_KEY_CHECK,
  PARTNER_ERROR_CODES,
  PARTNER_EXAMPLES,
  PARTNER_JS_CLIENT,
  PARTNER_KEY_EXAMPLES,
  PARTNER_LIMITS,
  PARTNER_OCTO_TERMS,
  PARTNER_PAGING,
  PARTNER_WEBHOOK_CHECK,
  PARTNER_WEBHOOK_VERIFIER,
  PARTNER_WEBHOOKS,
  partnerCurl,
  partnerJsCall,
  type PartnerExample,
  PARTNER_JS_CLIENT_INTRO,
} from '@tembea/schema';
import { usePageMeta } from '../../components/usePageMeta';
import { useSiteOrigin } from '../../components/page-meta';
import './pages.css';

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
  usePageMeta(
    'Partner API',
    "Read Tembea's tours and live departure availability over GraphQL with an API key: paging, change sync and signed webhooks.",
  );
  const origin = useSiteOrigin();
  return (
    <div className="content-page partners-guide">
      <section className="page-hero">
        <h1>Partner API</h1>
        <p>
          Travel agencies and channel managers read our tours and live seat availability over GraphQL, and stay in step
          with change feeds and signed webhooks.
        </p>
      </section>

      <section className="section" aria-labelledby="keys-heading">
        <h2 id="keys-heading">Your API key</h2>
        <p>
          <Link to="/contact-us">Ask us for a key</Link>: our team creates one for your agency and sends it to you once.
          Send it with every request to <code>{origin}/graphql</code>, either as{' '}
          <code>Authorization: ApiKey &lt;key&gt;</code> or as <code>X-Api-Key: &lt;key&gt;</code>. The same key reads
          the REST catalogue under <code>/api/tours</code>. Developers can explore every type and field, each described,
          in Apollo Sandbox at <a href="/graphql">/graphql</a>.
        </p>
        <Code label="Check your key with curl">{partnerCurl(origin, API_KEY_CHECK)}</Code>
        <p>{PARTNER_JS_CLIENT_INTRO}</p>
        <Code label="JavaScript client">{PARTNER_JS_CLIENT}</Code>
        <Code label="Using the JavaScript client">{partnerJsCall(origin, API_KEY_CHECK.query)}</Code>
      </section>

      <section className="section" aria-labelledby="limits-heading">
        <h2 id="limits-heading">Limits and errors</h2>
        <ul className="policy-list">
          {PARTNER_LIMITS.map((text) => (
            <li key={text}>
              <WithCode text={text} />
            </li>
          ))}
        </ul>
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Error codes">
          <table className="guide-table">
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">HTTP status</th>
                <th scope="col">When</th>
              </tr>
            </thead>
            <tbody>
              {PARTNER_ERROR_CODES.map((e) => (
                <tr key={`${e.code} ${e.status}`}>
                  <td>
                    <code>{e.code}</code>
                  </td>
                  <td>{e.status}</td>
                  <td>
                    <WithCode text={e.when} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section className="section" aria-labelledby="paging-heading">
        <h2 id="paging-heading">Paging and keeping in sync</h2>
        <p>
          <WithCode text={PARTNER_PAGING} />
        </p>
      </section>

      <section className="section" aria-labelledby="octo-heading">
        <h2 id="octo-heading">If you know OCTO</h2>
        <div className="table-scroll" tabIndex={0} role="region" aria-label="OCTO terms in Tembea">
          <table className="guide-table">
            <thead>
              <tr>
                <th scope="col">OCTO</th>
                <th scope="col">Tembea</th>
              </tr>
            </thead>
            <tbody>
              {PARTNER_OCTO_TERMS.map((t) => (
                <tr key={t.octo}>
                  <td>{t.octo}</td>
                  <td>
                    <WithCode text={t.tembea} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section className="section" aria-labelledby="examples-heading">
        <h2 id="examples-heading">Example operations</h2>
        <p>Each of these runs as written against our tests before every release.</p>
        {PARTNER_EXAMPLES.map((ex) => (
          <Example key={ex.operationName} example={ex} origin={origin} />
        ))}
        {PARTNER_KEY_EXAMPLES.filter((ex) => ex !== API_KEY_CHECK).map((ex) => (
          <Example key={ex.operationName} example={ex} origin={origin} />
        ))}
      </section>

      <section className="section" aria-labelledby="webhooks-heading">
        <h2 id="webhooks-heading">Webhooks</h2>
        <p>
          <WithCode text={PARTNER_WEBHOOKS} />
        </p>
        <p>{PARTNER_WEBHOOK_CHECK}</p>
        <Code label="Verifying a webhook">{PARTNER_WEBHOOK_VERIFIER}</Code>
      </section>
    </div>
  );
}
