import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { usePageMeta } from '../../components/usePageMeta';
import { ListStates } from './components/ListStates';
import { FilterTourCard } from './components/FilterTourCard';
import { filterFromParams, toursFoundLabel } from './lib/filter-params';
import { useTourList } from './lib/useTourList';
import './tours.css';

/** /tourfilter: the list for the query parameters of spec 2, titled Day Trips for dayTrip=true. */
export function FilteredToursPage() {
  const [params] = useSearchParams();
  const filter = useMemo(() => filterFromParams(params), [params]);
  const title = params.get('dayTrip') === 'true' ? 'Day Trips' : 'Filtered Tours';
  usePageMeta(title, 'Tanzania tours matching your search: destination, travel type, dates and duration.');
  const list = useTourList(filter);
  return (
    <section className="section tours-page" aria-labelledby="filtered-heading">
      <h1 id="filtered-heading">{title}</h1>
      <FilterSummary />
      {!list.loading && !list.error ? <p className="tours-count" data-testid="tours-found">{toursFoundLabel(list.totalCount)}</p> : null}
      <ListStates
        loading={list.loading}
        error={list.error}
        empty={list.tours.length === 0}
        emptyText="No tours match your filters."
        onRetry={list.retry}
        hasMore={list.hasMore}
        loadingMore={list.loadingMore}
        onLoadMore={list.loadMore}
      >
        <div className="filter-grid">
          {list.tours.map((t) => <FilterTourCard key={t.id} tour={t} />)}
        </div>
      </ListStates>
    </section>
  );
}

const LABELS: Record<string, string> = {
  destination: 'Destination',
  travelType: 'Travel type',
  bookingType: 'Booking type',
  departureTime: 'From',
  returnTime: 'Until',
  durationDays: 'Days',
  durationNights: 'Nights',
  dayTrip: 'Day trip',
};

/** The active filters as chips, with a way back to every tour. */
function FilterSummary() {
  const [params] = useSearchParams();
  const active = Object.keys(LABELS).filter((k) => params.get(k));
  if (!active.length) return null;
  return (
    <div className="filter-summary">
      <ul aria-label="Active filters">
        {active.map((k) => <li key={k} className="chip">{LABELS[k]}: {params.get(k)}</li>)}
      </ul>
      <Link to="/tours">See all tours</Link>
    </div>
  );
}
