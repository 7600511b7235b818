import { useId } from 'react';
import { AGE_BAND_LABELS, AGE_BANDS, RESIDENCY_CATEGORIES, RESIDENCY_LABELS } from '@tembea/schema';
import type { PartyMember } from '../lib/party';

function MemberRow({
  index,
  member,
  onChange,
}: {
  index: number;
  member: PartyMember;
  onChange: (m: PartyMember) => void;
}) {
  const id = useId();
  const name = index === 0 ? 'Traveller 1 (lead)' : `Traveller ${index + 1}`;
  return (
    <div className="party-picker__row" role="group" aria-labelledby={`${id}-name`}>
      <span id={`${id}-name`} className="party-picker__name">
        {name}
      </span>
      <label htmlFor={`${id}-residency`} className="party-picker__label">
        Residency
      </label>
      <select
        id={`${id}-residency`}
        value={member.residency}
        onChange={(e) => onChange({ ...member, residency: e.target.value as PartyMember['residency'] })}
      >
        {RESIDENCY_CATEGORIES.map((r) => (
          <option key={r} value={r}>
            {RESIDENCY_LABELS[r]}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-age`} className="party-picker__label">
        Age
      </label>
      <select
        id={`${id}-age`}
        value={member.ageBand}
        onChange={(e) => onChange({ ...member, ageBand: e.target.value as PartyMember['ageBand'] })}
      >
        {AGE_BANDS.map((b) => (
          <option key={b} value={b}>
            {AGE_BAND_LABELS[b]}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * Who travels, one row per person (residency and age band), so the park fees are priced for the
 * party instead of for as many non-resident adults.
 */
export function PartyPicker({
  members,
  onChange,
}: {
  members: readonly PartyMember[];
  onChange: (members: PartyMember[]) => void;
}) {
  const hintId = useId();
  return (
    <fieldset className="party-picker" aria-describedby={hintId} data-testid="party-picker">
      <legend>Who travels</legend>
      <p id={hintId} className="form-field__hint">
        Park fees depend on residency and age on the day. Everyone counts as a non-resident adult until you change it.
      </p>
      {members.map((m, i) => (
        <MemberRow
          key={i}
          index={i}
          member={m}
          onChange={(next) => onChange(members.map((old, j) => (j === i ? next : old)))}
        />
      ))}
    </fieldset>
  );
}
