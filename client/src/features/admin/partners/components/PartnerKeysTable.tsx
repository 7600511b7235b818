import { useRef, useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { ConfirmDialog } from '../../../../components/Dialog';
import { errorMessage } from '../../../../lib/errors';
import { formatDay } from '../../../../lib/format';
import type { PartnerKeyFieldsFragment } from '../../../../gql/admin/graphql';
import { REVOKE_PARTNER_KEY } from '../api/partner-keys.operations';

type Key = PartnerKeyFieldsFragment;

function formatMoment(iso: string | null): string {
  if (!iso) return 'Never';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}

const count = (n: number) => n.toLocaleString('en-US');

/** A key's use over the last 14 days, a day a row; days without requests are not listed. */
function RecentUse({ k }: { k: Key }) {
  if (!k.usage.length) return <span className="partners__muted">No use in the last 14 days</span>;
  return (
    <details className="partners__usage">
      <summary>
        {k.usage.length} day{k.usage.length === 1 ? '' : 's'} with use{' '}
        <span className="visually-hidden">
          for {k.partnerName} {k.name}
        </span>
      </summary>
      <table className="partners__usage-table">
        <caption className="visually-hidden">
          Daily use of {k.partnerName} {k.name} (UTC days)
        </caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Requests</th>
            <th scope="col">Refused</th>
          </tr>
        </thead>
        <tbody>
          {k.usage.map((d) => (
            <tr key={d.day}>
              <td>{formatDay(d.day)}</td>
              <td>{count(d.requests)}</td>
              <td>{count(d.refusals)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/** Every API key with its status, limit, dates and use; active keys can be revoked after a confirmation. */
export function PartnerKeysTable({ keys, onRevoked }: { keys: Key[]; onRevoked: (message: string) => void }) {
  const [asking, setAsking] = useState<Key | null>(null);
  const [failure, setFailure] = useState('');
  const [revoke, { loading }] = useMutation(REVOKE_PARTNER_KEY);
  const tableRef = useRef<HTMLDivElement>(null);

  const confirm = async () => {
    if (!asking) return;
    setFailure('');
    try {
      await revoke({ variables: { id: asking.id } });
      onRevoked(`Revoked ${asking.partnerName} (${asking.name}): requests with this key are refused from now on.`);
      setAsking(null);
      // The dialog gives focus back to the Revoke button, which a revoked key no longer has: the
      // table takes it rather than the page.
      requestAnimationFrame(() => {
        if (!tableRef.current?.contains(document.activeElement)) tableRef.current?.focus();
      });
    } catch (e) {
      setFailure(errorMessage(e, 'The key could not be revoked. Please try again.'));
    }
  };

  return (
    <>
      <div className="partners__scroll" ref={tableRef} tabIndex={-1}>
        <table className="partners__table">
          <caption className="visually-hidden">API keys</caption>
          <thead>
            <tr>
              <th scope="col">Partner</th>
              <th scope="col">Key</th>
              <th scope="col">Status</th>
              <th scope="col">Limit</th>
              <th scope="col">Created</th>
              <th scope="col">Last used</th>
              <th scope="col">Today</th>
              <th scope="col">Recent use</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {keys.map((k) => (
              <tr key={k.id} data-testid="key-row" data-key-id={k.id}>
                <td className="partners__strong">{k.partnerName}</td>
                <td>
                  {k.name}
                  <code className="partners__sub">{k.keyPrefix}…</code>
                </td>
                <td>
                  <span
                    className={`badge partners__status partners__status--${k.status.toLowerCase()}`}
                    data-testid="key-status"
                  >
                    {k.status === 'ACTIVE' ? 'Active' : 'Revoked'}
                  </span>
                  {k.revokedAt ? <span className="partners__sub">{formatMoment(k.revokedAt)}</span> : null}
                </td>
                <td className="partners__nowrap">
                  {count(k.rateLimitPerMinute)}/min
                  {k.usesDefaultRateLimit ? <span className="partners__sub">default</span> : null}
                </td>
                <td className="partners__nowrap">{formatMoment(k.createdAt)}</td>
                <td className="partners__nowrap">{formatMoment(k.lastUsedAt)}</td>
                <td className="partners__nowrap" data-testid="key-today">
                  {count(k.requestsToday)} requests
                  <span className="partners__sub">{count(k.refusalsToday)} refused</span>
                </td>
                <td>
                  <RecentUse k={k} />
                </td>
                <td>
                  {k.status === 'ACTIVE' ? (
                    <button
                      type="button"
                      className="btn btn--danger partners__action"
                      onClick={() => {
                        setFailure('');
                        setAsking(k);
                      }}
                    >
                      Revoke{' '}
                      <span className="visually-hidden">
                        {k.partnerName} {k.name}
                      </span>
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ConfirmDialog
        open={!!asking}
        title="Revoke API key"
        message={
          asking
            ? `Revoke the key ${asking.keyPrefix}… (${asking.name}) of ${asking.partnerName}? Every request with it will be refused. This cannot be undone.`
            : ''
        }
        confirmLabel="Yes, revoke"
        danger
        busy={loading}
        error={failure || undefined}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(null)}
      />
    </>
  );
}
