import { useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { Spinner } from '../../../components/Spinner';
import { usePageMeta } from '../../../components/usePageMeta';
import { errorMessage } from '../../../lib/errors';
import { PARTNER_KEYS } from './api/partner-keys.operations';
import { CreateKeyForm } from './components/CreateKeyForm';
import { PartnerKeysTable } from './components/PartnerKeysTable';
import './partners.css';

const LOAD_FAILED = 'The API keys could not be loaded.';

/** /admin/partners: partner agencies' API keys, their use, a form to create one and revocation. */
export function AdminPartnersPage() {
  usePageMeta('Partner API Keys');
  const [notice, setNotice] = useState('');
  const { data, error, refetch } = useQuery(PARTNER_KEYS, { fetchPolicy: 'cache-and-network' });
  const keys = data?.partnerKeys;

  let body;
  if (!keys && error) {
    body = (
      <div className="partners__failure" role="alert">
        <h2>Error Loading API Keys</h2>
        <p>{errorMessage(error, LOAD_FAILED)}</p>
        <button type="button" className="btn btn--primary" onClick={() => void refetch().catch(() => undefined)}>
          Try Again
        </button>
      </div>
    );
  } else if (!keys) body = <Spinner label="Loading API keys…" />;
  else if (keys.length === 0)
    body = <p className="partners__empty">No API keys yet. Create one below for a partner agency.</p>;
  else body = <PartnerKeysTable keys={keys} onRevoked={setNotice} />;

  return (
    <section className="section partners" aria-labelledby="partners-title">
      <h1 id="partners-title">Partner API Keys</h1>
      <p className="partners__lead">
        Partner agencies read the catalogue through the API with a key, sent as{' '}
        <code>Authorization: ApiKey &lt;key&gt;</code> or <code>X-Api-Key: &lt;key&gt;</code>. Counts of use reach this
        page within a few seconds; days are UTC. Send partners the <a href="/partners">partner guide</a> with their key.
      </p>
      <p className="partners__notice" role="status">
        {notice}
      </p>
      {keys && error ? (
        <p className="partners__error" role="alert">
          {errorMessage(error, LOAD_FAILED)}
        </p>
      ) : null}
      {body}
      <CreateKeyForm />
    </section>
  );
}
