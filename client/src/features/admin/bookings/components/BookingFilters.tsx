import { useId, useRef } from 'react';
import { BOOKING_STATUSES, isIsoDay, parseBookingStatus } from '@tembea/schema';
import { TextField } from '../../../../components/FormField';
import { TourPicker, type TourChoice } from './TourPicker';

export interface BookingFilterValues {
  status: string;
  tourId: string;
  from: string;
  to: string;
  payment: string;
}

export const NO_FILTER: BookingFilterValues = { status: '', tourId: '', from: '', to: '', payment: '' };

/** The payment situations the list filters on, as the API names them. */
export const PAYMENT_FILTERS = [
  { value: 'UNPAID_DEPOSIT', label: 'Deposit unpaid' },
  { value: 'BALANCE_DUE_SOON', label: 'Balance due within 4 weeks' },
  { value: 'OVERDUE', label: 'Balance overdue' },
] as const;
export type PaymentFilterValue = (typeof PAYMENT_FILTERS)[number]['value'];
const isPaymentFilter = (v: string | null): v is PaymentFilterValue => PAYMENT_FILTERS.some((f) => f.value === v);

/** The filter kept in the address (?status=&tourId=&from=&to=&payment=), so a filtered list can be linked; unreadable values are dropped. */
export function filterFromParams(p: URLSearchParams): BookingFilterValues {
  const tourId = p.get('tourId')?.trim() ?? '';
  const day = (k: string) => {
    const v = p.get(k)?.trim() ?? '';
    return isIsoDay(v) ? v : '';
  };
  return {
    status: parseBookingStatus(p.get('status')) ?? '',
    tourId: /^\d{1,9}$/.test(tourId) ? tourId : '',
    from: day('from'),
    to: day('to'),
    payment: isPaymentFilter(p.get('payment')) ? p.get('payment')! : '',
  };
}

export function filterToParams(f: BookingFilterValues): URLSearchParams {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (v) p.set(k, v);
  return p;
}

/** The API's BookingFilter: only the conditions given. */
export function filterInput(f: BookingFilterValues) {
  return {
    ...(f.status ? { status: f.status } : {}),
    ...(f.tourId ? { tourId: f.tourId } : {}),
    ...(f.from ? { from: f.from } : {}),
    ...(f.to ? { to: f.to } : {}),
    ...(isPaymentFilter(f.payment) ? { payment: f.payment } : {}),
  };
}

/** Status, tour, start-date range and payment situation; every change applies at once. */
export function BookingFilters({
  value,
  tours,
  onChange,
}: {
  value: BookingFilterValues;
  tours: readonly TourChoice[];
  onChange: (next: BookingFilterValues) => void;
}) {
  const statusId = useId();
  const paymentId = useId();
  // Clearing disables its own button: focus goes back to the first filter rather than the page.
  const firstFilter = useRef<HTMLSelectElement>(null);
  const set = (k: keyof BookingFilterValues) => (v: string) => onChange({ ...value, [k]: v });
  const active = Object.values(value).some(Boolean);
  return (
    <form
      className="admin-bookings__panel admin-bookings__form"
      role="search"
      aria-label="Filter bookings"
      onSubmit={(e) => e.preventDefault()}
    >
      <div className="form-field">
        <label htmlFor={statusId}>Status</label>
        <select id={statusId} ref={firstFilter} value={value.status} onChange={(e) => set('status')(e.target.value)}>
          <option value="">All statuses</option>
          {BOOKING_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
      <TourPicker label="Tour" value={value.tourId} tours={tours} onChange={set('tourId')} />
      <TextField
        label="Starting from"
        type="date"
        value={value.from}
        max={value.to || undefined}
        onChange={(e) => set('from')(e.target.value)}
      />
      <TextField
        label="Starting until"
        type="date"
        value={value.to}
        min={value.from || undefined}
        onChange={(e) => set('to')(e.target.value)}
      />
      <div className="form-field">
        <label htmlFor={paymentId}>Payment</label>
        <select id={paymentId} value={value.payment} onChange={(e) => set('payment')(e.target.value)}>
          <option value="">Any payment</option>
          {PAYMENT_FILTERS.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </select>
      </div>
      <div className="admin-bookings__form-actions">
        <button
          type="button"
          className="btn btn--ghost"
          disabled={!active}
          onClick={() => {
            onChange(NO_FILTER);
            firstFilter.current?.focus();
          }}
        >
          Clear filters
        </button>
      </div>
    </form>
  );
}
