import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { usePageMeta } from '../../components/usePageMeta';
import { ListStates } from './components/ListStates';
import { FilterTourCard } from './components/FilterTourCard';
import { filterFromParams, toursFoundLabel, type ListFilter } from './lib/filter-params';
import { useTourList } from './lib/useTourList';
import './tours.css';

/** /tourfilter: the list for the query parameters, titled Day Trips for dayTrip=true. */
export function FilteredToursPage() {
  const [params] = useSearchParams();
  const filter = useMemo(() => filterFromParams(params), [params]);
  const title = params.get('dayTrip') === 'true' ? 'Day Trips' : 'Filtered Tours';
  usePageMeta(title, 'Tanzania tours matching your search: destination, travel type, dates and duration.');
  const list = useTourList(filter);
  return (
    <section className="section tours-page" aria-labelledby="filtered-heading">
      <h1 id="filtered-heading">{title}</h1>
      <FilterSummary filter={filter} />
      {!list.loading && !list.error ? (
        <p className="tours-count" data-testid="tours-found">
          {toursFoundLabel(list.totalCount, list.totalCountIsEstimate)}
        </p>
      ) : null}
      <ListStates list={list} emptyText="No tours match your filters.">
        <div className="filter-grid">
          {list.tours.map((t) => (
            <FilterTourCard key={t.id} tour={t} />
          ))}
        </div>
      </ListStates>
    </section>
  );
}

const LABELS: Partial<Record<keyof ListFilter, string>> = {
  destination: 'Destination',
  travelType: 'Travel type',
  bookingType: 'Booking type',
  departureTime: 'From',
  returnTime: 'Until',
  durationDays: 'Days',
  durationNights: 'Nights',
  dayTrip: 'Day trip',
};

/** The filters in force (malformed parameters are left out of the filter, so not shown) as chips. */
function FilterSummary({ filter }: { filter: ListFilter }) {
  const active = (Object.keys(LABELS) as (keyof ListFilter)[]).filter((k) => filter[k] !== undefined);
  if (!active.length) return null;
  return (
    <div className="filter-summary">
      <ul aria-label="Active filters">
        {active.map((k) => (
          <li key={k} className="chip">
            {LABELS[k]}: {String(filter[k])}
          </li>
        ))}
      </ul>
      <Link to="/tours">See all tours</Link>
    </div>
  );
}
