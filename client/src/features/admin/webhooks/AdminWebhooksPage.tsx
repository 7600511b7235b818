import { useId } from 'react';
import { useSearchParams } from 'react-router-dom';
import { NetworkStatus } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { WEBHOOK_DELIVERY_STATUSES, type WebhookDeliveryStatus } from '@tembea/schema';
import { AdminTable } from '../shared/AdminTable';
import { Spinner } from '../../../components/Spinner';
import { usePageMeta } from '../../../components/usePageMeta';
import type { AdminWebhookDeliveriesQuery } from '../../../gql/admin/graphql';
import { errorMessage } from '../../../lib/errors';
import { formatMoment } from '../../../lib/format';
import { WEBHOOK_DELIVERIES } from './api/admin-webhooks.operations';
import { LoadMore } from '../shared/LoadMore';
import './admin-webhooks.css';

export const PAGE_SIZE = 25;
const FETCH_FAILED = 'The webhook deliveries could not be loaded.';
const COLUMNS = [
  'Event',
  'Partner and URL',
  'Status',
  'Attempts',
  'Last answer',
  'Queued',
  'Delivered or next attempt',
];

type Delivery = AdminWebhookDeliveriesQuery['webhookDeliveries']['nodes'][number];

export const STATUS_TEXT: Record<WebhookDeliveryStatus, string> = {
  PENDING: 'Pending',
  DELIVERED: 'Delivered',
  FAILED: 'Failed, will retry',
  GIVEN_UP: 'Given up',
};

/** The status kept in the address (?status=), so a filtered list can be linked; an unknown one is dropped. */
function statusFromParams(p: URLSearchParams): WebhookDeliveryStatus | '' {
  const s = p.get('status') ?? '';
  return (WEBHOOK_DELIVERY_STATUSES as readonly string[]).includes(s) ? (s as WebhookDeliveryStatus) : '';
}

/** Why the last attempt failed, else the status that accepted it; a dash before any attempt. */
function lastAnswer(d: Delivery): string {
  if (d.lastError) return d.lastError;
  return d.lastStatusCode ? `HTTP ${d.lastStatusCode}` : '—';
}

function Row({ d }: { d: Delivery }) {
  const status = d.status as WebhookDeliveryStatus;
  return (
    <tr data-testid="delivery-row" data-delivery-id={d.id}>
      <td>
        {d.event}
        <span className="admin-webhooks__sub">#{d.id}</span>
      </td>
      <td>
        {d.partnerName}
        <span className="admin-webhooks__sub">{d.url}</span>
      </td>
      <td>
        <span
          data-testid="delivery-status"
          className={`admin-webhooks__status admin-webhooks__status--${status.toLowerCase()}`}
        >
          {STATUS_TEXT[status] ?? d.status}
        </span>
      </td>
      <td>{d.attempts}</td>
      <td>{lastAnswer(d)}</td>
      <td>{formatMoment(d.createdAt)}</td>
      <td>
        {d.deliveredAt ? formatMoment(d.deliveredAt) : d.nextAttemptAt ? `Next: ${formatMoment(d.nextAttemptAt)}` : '—'}
      </td>
    </tr>
  );
}

/** 'Error Loading Webhook Deliveries' with the reason and Try Again. */
function DeliveriesError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="admin-webhooks__failure" role="alert">
      <h2>Error Loading Webhook Deliveries</h2>
      <p>{message}</p>
      <button type="button" className="btn btn--primary" onClick={onRetry}>
        Try Again
      </button>
    </div>
  );
}

/** /admin/webhooks: every delivery of partners' webhooks with its outcome, newest first, filtered by status. */
export function AdminWebhooksPage() {
  usePageMeta('Webhook deliveries');
  const statusId = useId();
  const [params, setParams] = useSearchParams();
  const status = statusFromParams(params);
  const { data, error, refetch, fetchMore, networkStatus } = useQuery(WEBHOOK_DELIVERIES, {
    variables: { first: PAGE_SIZE, ...(status ? { status } : {}) },
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const page = data?.webhookDeliveries;
  const retry = () => void refetch().catch(() => undefined);

  const loadMore = () => {
    if (!page?.pageInfo.endCursor) return;
    // The cache's field policy appends the page (lib/paging.ts).
    void fetchMore({ variables: { after: page.pageInfo.endCursor } }).catch(() => undefined);
  };

  let body;
  if (!page && error) body = <DeliveriesError message={errorMessage(error, FETCH_FAILED)} onRetry={retry} />;
  else if (!page) body = <Spinner label="Loading webhook deliveries…" />;
  else if (page.nodes.length === 0) {
    body = (
      <p className="admin-webhooks__empty">
        {status ? `No ${STATUS_TEXT[status].toLowerCase()} deliveries.` : 'No webhook deliveries yet.'}
      </p>
    );
  } else {
    body = (
      <>
        <p className="admin-webhooks__count" data-testid="deliveries-count">
          Showing {page.nodes.length} of {page.totalCount} deliveries
        </p>
        <AdminTable
          caption="Webhook deliveries"
          columns={COLUMNS}
          classes={{ wrap: 'admin-webhooks__scroll', table: 'admin-webhooks__table' }}
        >
          {page.nodes.map((d) => (
            <Row key={d.id} d={d} />
          ))}
        </AdminTable>
        <LoadMore
          className="admin-webhooks__more"
          hasMore={page.pageInfo.hasNextPage}
          loading={networkStatus === NetworkStatus.fetchMore}
          onLoadMore={loadMore}
        />
      </>
    );
  }

  return (
    <section className="section admin-webhooks" aria-labelledby="admin-webhooks-title">
      <h1 id="admin-webhooks-title">Webhook deliveries</h1>
      <p className="admin-webhooks__lead">
        Events sent to partner agencies&apos; webhooks. A failed delivery is retried with growing delays (by default 30
        seconds, 2 minutes, 10 minutes, 1 hour and 6 hours), then given up.
      </p>
      <form
        className="admin-webhooks__filter"
        role="search"
        aria-label="Filter deliveries"
        onSubmit={(e) => e.preventDefault()}
      >
        <div className="form-field">
          <label htmlFor={statusId}>Status</label>
          <select
            id={statusId}
            value={status}
            onChange={(e) => setParams(e.target.value ? { status: e.target.value } : {}, { replace: true })}
          >
            <option value="">All statuses</option>
            {WEBHOOK_DELIVERY_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_TEXT[s]}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="btn btn--secondary" onClick={retry}>
          Refresh
        </button>
      </form>
      {page && error ? (
        <p className="admin-webhooks__error" role="alert">
          {errorMessage(error, FETCH_FAILED)}
        </p>
      ) : null}
      {body}
    </section>
  );
}
