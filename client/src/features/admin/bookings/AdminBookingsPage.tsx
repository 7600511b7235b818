import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { NetworkStatus } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { localIsoDate } from '@tembea/schema';
import { Spinner } from '../../../components/Spinner';
import { usePageMeta } from '../../../components/usePageMeta';
import { errorMessage } from '../../../lib/errors';
import { ADMIN_BOOKINGS, ADMIN_TOUR_CHOICES } from './api/admin-bookings.operations';
import { BookingFilters, filterFromParams, filterInput, filterToParams } from './components/BookingFilters';
import { BookingsTable } from './components/BookingsTable';
import { ManifestDownload } from './components/ManifestDownload';
import { FETCH_FAILED, isAssociationIssue } from './lib/booking-actions';
import { LoadMore } from '../shared/LoadMore';
import './admin-bookings.css';
import '../payments/payments.css';

export const PAGE_SIZE = 25;

/** 'Error Loading Bookings' with the reason, a developer hint for a mis-aliased association, and Try Again. */
export function BookingsError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="admin-bookings__failure" role="alert">
      <h2>Error Loading Bookings</h2>
      <p>{message}</p>
      {isAssociationIssue(message) ? (
        <p className="admin-bookings__hint" data-testid="association-hint">
          Developer hint: the server should load the booking's user association under the alias 'bookingUser', not
          'user'.
        </p>
      ) : null}
      <button type="button" className="btn btn--primary" onClick={onRetry}>
        Try Again
      </button>
    </div>
  );
}

/**
 * /admin/bookings: every booking, filtered and paged, with its payment, the status and money
 * actions, and the departure manifest.
 */
export function AdminBookingsPage() {
  usePageMeta('Bookings Management');
  const [params, setParams] = useSearchParams();
  const filter = filterFromParams(params);
  const [notice, setNotice] = useState('');
  const tours = useQuery(ADMIN_TOUR_CHOICES).data?.tours.nodes ?? [];
  const { data, error, refetch, fetchMore, networkStatus } = useQuery(ADMIN_BOOKINGS, {
    variables: { filter: filterInput(filter), first: PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const page = data?.bookings;
  const retry = () => void refetch().catch(() => undefined);
  // An action changes a booking's status or payment in place, so under a status or payment filter
  // the row may no longer belong in the list (nor in its count): the list is asked for again.
  const input = filterInput(filter);
  const onDone = (message: string) => {
    setNotice(message);
    if (input.status || input.payment) retry();
  };

  const loadMore = () => {
    if (!page?.pageInfo.endCursor) return;
    // The cache's field policy appends the page (lib/paging.ts).
    void fetchMore({ variables: { after: page.pageInfo.endCursor } }).catch(() => undefined);
  };

  let body;
  if (!page && error) body = <BookingsError message={errorMessage(error, FETCH_FAILED)} onRetry={retry} />;
  else if (!page) body = <Spinner label="Loading bookings…" />;
  else if (page.nodes.length === 0) body = <p className="admin-bookings__empty">No bookings found.</p>;
  else {
    body = (
      <>
        <p className="admin-bookings__count" data-testid="bookings-count">
          Showing {page.nodes.length} of {page.totalCount} bookings
        </p>
        <BookingsTable bookings={page.nodes} caption="Bookings" onDone={onDone} onStale={retry} />
        <LoadMore
          className="admin-bookings__more"
          hasMore={page.pageInfo.hasNextPage}
          loading={networkStatus === NetworkStatus.fetchMore}
          onLoadMore={loadMore}
        />
      </>
    );
  }

  return (
    <section className="section admin-bookings" aria-labelledby="admin-bookings-title">
      <h1 id="admin-bookings-title">Bookings Management</h1>
      <BookingFilters
        value={filter}
        tours={tours}
        onChange={(next) => setParams(filterToParams(next), { replace: true })}
      />
      <p className="admin-bookings__notice" role="status">
        {notice}
      </p>
      {page && error ? (
        <p className="admin-bookings__error" role="alert">
          {errorMessage(error, FETCH_FAILED)}
        </p>
      ) : null}
      {body}
      {/* Starts from the filtered tour and start date, and again whenever they change. */}
      <ManifestDownload
        key={`${filter.tourId}|${filter.from}`}
        tours={tours}
        tourId={filter.tourId}
        date={filter.from || localIsoDate()}
      />
    </section>
  );
}
