import type { ReactNode } from 'react';
import { Spinner } from '../../../components/Spinner';

export const LOAD_ERROR = 'Failed to load tours. Please try again later.';

/** Loading, error and empty states of a tour list, then the list and its "load more" button. */
export function ListStates({
  loading,
  error,
  empty,
  emptyText,
  onRetry,
  hasMore,
  loadingMore,
  onLoadMore,
  children,
}: {
  loading: boolean;
  error: unknown;
  empty: boolean;
  emptyText: string;
  onRetry: () => void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  children: ReactNode;
}) {
  if (loading) return <Spinner label="Loading tours…" />;
  if (error) {
    return (
      <div className="list-state list-state--error" role="alert">
        <p>{LOAD_ERROR}</p>
        <button type="button" className="btn btn--primary" onClick={onRetry}>
          Try Again
        </button>
      </div>
    );
  }
  if (empty)
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
          <button type="button" className="btn btn--secondary" onClick={onLoadMore} disabled={loadingMore}>
            {loadingMore ? 'Loading...' : 'Load more tours'}
          </button>
        </div>
      ) : null}
    </>
  );
}
