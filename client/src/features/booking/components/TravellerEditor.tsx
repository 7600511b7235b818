import { useId, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useMutation, useQuery } from '@apollo/client/react';
import { RESIDENCY_LABELS, travellerToday, type Residency } from '@tembea/schema';
import { focusFirstInvalid } from '../../../components/FormField';
import type { BookingTravellersFieldsFragment } from '../../../gql/graphql';
import { errorMessage, serverFieldErrors } from '../../../lib/errors';
import { formatDay } from '../../../lib/format';
import { BOOKING_TRAVELLERS, UPDATE_TRAVELLERS } from '../api/traveller.operations';
import {
  EMPTY_TRAVELLER,
  hasErrors,
  isBlankRow,
  rowOf,
  TRAVELLER_FIELDS,
  travellerErrorsFromServer,
  travellerInputOf,
  validateTravellers,
  type TravellerErrors,
  type TravellerField,
  type TravellerFormRow,
} from '../lib/traveller-form';
import { TravellerFields } from './TravellerFields';
import './travellers.css';

type Saved = BookingTravellersFieldsFragment;
export const TRAVELLERS_SAVED = 'Travellers saved.';
export const TRAVELLERS_SAVE_FAILED = 'The travellers could not be saved.';

/** What the list says of one traveller, without the passport number itself. */
function travellerFacts(t: Saved['travellers'][number]): string {
  return [
    t.nationality,
    t.residency ? RESIDENCY_LABELS[t.residency as Residency] : null,
    t.dateOfBirth ? `born ${formatDay(t.dateOfBirth)}` : null,
    t.passportNumber ? 'passport given' : null,
    t.dietaryNeeds ? `diet: ${t.dietaryNeeds}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The rows of the form: the saved travellers, then one empty row when there is room and none is named. */
function rowsOf(saved: Saved): TravellerFormRow[] {
  const rows = saved.travellers.map((t) => rowOf(t));
  return rows.length ? rows : [{ ...EMPTY_TRAVELLER }];
}

/**
 * The travellers of one of the user's bookings: who is named, what is still missing and until when,
 * and a form to add or change them (up to the number of people booked) until that day.
 */
export function TravellerEditor({
  bookingId,
  numberOfPeople,
  tourTitle,
  open,
}: {
  bookingId: string;
  numberOfPeople: number;
  tourTitle: string;
  /** False for a cancelled or finished trip: the list is shown but not changed. */
  open: boolean;
}) {
  const { data, loading, error, refetch } = useQuery(BOOKING_TRAVELLERS, { variables: { bookingId } });
  const [save, { loading: saving }] = useMutation(UPDATE_TRAVELLERS, {
    update(cache, { data: answer }) {
      if (!answer) return;
      cache.writeQuery({
        query: BOOKING_TRAVELLERS,
        variables: { bookingId },
        data: { bookingTravellers: answer.updateTravellers.travellers },
      });
    },
  });
  const [rows, setRows] = useState<TravellerFormRow[] | null>(null);
  const [errors, setErrors] = useState<TravellerErrors>({ rows: [] });
  const [status, setStatus] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  const editRef = useRef<HTMLButtonElement>(null);
  const firstRef = useRef<HTMLInputElement>(null);
  const lastRef = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const formId = useId();
  const saved = data?.bookingTravellers;
  const today = travellerToday();
  const editable = open && !!saved && today <= saved.dueDate;

  const startEditing = () => {
    if (!saved) return;
    flushSync(() => {
      setRows(rowsOf(saved));
      setErrors({ rows: [] });
      setStatus('');
    });
    firstRef.current?.focus();
  };
  const stopEditing = () => {
    flushSync(() => setRows(null));
    editRef.current?.focus();
  };
  const change = (index: number) => (field: TravellerField, value: string) => {
    setRows((all) => all && all.map((r, i) => (i === index ? { ...r, [field]: value } : r)));
    if (errors.rows[index]?.[field])
      setErrors((e) => ({ ...e, rows: e.rows.map((r, i) => (i === index ? { ...r, [field]: undefined } : r)) }));
  };
  // Focus goes on to the new traveller's name (the button is gone once the party is complete).
  const addRow = () => {
    flushSync(() => setRows((all) => all && [...all, { ...EMPTY_TRAVELLER }]));
    lastRef.current?.focus();
  };
  const remove = (index: number) => {
    setRows((all) => all && all.filter((_, i) => i !== index));
    setErrors((e) => ({ ...e, rows: e.rows.filter((_, i) => i !== index) }));
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!rows || saving) return;
    const found = validateTravellers(rows, today);
    const sent = rows.map((r, i) => (isBlankRow(r) ? -1 : i)).filter((i) => i >= 0);
    if (!sent.length) found.list = 'Name at least the lead traveller.';
    flushSync(() => {
      setErrors(found);
      setStatus('');
    });
    if (hasErrors(found)) {
      focusFirstInvalid(formRef.current);
      return;
    }
    try {
      await save({ variables: { bookingId, travellers: sent.map((i) => travellerInputOf(rows[i]!)) } });
      flushSync(() => {
        setRows(null);
        setStatus(TRAVELLERS_SAVED);
      });
      editRef.current?.focus();
    } catch (err) {
      const fromServer = travellerErrorsFromServer(serverFieldErrors(err), sent, rows.length);
      if (!hasErrors(fromServer)) fromServer.list = `${TRAVELLERS_SAVE_FAILED} ${errorMessage(err, '')}`.trim();
      flushSync(() => setErrors(fromServer));
      focusFirstInvalid(formRef.current);
    }
  };

  let body;
  if (!saved && loading) body = <p className="travellers__muted">Loading travellers…</p>;
  else if (!saved) {
    body = (
      <p className="travellers__muted" role="alert">
        {errorMessage(error, 'The travellers could not be loaded.')}{' '}
        <button type="button" className="btn btn--ghost" onClick={() => void refetch().catch(() => undefined)}>
          Try again
        </button>
      </p>
    );
  } else {
    body = (
      <>
        <ol className="travellers__list">
          {saved.travellers.map((t) => (
            <li key={t.position}>
              <strong>{t.fullName}</strong>
              {travellerFacts(t) ? <span className="travellers__facts"> — {travellerFacts(t)}</span> : null}
            </li>
          ))}
        </ol>
        {saved.missing.length ? (
          <div className="travellers__missing" data-testid="travellers-missing">
            <p>Still missing:</p>
            <ul>
              {saved.missing.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          </div>
        ) : (
          <p className="travellers__complete" data-testid="travellers-missing">
            Every traveller’s details are in.
          </p>
        )}
        <p className="travellers__due" data-testid="travellers-due">
          {editable
            ? `You can add or change travellers until ${formatDay(saved.dueDate)}.`
            : open
              ? `Traveller details could be changed online until ${formatDay(saved.dueDate)}. Please contact us to change them.`
              : null}
        </p>
        {editable && !rows ? (
          <button
            ref={editRef}
            type="button"
            className="btn btn--secondary"
            aria-expanded={false}
            aria-controls={formId}
            onClick={startEditing}
          >
            {saved.missing.length ? 'Add travellers' : 'Edit travellers'}
            <span className="visually-hidden"> for {tourTitle}</span>
          </button>
        ) : null}
      </>
    );
  }

  return (
    <section className="travellers" aria-labelledby={headingId} data-testid="travellers">
      <h3 id={headingId} className="travellers__heading">
        Travellers
      </h3>
      {body}
      {rows && editable ? (
        <form
          id={formId}
          ref={formRef}
          className="travellers__form"
          noValidate
          aria-busy={saving}
          aria-label={`Travellers for ${tourTitle}`}
          onSubmit={onSubmit}
        >
          {errors.list ? (
            <p className="booking-form__failure" role="alert">
              {errors.list}
            </p>
          ) : null}
          {rows.map((row, i) => (
            <fieldset key={i} className="travellers__person">
              <legend>{i === 0 ? 'Traveller 1 (lead)' : `Traveller ${i + 1}`}</legend>
              <TravellerFields
                row={row}
                errors={errors.rows[i] ?? {}}
                onChange={change(i)}
                fields={TRAVELLER_FIELDS}
                today={today}
                firstRef={i === 0 ? firstRef : i === rows.length - 1 ? lastRef : undefined}
              />
              {i > 0 ? (
                <button type="button" className="btn btn--ghost" onClick={() => remove(i)}>
                  Remove traveller {i + 1}
                </button>
              ) : null}
            </fieldset>
          ))}
          <div className="travellers__actions">
            {rows.length < numberOfPeople ? (
              <button type="button" className="btn btn--secondary" onClick={addRow}>
                Add traveller {rows.length + 1} of {numberOfPeople}
              </button>
            ) : null}
            <button type="button" className="btn btn--ghost" onClick={stopEditing} disabled={saving}>
              Cancel
            </button>
            <button type="submit" className="btn btn--primary" disabled={saving}>
              {saving ? 'Saving…' : 'Save travellers'}
            </button>
          </div>
        </form>
      ) : null}
      <p className="travellers__status" aria-live="polite" aria-atomic="true" data-testid="travellers-status">
        {status}
      </p>
    </section>
  );
}
