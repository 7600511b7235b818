import { useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { NetworkStatus } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { isIsoDay } from '@tembea/schema';
import { TextField } from '../../../components/FormField';
import { Spinner } from '../../../components/Spinner';
import { usePageMeta } from '../../../components/usePageMeta';
import type { PaymentKind, PaymentMethod } from '../../../gql/admin/graphql';
import { errorMessage } from '../../../lib/errors';
import { PAYMENT_KIND_LABELS, PAYMENT_METHODS, methodLabel } from '../../../lib/money';
import { ADMIN_PAYMENTS, PAYMENT_TOTALS } from './api/payments.operations';
import { BalancesPanel } from './components/BalancesPanel';
import { LedgerTable } from './components/LedgerTable';
import { TotalsTable } from './components/TotalsTable';
import { downloadLedger } from './lib/ledger-csv';
import { totalsCaption, totalsPeriod } from './lib/totals-period';
import './payments.css';

export const PAGE_SIZE = 50;
export const LEDGER_FAILED = 'Failed to fetch the payments.';
export const CSV_FAILED = 'Failed to download the payments.';

interface LedgerFilter {
  from: string;
  to: string;
  method: string;
  kind: string;
}

/** The filter kept in the address (?from=&to=&method=&kind=); unreadable values are dropped. */
export function ledgerFilterFromParams(p: URLSearchParams): LedgerFilter {
  const day = (k: string) => (isIsoDay(p.get(k) ?? '') ? p.get(k)! : '');
  const method = p.get('method') ?? '';
  const kind = p.get('kind') ?? '';
  return {
    from: day('from'),
    to: day('to'),
    method: (PAYMENT_METHODS as string[]).includes(method) ? method : '',
    kind: kind in PAYMENT_KIND_LABELS ? kind : '',
  };
}

function filterInput(f: LedgerFilter) {
  return {
    ...(f.from ? { from: f.from } : {}),
    ...(f.to ? { to: f.to } : {}),
    ...(f.method ? { method: f.method as PaymentMethod } : {}),
    ...(f.kind ? { kind: f.kind as PaymentKind } : {}),
  };
}

function LedgerFilters({ value, onChange }: { value: LedgerFilter; onChange: (f: LedgerFilter) => void }) {
  const methodId = useId();
  const kindId = useId();
  const set = (k: keyof LedgerFilter) => (v: string) => onChange({ ...value, [k]: v });
  return (
    <form
      className="admin-payments__panel admin-payments__form"
      role="search"
      aria-label="Filter payments"
      onSubmit={(e) => e.preventDefault()}
    >
      <TextField
        label="Received from"
        type="date"
        value={value.from}
        max={value.to || undefined}
        onChange={(e) => set('from')(e.target.value)}
      />
      <TextField
        label="Received until"
        type="date"
        value={value.to}
        min={value.from || undefined}
        onChange={(e) => set('to')(e.target.value)}
      />
      <div className="form-field">
        <label htmlFor={methodId}>Method</label>
        <select id={methodId} value={value.method} onChange={(e) => set('method')(e.target.value)}>
          <option value="">All methods</option>
          {PAYMENT_METHODS.map((m) => (
            <option key={m} value={m}>
              {methodLabel(m)}
            </option>
          ))}
        </select>
      </div>
      <div className="form-field">
        <label htmlFor={kindId}>Kind</label>
        <select id={kindId} value={value.kind} onChange={(e) => set('kind')(e.target.value)}>
          <option value="">All kinds</option>
          {Object.entries(PAYMENT_KIND_LABELS).map(([k, label]) => (
            <option key={k} value={k}>
              {label}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}

/** The ledger as CSV for the accountant, with the same filter. */
function CsvDownload({ filter }: { filter: LedgerFilter }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    setSaved(null);
    try {
      setSaved(await downloadLedger(filter));
    } catch (e) {
      setError(`${CSV_FAILED} ${errorMessage(e, '')}`.trim());
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      <button type="button" className="btn btn--secondary" onClick={() => void download()} disabled={busy}>
        {busy ? 'Preparing...' : 'Export CSV'}
      </button>
      {error ? (
        <p className="admin-payments__error" role="alert">
          {error}
        </p>
      ) : null}
      <p className="admin-payments__ok" role="status">
        {saved ? `Downloaded ${saved}.` : ''}
      </p>
    </div>
  );
}

/** /admin/payments: the ledger with its totals per day and method, the balances to chase, and the CSV export. */
export function AdminPaymentsPage() {
  usePageMeta('Payments');
  const [params, setParams] = useSearchParams();
  const filter = ledgerFilterFromParams(params);
  const ledger = useQuery(ADMIN_PAYMENTS, {
    variables: { filter: filterInput(filter), first: PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const period = totalsPeriod(filter);
  const totals = useQuery(PAYMENT_TOTALS, {
    variables: {
      ...period,
      ...(filter.method ? { method: filter.method as PaymentMethod } : {}),
      ...(filter.kind ? { kind: filter.kind as PaymentKind } : {}),
    },
    fetchPolicy: 'cache-and-network',
  });
  const page = ledger.data?.payments;
  const loadingMore = ledger.networkStatus === NetworkStatus.fetchMore;

  let ledgerBody;
  if (!page && ledger.error)
    ledgerBody = (
      <div role="alert">
        <p className="admin-payments__error">{errorMessage(ledger.error, LEDGER_FAILED)}</p>
        <button type="button" className="btn btn--primary" onClick={() => void ledger.refetch().catch(() => undefined)}>
          Try Again
        </button>
      </div>
    );
  else if (!page) ledgerBody = <Spinner label="Loading payments…" />;
  else if (!page.nodes.length) ledgerBody = <p className="admin-payments__muted">No payments recorded yet.</p>;
  else
    ledgerBody = (
      <>
        <p className="admin-payments__muted" data-testid="ledger-count">
          Showing {page.nodes.length} of {page.totalCount} rows
        </p>
        <LedgerTable entries={page.nodes} />
        {page.pageInfo.hasNextPage ? (
          <div className="admin-payments__more">
            <button
              type="button"
              className="btn btn--secondary"
              disabled={loadingMore}
              onClick={() =>
                void ledger.fetchMore({ variables: { after: page.pageInfo.endCursor } }).catch(() => undefined)
              }
            >
              {loadingMore ? 'Loading...' : 'Load more'}
            </button>
          </div>
        ) : null}
      </>
    );

  const dayTotals = totals.data?.paymentTotals;
  let totalsBody;
  if (!dayTotals && totals.error)
    totalsBody = (
      <p className="admin-payments__error" role="alert">
        {errorMessage(totals.error, 'Failed to fetch the totals.')}
      </p>
    );
  else if (!dayTotals) totalsBody = <Spinner label="Loading totals…" />;
  else if (!dayTotals.length) totalsBody = <p className="admin-payments__muted">No money received or refunded.</p>;
  else totalsBody = <TotalsTable totals={dayTotals} />;

  return (
    <section className="section admin-payments" aria-labelledby="admin-payments-title">
      <div className="admin-payments__head">
        <h1 id="admin-payments-title">Payments</h1>
        <CsvDownload filter={filter} />
      </div>
      <LedgerFilters
        value={filter}
        onChange={(next) =>
          setParams(new URLSearchParams(Object.entries(next).filter(([, v]) => !!v) as [string, string][]), {
            replace: true,
          })
        }
      />
      <section className="admin-payments__panel" aria-labelledby="totals-title">
        <h2 id="totals-title">Totals per day and method</h2>
        <p className="admin-payments__muted" data-testid="totals-period">
          {totalsCaption(period, filter)}
        </p>
        {totalsBody}
      </section>
      <section className="admin-payments__panel" aria-labelledby="ledger-title">
        <h2 id="ledger-title">Ledger</h2>
        {page && ledger.error ? (
          <p className="admin-payments__error" role="alert">
            {errorMessage(ledger.error, LEDGER_FAILED)}
          </p>
        ) : null}
        {ledgerBody}
      </section>
      <BalancesPanel />
    </section>
  );
}
