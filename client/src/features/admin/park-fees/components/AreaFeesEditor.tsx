import {
  AGE_BAND_LABELS,
  FEE_CURRENCIES,
  FEE_ROW_KINDS,
  FEE_ROWS_MAX,
  RESIDENCY_CATEGORIES,
  RESIDENCY_LABELS,
  type FeeCurrency,
  type FeeRowKind,
  type Residency,
} from '@tembea/schema';
import { TextField } from '../../../../components/FormField';
import { FEE_KIND_LABELS } from '../../shared/park-fee-labels';
import { newFeeRow, type AreaForm, type FeeRowForm, type ScheduleErrors } from '../lib/schedule-form';

const CURRENCY_LABELS: Record<FeeCurrency, string> = { USD: 'USD ($)', TZS: 'TZS (shillings)' };

/** The next fee an admin most likely adds: the first combination the area does not list yet. */
function nextFee(fees: FeeRowForm[]): FeeRowForm {
  for (const kind of FEE_ROW_KINDS)
    for (const residency of RESIDENCY_CATEGORIES)
      for (const ageBand of ['ADULT', 'CHILD'] as const)
        if (!fees.some((f) => f.kind === kind && f.residency === residency && f.ageBand === ageBand))
          return newFeeRow({
            kind,
            residency,
            ageBand,
            currency: residency === 'EAST_AFRICAN_CITIZEN' ? 'TZS' : 'USD',
          });
  return newFeeRow();
}

/**
 * One protected area of a schedule: its code and name, and its fees as a table (kind of fee,
 * residency, age band, amount and currency), with each field's problem beside it.
 */
export function AreaFeesEditor({
  area,
  index,
  errors,
  onChange,
  onRemove,
}: {
  area: AreaForm;
  index: number;
  errors: ScheduleErrors;
  onChange(area: AreaForm): void;
  onRemove(): void;
}) {
  const prefix = `areas.${index}`;
  const title = `Area ${index + 1}${area.areaName.trim() ? `: ${area.areaName.trim()}` : ''}`;
  const setFee = (j: number, patch: Partial<FeeRowForm>) =>
    onChange({ ...area, fees: area.fees.map((f, k) => (k === j ? { ...f, ...patch } : f)) });
  return (
    <fieldset className="park-fees__area" data-testid="area-editor">
      <legend>{title}</legend>
      {errors[prefix] ? (
        <p className="form-field__error" role="note">
          {errors[prefix]}
        </p>
      ) : null}
      <div className="park-fees__row">
        <TextField
          label="Area code"
          value={area.areaCode}
          onChange={(e) => onChange({ ...area, areaCode: e.target.value.toUpperCase() })}
          error={errors[`${prefix}.areaCode`]}
          hint="As tour days name it, e.g. SERENGETI_NP."
          autoCapitalize="characters"
          spellCheck={false}
          required
        />
        <TextField
          label="Area name"
          value={area.areaName}
          onChange={(e) => onChange({ ...area, areaName: e.target.value })}
          error={errors[`${prefix}.areaName`]}
          required
        />
      </div>
      <div className="park-fees__scroll" role="region" aria-label={`Fees of ${title}`} tabIndex={0}>
        <table className="park-fees__fees">
          <caption className="visually-hidden">Fees of {title}, before VAT</caption>
          <thead>
            <tr>
              <th scope="col">Fee</th>
              <th scope="col">Residency</th>
              <th scope="col">Age band</th>
              <th scope="col">Amount</th>
              <th scope="col">Currency</th>
              <th scope="col">
                <span className="visually-hidden">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {area.fees.map((f, j) => {
              const key = `${prefix}.fees.${j}`;
              const error = errors[key];
              const n = j + 1;
              return (
                <tr key={f.key} data-testid="fee-row">
                  <td>
                    <select
                      aria-label={`Fee ${n}: kind`}
                      value={f.kind}
                      onChange={(e) => setFee(j, { kind: e.target.value as FeeRowKind })}
                    >
                      {FEE_ROW_KINDS.map((k) => (
                        <option key={k} value={k}>
                          {FEE_KIND_LABELS[k]}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td>
                    <select
                      aria-label={`Fee ${n}: residency`}
                      value={f.residency}
                      onChange={(e) => setFee(j, { residency: e.target.value as Residency })}
                    >
                      {RESIDENCY_CATEGORIES.map((r) => (
                        <option key={r} value={r}>
                          {RESIDENCY_LABELS[r]}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td>
                    <select
                      aria-label={`Fee ${n}: age band`}
                      value={f.ageBand}
                      onChange={(e) => setFee(j, { ageBand: e.target.value as 'ADULT' | 'CHILD' })}
                    >
                      {(['ADULT', 'CHILD'] as const).map((b) => (
                        <option key={b} value={b}>
                          {AGE_BAND_LABELS[b]}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td>
                    <input
                      aria-label={`Fee ${n}: amount in ${f.currency === 'USD' ? 'US dollars' : 'shillings'}`}
                      className="park-fees__amount"
                      inputMode={f.currency === 'USD' ? 'decimal' : 'numeric'}
                      value={f.amount}
                      onChange={(e) => setFee(j, { amount: e.target.value })}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${f.key}-error` : undefined}
                    />
                    {error ? (
                      <p id={`${f.key}-error`} className="form-field__error">
                        {error}
                      </p>
                    ) : null}
                  </td>
                  <td>
                    <select
                      aria-label={`Fee ${n}: currency`}
                      value={f.currency}
                      onChange={(e) => setFee(j, { currency: e.target.value as FeeCurrency })}
                    >
                      {FEE_CURRENCIES.map((c) => (
                        <option key={c} value={c}>
                          {CURRENCY_LABELS[c]}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td>
                    <button
                      type="button"
                      className="btn btn--ghost btn--small"
                      aria-label={`Remove fee ${n} of ${title}`}
                      onClick={() => onChange({ ...area, fees: area.fees.filter((_, k) => k !== j) })}
                    >
                      Remove
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {area.fees.length === 0 ? <p className="park-fees__hint">No fees: visitors pay this area nothing.</p> : null}
      <div className="park-fees__area-actions">
        <button
          type="button"
          className="btn btn--secondary btn--small"
          disabled={area.fees.length >= FEE_ROWS_MAX}
          onClick={() => onChange({ ...area, fees: [...area.fees, nextFee(area.fees)] })}
        >
          Add a fee to {title}
        </button>
        <button type="button" className="btn btn--ghost btn--small" onClick={onRemove}>
          Remove {title}
        </button>
      </div>
    </fieldset>
  );
}
