import { useId } from 'react';
import type { AdminTour } from '../../shared/useAdminTours';

export interface DashboardFilters {
  destination: string;
  travelType: string;
  bookingType: string;
}

export const NO_FILTERS: DashboardFilters = { destination: '', travelType: '', bookingType: '' };

const FIELDS = [
  { key: 'destination', label: 'Destination', all: 'All Destinations' },
  { key: 'travelType', label: 'Travel Type', all: 'All Travel Types' },
  { key: 'bookingType', label: 'Booking Type', all: 'All Booking Types' },
] as const;

/** The distinct non-empty values of one field over the tours, sorted. */
export function distinctValues(tours: AdminTour[], key: keyof DashboardFilters): string[] {
  const seen = new Map<string, string>();
  for (const t of tours) {
    const v = (t[key] ?? '').trim();
    if (v && !seen.has(v.toLowerCase())) seen.set(v.toLowerCase(), v);
  }
  return [...seen.values()].sort((a, b) => a.localeCompare(b));
}

/** Tours matching every chosen value (case-insensitive); an empty choice is no filter. */
export function applyFilters(tours: AdminTour[], f: DashboardFilters): AdminTour[] {
  const same = (a: string | null | undefined, b: string) => !b || (a ?? '').trim().toLowerCase() === b.toLowerCase();
  return tours.filter(
    (t) => same(t.destination, f.destination) && same(t.travelType, f.travelType) && same(t.bookingType, f.bookingType),
  );
}

/** Destination, Travel Type and Booking Type dropdowns whose options come from the tours. */
export function TourFilters({
  tours,
  value,
  onChange,
}: {
  tours: AdminTour[];
  value: DashboardFilters;
  onChange(next: DashboardFilters): void;
}) {
  const id = useId();
  return (
    <div className="admin-filters" role="group" aria-label="Filter tours">
      {FIELDS.map((f) => (
        <div key={f.key}>
          <label htmlFor={`${id}-${f.key}`}>{f.label}</label>
          <select
            id={`${id}-${f.key}`}
            value={value[f.key]}
            onChange={(e) => onChange({ ...value, [f.key]: e.target.value })}
          >
            <option value="">{f.all}</option>
            {distinctValues(tours, f.key).map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          </select>
        </div>
      ))}
    </div>
  );
}
