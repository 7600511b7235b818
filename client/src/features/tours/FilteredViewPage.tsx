import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { usePageMeta } from '../../components/usePageMeta';
import { TourCard } from '../../components/TourCard';
import { ListStates } from './components/ListStates';
import { filterFromParams, toursFoundLabel } from './lib/filter-params';
import { useTourList } from './lib/useTourList';
import './tours.css';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** /filtered: the other filtered view, stating the duration, the type and how many tours fit. */
export function FilteredViewPage() {
  const [params] = useSearchParams();
  const filter = useMemo(() => filterFromParams(params), [params]);
  usePageMeta('Filtered Tours', 'Tanzania tours by duration and type.');
  const list = useTourList(filter);
  const type = filter.travelType ?? filter.bookingType ?? (filter.dayTrip ? 'Day trip' : 'All types');
  return (
    <section className="section tours-page" aria-labelledby="filtered-view-heading">
      <h1 id="filtered-view-heading">Filtered Tours</h1>
      <dl className="filtered-facts">
        <div>
          <dt>Duration</dt>
          <dd data-testid="filtered-duration">
            {filter.durationDays !== undefined || filter.durationNights !== undefined
              ? `${plural(filter.durationDays ?? 0, 'day')} / ${plural(filter.durationNights ?? 0, 'night')}`
              : 'Any duration'}
          </dd>
        </div>
        <div>
          <dt>Type</dt>
          <dd data-testid="filtered-type">{type}</dd>
        </div>
      </dl>
      {!list.loading && !list.error && list.totalCount > 0 ? (
        <p className="tours-count" data-testid="filtered-count">
          {toursFoundLabel(list.totalCount, list.totalCountIsEstimate)}
        </p>
      ) : null}
      <ListStates list={list} emptyText="No Tours Found">
        <div className="tour-grid">
          {list.tours.map((t) => (
            <TourCard key={t.id} tour={t} />
          ))}
        </div>
      </ListStates>
    </section>
  );
}
