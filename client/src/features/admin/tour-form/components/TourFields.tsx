import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import {
  BOOKING_TYPES,
  cardPrice,
  DESTINATIONS,
  formatUsd,
  TOUR_STATUSES,
  TOUR_TIER_OPTIONS,
  TRAVEL_TYPES,
} from '@tembea/schema';
import type { TourFormState } from '../lib/form-values';

type TextKey = { [K in keyof TourFormState]: TourFormState[K] extends string ? K : never }[keyof TourFormState];
type FlagKey = 'featured' | 'popular' | 'trending';

interface Props {
  value: TourFormState;
  onChange(patch: Partial<TourFormState>): void;
  /** Fields the last check refused (marked aria-invalid). */
  invalid: ReadonlySet<string>;
}

/** Every tour field except the itinerary and the images, grouped in fieldsets. */
export function TourFields({ value, onChange, invalid }: Props) {
  const id = useId();
  const input = (key: TextKey, label: string, extra: InputHTMLAttributes<HTMLInputElement> = {}, hint?: ReactNode) => (
    <div className="admin-field">
      <label htmlFor={`${id}-${key}`}>
        {label}
        {extra.required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <input
        id={`${id}-${key}`}
        name={key}
        value={value[key]}
        onChange={(e) => onChange({ [key]: e.target.value })}
        aria-invalid={invalid.has(key) || undefined}
        aria-describedby={hint ? `${id}-${key}-hint` : undefined}
        {...extra}
      />
      {hint ? (
        <p className="tour-form__hint" id={`${id}-${key}-hint`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
  const select = (key: TextKey, label: string, options: readonly string[]) => (
    <div className="admin-field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <select
        id={`${id}-${key}`}
        name={key}
        value={value[key]}
        onChange={(e) => onChange({ [key]: e.target.value })}
        aria-invalid={invalid.has(key) || undefined}
      >
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </div>
  );
  const flag = (key: FlagKey, label: string) => (
    <label className="tour-form__check">
      <input type="checkbox" name={key} checked={value[key]} onChange={(e) => onChange({ [key]: e.target.checked })} />{' '}
      {label}
    </label>
  );
  const list = (key: TextKey, label: string) => input(key, label, {}, 'Comma separated');
  const plainPrice = value.price === '' || /^\d+(\.\d*)?$/.test(value.price);

  return (
    <>
      <fieldset className="tour-form__section">
        <legend>About the tour</legend>
        {input('title', 'Title', { required: true, maxLength: 200 })}
        <div className="admin-field">
          <label htmlFor={`${id}-description`}>
            Description<span aria-hidden="true"> *</span>
          </label>
          <textarea
            id={`${id}-description`}
            name="description"
            rows={5}
            required
            value={value.description}
            onChange={(e) => onChange({ description: e.target.value })}
            aria-invalid={invalid.has('description') || undefined}
          />
        </div>
        <div className="tour-form__row">
          {input('destination', 'Destination', { required: true, list: `${id}-destinations` })}
          {input('country', 'Country', { required: true, placeholder: 'Tanzania' })}
          {input('departureLocation', 'Departure location')}
        </div>
        <datalist id={`${id}-destinations`}>
          {DESTINATIONS.map((d) => (
            <option key={d} value={d} />
          ))}
        </datalist>
        <datalist id={`${id}-travel-types`}>
          {TRAVEL_TYPES.map((d) => (
            <option key={d} value={d} />
          ))}
        </datalist>
        <div className="tour-form__row">
          {input('tourType', 'Tour type')}
          {input('travelType', 'Travel type', { list: `${id}-travel-types` })}
          {select('bookingType', 'Booking type', BOOKING_TYPES)}
          {select('status', 'Status', TOUR_STATUSES)}
        </div>
      </fieldset>

      <fieldset className="tour-form__section">
        <legend>Duration and dates</legend>
        <div className="tour-form__row">
          {input('durationDays', 'Days', { type: 'number', min: 0, step: 1, inputMode: 'numeric' })}
          {input('durationNights', 'Nights', { type: 'number', min: 0, step: 1, inputMode: 'numeric' })}
          {input('duration', 'Duration text', { placeholder: '7 days / 6 nights' })}
        </div>
        <div className="tour-form__row">
          {input('departureTime', 'Departure time', { type: 'datetime-local' })}
          {input('returnTime', 'Return time', { type: 'datetime-local' })}
          {input('capacity', 'Capacity', { type: 'number', min: 1, step: 1, inputMode: 'numeric' })}
        </div>
      </fieldset>

      <fieldset className="tour-form__section">
        <legend>Price and rating</legend>
        <div className="tour-form__row">
          {input(
            'price',
            'Price (USD)',
            plainPrice
              ? { type: 'number', min: 0, step: 0.01, required: true, inputMode: 'decimal' }
              : { type: 'text', required: true },
            <>
              A number, or prices per booking type and tier: <code>group budget:1450;private luxury:4200</code>
              {plainPrice ? (
                <>
                  {' '}
                  (
                  <button
                    type="button"
                    className="tour-form__link"
                    onClick={() => onChange({ price: value.price ? `group budget:${value.price}` : 'group budget:' })}
                  >
                    enter price text
                  </button>
                  )
                </>
              ) : null}
            </>,
          )}
          {input('originalPrice', 'Original price (USD)', { type: 'number', min: 0, step: 0.01, inputMode: 'decimal' })}
          {input(
            'discount',
            'Discount (%)',
            { type: 'number', min: 0, max: 100, step: 1, inputMode: 'decimal' },
            plainPrice ? discountMismatch(value.price, value.originalPrice, value.discount) : null,
          )}
        </div>
        <div className="tour-form__row">
          {input('rating', 'Rating', { type: 'number', min: 0, max: 5, step: 0.1, inputMode: 'decimal' })}
          {input('numRatings', 'Number of ratings', { type: 'number', min: 0, step: 1, inputMode: 'numeric' })}
          {input(
            'tier',
            'Tier',
            { list: `${id}-tiers` },
            `Comma separated, first is the default: ${TOUR_TIER_OPTIONS.join(', ')}`,
          )}
        </div>
        <datalist id={`${id}-tiers`}>
          {TOUR_TIER_OPTIONS.map((d) => (
            <option key={d} value={d} />
          ))}
        </datalist>
      </fieldset>

      <fieldset className="tour-form__section">
        <legend>Lists</legend>
        <div className="tour-form__row">
          {list('features', 'Features')}
          {list('categories', 'Categories')}
        </div>
        <div className="tour-form__row">
          {list('included', 'Included')}
          {list('notIncluded', 'Not included')}
        </div>
      </fieldset>

      <fieldset className="tour-form__section">
        <legend>Highlights and cover image</legend>
        <div className="tour-form__checks">
          {flag('featured', 'Featured')}
          {flag('popular', 'Popular')}
          {flag('trending', 'Trending')}
        </div>
        {input(
          'bg',
          'Direct image URL',
          { type: 'text', inputMode: 'url', placeholder: 'https://…' },
          'Shown instead of the images when set',
        )}
      </fieldset>
    </>
  );
}

/**
 * A warning when the filtered lists would show another price than the tour's: they show the original
 * price less the discount, while the tour page, its cards and every booking charge the price.
 */
export function discountMismatch(price: string, originalPrice: string, discount: string): string | null {
  if (price === '') return null;
  const percent = Number(discount);
  // The lists' own rule, asked without the price: null when there is no original price above 0
  // with a discount to take off it, and then the lists show the price as everywhere else.
  const listed = cardPrice({ originalPrice: Number(originalPrice), discount: percent });
  if (listed === null || listed === Math.round(Number(price))) return null;
  return `Filtered lists will show ${formatUsd(listed)} (the original price less ${percent}%), while the tour page and bookings use the price, ${formatUsd(Number(price))}.`;
}
