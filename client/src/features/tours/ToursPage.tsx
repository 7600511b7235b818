import { useState } from 'react';
import { TourCard } from '../../components/TourCard';
import { usePageMeta } from '../../components/usePageMeta';
import { ListStates } from './components/ListStates';
import { countText, SORTS, STATUS_FILTERS, statusFilter, type StatusFilterKey } from './lib/filter-params';
import type { TourSort } from '../../gql/graphql';
import { useDebounced, useTourList } from './lib/useTourList';
import './tours.css';

/** /tours: every tour, narrowed by a status button and a text search the server runs. */
export function ToursPage() {
  usePageMeta(
    'All Tours',
    'Browse every Tembea tour: Tanzania safaris, Kilimanjaro treks, Zanzibar beach stays and cultural trips.',
  );
  const [status, setStatus] = useState<StatusFilterKey>('all');
  const [text, setText] = useState('');
  const [sort, setSort] = useState<TourSort>('CATALOGUE');
  const search = useDebounced(text.trim(), 300);
  const list = useTourList(statusFilter(status), search, sort);
  return (
    <section className="section tours-page" aria-labelledby="tours-page-heading">
      <h1 id="tours-page-heading">All Tours</h1>
      <div className="tours-toolbar">
        <div className="status-filters" role="group" aria-label="Show">
          {STATUS_FILTERS.map((f) => (
            <button
              key={f.key}
              type="button"
              className="status-filter"
              aria-pressed={status === f.key}
              onClick={() => setStatus(f.key)}
            >
              {f.label}
            </button>
          ))}
        </div>
        <div className="tours-search">
          <label htmlFor="tours-search" className="visually-hidden">
            Search tours
          </label>
          <input
            id="tours-search"
            type="search"
            placeholder="Search tours, destinations…"
            value={text}
            onChange={(e) => setText(e.target.value)}
            maxLength={100}
          />
        </div>
        <div className="tours-sort">
          <label htmlFor="tours-sort">Sort by</label>
          <select id="tours-sort" value={sort} onChange={(e) => setSort(e.target.value as TourSort)}>
            {SORTS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="tours-count" role="status" aria-live="polite">
        {list.loading || list.error
          ? ''
          : `${countText(list.totalCount, list.totalCountIsEstimate)} ${list.totalCount === 1 && !list.totalCountIsEstimate ? 'tour' : 'tours'}`}
      </p>
      <ListStates list={list} emptyText={search ? `No tours match “${search}”.` : 'No tours found'}>
        {/* The cards' titles are h3: a level 2 heading keeps the outline in order. */}
        <h2 className="visually-hidden">Tours</h2>
        <div className="tour-grid">
          {list.tours.map((t, i) => (
            <TourCard key={t.id} tour={t} eager={i < 4} priority={i === 0} />
          ))}
        </div>
      </ListStates>
    </section>
  );
}
