import type { Ref } from 'react';
import { NATIONALITY_MAX, RESIDENCY_CATEGORIES, RESIDENCY_LABELS, type Residency } from '@tembea/schema';
import { SelectField, TextAreaField, TextField } from '../../../components/FormField';
import type { TravellerField, TravellerFormRow } from '../lib/traveller-form';

export const RESIDENCY_HINT = 'Sets the park fees: residents and East African citizens pay less.';

/**
 * The inputs of one traveller (those listed in `fields`, in a fixed order); the caller wraps them
 * in a fieldset naming the traveller, so each label reads in context.
 */
export function TravellerFields({
  row,
  errors,
  onChange,
  fields,
  today,
  firstRef,
}: {
  row: TravellerFormRow;
  errors: Partial<Record<TravellerField, string>>;
  onChange: (field: TravellerField, value: string) => void;
  fields: readonly TravellerField[];
  today: string;
  firstRef?: Ref<HTMLInputElement>;
}) {
  const has = (f: TravellerField) => fields.includes(f);
  const on = (f: TravellerField) => (e: { target: { value: string } }) => onChange(f, e.target.value);
  return (
    <div className="traveller-fields">
      {has('fullName') ? (
        <TextField
          ref={firstRef}
          label="Full name"
          requiredMark
          required
          autoComplete="off"
          value={row.fullName}
          error={errors.fullName}
          onChange={on('fullName')}
          hint="As in the passport"
        />
      ) : null}
      {has('dateOfBirth') ? (
        <TextField
          label="Date of birth"
          type="date"
          max={today}
          value={row.dateOfBirth}
          error={errors.dateOfBirth}
          onChange={on('dateOfBirth')}
        />
      ) : null}
      {has('nationality') ? (
        <TextField
          label="Nationality"
          maxLength={NATIONALITY_MAX}
          value={row.nationality}
          error={errors.nationality}
          onChange={on('nationality')}
          hint="E.g. Tanzanian or German"
        />
      ) : null}
      {has('residency') ? (
        <SelectField
          label="Residency"
          value={row.residency}
          error={errors.residency}
          onChange={on('residency')}
          hint={RESIDENCY_HINT}
        >
          <option value="">Choose…</option>
          {RESIDENCY_CATEGORIES.map((r: Residency) => (
            <option key={r} value={r}>
              {RESIDENCY_LABELS[r]}
            </option>
          ))}
        </SelectField>
      ) : null}
      {has('passportNumber') ? (
        <TextField
          label="Passport number (optional)"
          autoComplete="off"
          spellCheck={false}
          value={row.passportNumber}
          error={errors.passportNumber}
          onChange={on('passportNumber')}
        />
      ) : null}
      {has('dietaryNeeds') ? (
        <TextField
          label="Dietary needs"
          value={row.dietaryNeeds}
          error={errors.dietaryNeeds}
          onChange={on('dietaryNeeds')}
          hint="E.g. vegetarian, no nuts"
        />
      ) : null}
      {has('notes') ? (
        <TextAreaField label="Notes" rows={2} value={row.notes} error={errors.notes} onChange={on('notes')} />
      ) : null}
    </div>
  );
}
