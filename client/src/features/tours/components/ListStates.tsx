import type { ReactNode } from 'react';
import { Spinner } from '../../../components/Spinner';
import type { TourList } from '../lib/useTourList';

export const LOAD_ERROR = 'Failed to load tours. Please try again later.';

/** Loading, error and empty states of a tour list, then the list and its "load more" button. */
export function ListStates({ list, emptyText, children }: { list: TourList; emptyText: string; children: ReactNode }) {
  const { loading, error, hasMore, loadingMore } = list;
  if (loading) return <Spinner label="Loading tours…" />;
  if (error) {
    return (
      <div className="list-state list-state--error" role="alert">
        <p>{LOAD_ERROR}</p>
        <button type="button" className="btn btn--primary" onClick={list.retry}>
          Try Again
        </button>
      </div>
    );
  }
  if (list.tours.length === 0)
    return (
      <p className="list-state" role="status">
        {emptyText}
      </p>
    );
  return (
    <>
      {children}
      {hasMore ? (
        <div className="list-more">
          <button type="button" className="btn btn--secondary" onClick={list.loadMore} disabled={loadingMore}>
            {loadingMore ? 'Loading...' : 'Load more tours'}
          </button>
        </div>
      ) : null}
    </>
  );
}
