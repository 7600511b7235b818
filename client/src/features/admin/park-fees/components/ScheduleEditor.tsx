import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { PARK_AREAS_MAX, PEAK_SEASONS_MAX } from '@tembea/schema';
import { TextField } from '../../../../components/FormField';
import type { ParkFeeScheduleFieldsFragment } from '../../../../gql/admin/graphql';
import { errorMessage, serverFieldErrors } from '../../../../lib/errors';
import { PARK_AREA_OPTIONS } from '../../shared/park-areas';
import { PARK_FEE_SCHEDULES, SAVE_PARK_FEE_SCHEDULE } from '../api/park-fees.operations';
import {
  fieldKeyOf,
  formKey,
  isSampleSchedule,
  newArea,
  scheduleInput,
  type ScheduleErrors,
  type ScheduleForm,
} from '../lib/schedule-form';
import { AreaFeesEditor } from './AreaFeesEditor';
import { SampleBadge } from './ScheduleList';

/**
 * A fee schedule's form: name, validity, VAT, exchange rate, peak seasons and each protected
 * area's fees. It is checked by the shared rule before sending; the server's field problems come
 * back next to the same fields.
 */
export function ScheduleEditor({
  initial,
  heading,
  onSaved,
  onCancel,
  focusOnOpen = false,
  onFocused,
}: {
  initial: ScheduleForm;
  heading: string;
  onSaved(schedule: ParkFeeScheduleFieldsFragment): void;
  onCancel(): void;
  /** Move focus to the heading: the editor opens below the list, out of sight, when chosen from it. */
  focusOnOpen?: boolean;
  onFocused?(): void;
}) {
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<ScheduleErrors>({});
  const [failure, setFailure] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  const summary = useRef<HTMLDivElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!focusOnOpen) return;
    // Focusing scrolls the heading into view, and a screen reader announces what opened.
    title.current?.focus();
    onFocused?.();
    // Only a new request to open moves focus, not a new callback.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusOnOpen]);
  const [save, { loading: saving }] = useMutation(SAVE_PARK_FEE_SCHEDULE, {
    // The page lists the bookings whose frozen fees a save makes differ from the current ones.
    refetchQueries: [{ query: PARK_FEE_SCHEDULES }, { query: PARK_AREA_OPTIONS }, 'AdminParkFeeChanges'],
  });

  const change = (patch: Partial<ScheduleForm>) => setForm((f) => ({ ...f, ...patch }));
  const showProblems = (found: ScheduleErrors, text: string) => {
    setErrors(found);
    setFailure(text);
    requestAnimationFrame(() => {
      const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      (first ?? summary.current)?.focus();
    });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const { input, errors: found } = scheduleInput(form);
    const count = Object.keys(found).length;
    if (!input) return showProblems(found, problemsText(count));
    setErrors({});
    setFailure('');
    try {
      const r = await save({ variables: { input } });
      const saved = r.data?.saveParkFeeSchedule.schedule;
      if (!saved) throw new Error('The schedule could not be saved.');
      onSaved(saved);
    } catch (err) {
      const fields = serverFieldErrors(err);
      const mapped: ScheduleErrors = {};
      for (const [field, message] of Object.entries(fields)) mapped[fieldKeyOf(field, form)] ??= message;
      const n = Object.keys(mapped).length;
      showProblems(
        mapped,
        n ? problemsText(n) : errorMessage(err, 'The schedule could not be saved. Please try again.'),
      );
    }
  };

  const seasons = form.peakSeasons;
  const setSeason = (i: number, patch: { from?: string; to?: string }) =>
    change({ peakSeasons: seasons.map((s, j) => (j === i ? { ...s, ...patch } : s)) });

  return (
    <section className="park-fees__editor" aria-labelledby="schedule-editor-title">
      <h2 id="schedule-editor-title" ref={title} tabIndex={-1}>
        {heading}
      </h2>
      {isSampleSchedule(form.name) ? (
        <p className="park-fees__sample-note" data-testid="sample-note">
          <SampleBadge /> These are sample values, not the parks&apos; published tariff: check every fee before
          travellers are charged it, and rename the schedule once its fees are real.
        </p>
      ) : null}
      <div ref={summary} tabIndex={-1} role="alert" data-testid="schedule-errors">
        {failure ? <p className="admin-status admin-status--error">{failure}</p> : null}
      </div>
      <form ref={formRef} className="park-fees__form" onSubmit={(e) => void submit(e)} noValidate aria-label={heading}>
        <fieldset className="park-fees__group">
          <legend>Schedule</legend>
          <TextField
            label="Schedule name"
            value={form.name}
            onChange={(e) => change({ name: e.target.value })}
            error={errors.name}
            hint="E.g. 2027/28, as the parks name the season."
            required
          />
          <div className="park-fees__row">
            <TextField
              label="Valid from"
              type="date"
              value={form.validFrom}
              onChange={(e) => change({ validFrom: e.target.value })}
              error={errors.validFrom}
              required
            />
            <TextField
              label="Valid to"
              type="date"
              value={form.validTo}
              onChange={(e) => change({ validTo: e.target.value })}
              error={errors.validTo}
              required
            />
          </div>
          <div className="park-fees__row">
            <TextField
              label="VAT (%)"
              type="number"
              inputMode="decimal"
              min={0}
              max={100}
              step="any"
              value={form.vatPercent}
              onChange={(e) => change({ vatPercent: e.target.value })}
              error={errors.vatPercent}
              required
            />
            <TextField
              label="Shillings (TZS) per US dollar"
              type="number"
              inputMode="decimal"
              min={0}
              step="any"
              value={form.tzsPerUsd}
              onChange={(e) => change({ tzsPerUsd: e.target.value })}
              error={errors.tzsPerUsd}
              hint="States the shilling fees in dollars on a quote."
              required
            />
          </div>
        </fieldset>

        <fieldset className="park-fees__group">
          <legend>Peak season</legend>
          <p className="park-fees__hint">
            Month and day (MM-DD), first and last day included; every other day is low season. A range may run over New
            Year.
          </p>
          {errors.peakSeasons ? <p className="form-field__error">{errors.peakSeasons}</p> : null}
          {seasons.length === 0 ? <p className="park-fees__hint">No peak season: every day is low season.</p> : null}
          {seasons.map((s, i) => {
            const error = errors[`peakSeasons.${i}`];
            const errorId = `${s.key}-error`;
            const invalid = error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};
            return (
              <fieldset key={s.key} className="park-fees__season" data-testid="season-row">
                <legend>Peak season {i + 1}</legend>
                <div className="park-fees__row">
                  <TextField
                    label="From (MM-DD)"
                    value={s.from}
                    placeholder="06-01"
                    onChange={(e) => setSeason(i, { from: e.target.value })}
                    {...invalid}
                  />
                  <TextField
                    label="To (MM-DD)"
                    value={s.to}
                    placeholder="10-31"
                    onChange={(e) => setSeason(i, { to: e.target.value })}
                    {...invalid}
                  />
                  <button
                    type="button"
                    className="btn btn--ghost btn--small park-fees__remove-season"
                    onClick={() => change({ peakSeasons: seasons.filter((_, j) => j !== i) })}
                  >
                    Remove peak season {i + 1}
                  </button>
                </div>
                {error ? (
                  <p id={errorId} className="form-field__error">
                    {error}
                  </p>
                ) : null}
              </fieldset>
            );
          })}
          <button
            type="button"
            className="btn btn--secondary btn--small"
            disabled={seasons.length >= PEAK_SEASONS_MAX}
            onClick={() => change({ peakSeasons: [...seasons, { key: formKey(), from: '', to: '' }] })}
          >
            Add a peak season range
          </button>
        </fieldset>

        <fieldset className="park-fees__group">
          <legend>Protected areas and their fees</legend>
          <p className="park-fees__hint">
            Fees before VAT, per visitor. Type US dollar fees in dollars (70.50) and shilling fees in whole shillings
            (10000). Infants under 5 enter free; a fee not listed is not charged.
          </p>
          {errors.areas ? <p className="form-field__error">{errors.areas}</p> : null}
          {form.areas.map((area, i) => (
            <AreaFeesEditor
              key={area.key}
              area={area}
              index={i}
              errors={errors}
              onChange={(a) => change({ areas: form.areas.map((x, j) => (j === i ? a : x)) })}
              onRemove={() => change({ areas: form.areas.filter((_, j) => j !== i) })}
            />
          ))}
          <button
            type="button"
            className="btn btn--secondary btn--small"
            disabled={form.areas.length >= PARK_AREAS_MAX}
            onClick={() => change({ areas: [...form.areas, newArea()] })}
          >
            Add a protected area
          </button>
        </fieldset>

        <div className="park-fees__submit">
          <button type="submit" className="btn btn--primary" disabled={saving}>
            {saving ? 'Saving…' : 'Save schedule'}
          </button>
          <button type="button" className="btn btn--secondary" onClick={onCancel} disabled={saving}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}

function problemsText(count: number): string {
  return count === 1
    ? 'The schedule was not saved: 1 field needs attention (marked below).'
    : `The schedule was not saved: ${count} fields need attention (marked below).`;
}
