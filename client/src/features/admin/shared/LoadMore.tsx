/** The "Load more" button under an admin list while the list has a next page. */
export function LoadMore({
  className,
  hasMore,
  loading,
  onLoadMore,
}: {
  className: string;
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
}) {
  if (!hasMore) return null;
  return (
    <div className={className}>
      <button type="button" className="btn btn--secondary" onClick={onLoadMore} disabled={loading}>
        {loading ? 'Loading...' : 'Load more'}
      </button>
    </div>
  );
}
