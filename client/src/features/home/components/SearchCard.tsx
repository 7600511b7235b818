import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { localIsoDate, searchDateMinimums } from '@tembea/schema';
import { EMPTY_SEARCH, optionLabel, searchHref, type SearchForm } from '../lib/search-query';

/**
 * The home search card. Options come from the server's filter set; until they arrive (or when
 * they fail, which is only logged) the selects stay disabled.
 */
export function SearchCard({
  destinations,
  travelTypes,
}: {
  destinations: readonly string[] | null;
  travelTypes: readonly string[] | null;
}) {
  const navigate = useNavigate();
  const [form, setForm] = useState<SearchForm>(EMPTY_SEARCH);
  const { departureMin, returnMin } = searchDateMinimums(localIsoDate(), form.departureTime);
  const set = (key: keyof SearchForm) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  function submit(e: FormEvent) {
    e.preventDefault();
    void navigate(searchHref(form));
  }

  return (
    <form className="search-card" onSubmit={submit} aria-label="Find a tour">
      <div className="search-card__field">
        <label htmlFor="search-destination">Destination</label>
        <select id="search-destination" value={form.destination} onChange={set('destination')} disabled={!destinations}>
          <option value="">All Destinations</option>
          {(destinations ?? []).map((d) => (
            <option key={d} value={d}>
              {optionLabel(d)}
            </option>
          ))}
        </select>
      </div>
      <div className="search-card__field">
        <label htmlFor="search-travel-type">Travel Type</label>
        <select id="search-travel-type" value={form.travelType} onChange={set('travelType')} disabled={!travelTypes}>
          <option value="">All Travel Types</option>
          {(travelTypes ?? []).map((t) => (
            <option key={t} value={t}>
              {optionLabel(t)}
            </option>
          ))}
        </select>
      </div>
      <div className="search-card__field">
        <label htmlFor="search-departure">Departure Date</label>
        <input
          id="search-departure"
          type="date"
          min={departureMin}
          value={form.departureTime}
          onChange={set('departureTime')}
        />
      </div>
      <div className="search-card__field">
        <label htmlFor="search-return">Return Date</label>
        <input id="search-return" type="date" min={returnMin} value={form.returnTime} onChange={set('returnTime')} />
      </div>
      <button type="submit" className="btn btn--primary search-card__submit">
        Find Tours
      </button>
    </form>
  );
}
