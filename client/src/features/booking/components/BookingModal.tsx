import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { useMutation, useQuery } from '@apollo/client/react';
import { TOUR_DEFAULTS, localIsoDate, maxPeople, travellerProblems } from '@tembea/schema';
import { useAuth } from '../../../auth/AuthProvider';
import { Dialog } from '../../../components/Dialog';
import { focusFirstInvalid, TextAreaField, TextField } from '../../../components/FormField';
import { errorMessage, needsLogin, serverFieldErrors } from '../../../lib/errors';
import { BOOKING_QUOTE } from '../../../lib/quote.operations';
import { CREATE_BOOKING } from '../api/booking.operations';
import {
  canQuote,
  FORM_FIELDS,
  initialBookingForm,
  peopleOf,
  toBookingValues,
  validateForm,
  withStartDate,
  type BookableTour,
  type BookingField,
  type BookingFormState,
  type FieldErrors,
} from '../lib/booking-form';
import { DEFAULT_MEMBER, leadAgeBand, partyGroups, resizeParty, type PartyMember } from '../lib/party';
import { EMPTY_TRAVELLER, travellerInputOf, type TravellerField, type TravellerFormRow } from '../lib/traveller-form';
import { BookingSummary } from './BookingSummary';
import { PartyPicker } from './PartyPicker';
import { TravellerFields } from './TravellerFields';
import '../booking.css';

export const BOOKING_FAILED = 'Booking failed';

/** What the booking form asks of the lead traveller; the name is the booking's Full Name. */
const LEAD_FIELDS: readonly TravellerField[] = ['dateOfBirth', 'nationality', 'residency', 'passportNumber'];
type LeadErrors = Partial<Record<TravellerField, string>>;

/** The shared traveller rules for the lead's own fields (the name is checked as the booking's). */
function leadProblems(lead: TravellerFormRow, name: string, today: string): LeadErrors {
  const errors: LeadErrors = {};
  for (const p of travellerProblems({ ...travellerInputOf(lead), fullName: name.trim() || 'Lead' }, today)) {
    const field = p.field as TravellerField;
    if (LEAD_FIELDS.includes(field) && !errors[field]) errors[field] = p.message;
  }
  return errors;
}

/** The server's complaints about the lead traveller ('leadTraveller.dateOfBirth'), by field. */
function leadErrorsFrom(byField: Record<string, string>): LeadErrors {
  const errors: LeadErrors = {};
  for (const [path, message] of Object.entries(byField)) {
    const field = /^leadTraveller\.(\w+)$/.exec(path)?.[1] as TravellerField | undefined;
    if (field && LEAD_FIELDS.includes(field)) errors[field] ??= message;
  }
  return errors;
}

export interface BookingModalProps {
  open: boolean;
  tour: BookableTour;
  /** False while the tour page only holds the list card's subset of the tour: nothing is sent then. */
  loaded: boolean;
  /** The booking type and tier chosen on the tour page. */
  bookingType: string;
  tier: string;
  onClose: () => void;
  /** The request was received: the tour page shows its banner (and the pay button for this booking). */
  onBooked: (bookingId: string) => void;
  /** The server wants a signed-in user: the tour page asks the visitor to log in. */
  onLoginRequired: () => void;
  /** The trip was priced for the party given (park fees included): the tour page's bar shows it. */
  onPartyPriced?: (priced: { numberOfPeople: number; grandTotal: number }) => void;
}

/** The booking modal: 'Book {tour title}', a fresh form each time it opens. */
export function BookingModal(props: BookingModalProps) {
  const [sending, setSending] = useState(false);
  const firstField = useRef<HTMLInputElement>(null);
  const title = props.tour.title?.trim() || TOUR_DEFAULTS.title;
  return (
    <Dialog
      open={props.open}
      title={`Book ${title}`}
      onClose={sending ? undefined : props.onClose}
      className="booking-modal"
      initialFocus={firstField}
    >
      <BookingForm {...props} sending={sending} setSending={setSending} firstField={firstField} />
    </Dialog>
  );
}

function BookingForm({
  tour,
  loaded,
  bookingType,
  tier,
  onClose,
  onBooked,
  onLoginRequired,
  onPartyPriced,
  sending,
  setSending,
  firstField,
}: BookingModalProps & {
  sending: boolean;
  setSending: (v: boolean) => void;
  firstField: RefObject<HTMLInputElement | null>;
}) {
  const { user } = useAuth();
  const today = localIsoDate();
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState<BookingFormState>(() => initialBookingForm(tour, user, today));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [members, setMembers] = useState<PartyMember[]>([{ ...DEFAULT_MEMBER }]);
  const [lead, setLead] = useState<TravellerFormRow>({ ...EMPTY_TRAVELLER });
  const [leadErrors, setLeadErrors] = useState<LeadErrors>({});
  // Whether the visitor said anything about who travels (beyond the default of one non-resident adult).
  const [partyTold, setPartyTold] = useState(false);
  const [createBooking] = useMutation(CREATE_BOOKING);
  const max = maxPeople(tour.capacity);

  /** The lead's residency and (from the date of birth) age band describe the party's first person. */
  const withLead = (all: PartyMember[], l: TravellerFormRow, startDate: string): PartyMember[] =>
    all.map((m, i) =>
      i === 0
        ? { residency: l.residency || m.residency, ageBand: leadAgeBand(l.dateOfBirth, startDate) ?? m.ageBand }
        : m,
    );

  const set = (field: BookingField) => (e: { target: { value: string } }) => {
    const value = e.target.value;
    if (field === 'startDate') {
      setForm((f) => withStartDate(f, value, tour));
      setMembers((all) => withLead(all, lead, value));
    } else setForm((f) => ({ ...f, [field]: value }));
    if (field === 'numberOfPeople' && /^\s*\d+\s*$/.test(value)) {
      setMembers((all) => resizeParty(all, Math.min(Number(value), max)));
      setPartyTold(true);
    }
    if (errors[field]) setErrors((all) => ({ ...all, [field]: undefined }));
  };

  const setLeadField = (field: TravellerField, value: string) => {
    const next = { ...lead, [field]: value };
    setLead(next);
    if (field === 'residency' || field === 'dateOfBirth') {
      setMembers((all) => withLead(all, next, form.startDate));
      setPartyTold(true);
    }
    if (leadErrors[field]) setLeadErrors((all) => ({ ...all, [field]: undefined }));
  };

  const people = peopleOf(form);
  // The rows follow the number of people while it is a count the form accepts.
  const shownMembers = resizeParty(members, people >= 1 && people <= max ? people : members.length);
  const party = partyGroups(shownMembers);
  const quoteVars = canQuote(form, tour, today)
    ? { tourId: tour.id!, startDate: form.startDate, numberOfPeople: people, bookingType, tier, party }
    : null;
  // The same query as the summary's (one cached answer): it says whether the trip enters any park.
  const { data: quoted, previousData: quotedBefore } = useQuery(BOOKING_QUOTE, {
    variables: quoteVars ?? { tourId: '', startDate: '', numberOfPeople: 1, bookingType: '', tier: '' },
    skip: !quoteVars,
  });
  const entersParks = !!(quoted ?? quotedBefore)?.quote.parkFees;
  const partyQuote = quoted?.quote;
  useEffect(() => {
    if (partyTold && partyQuote?.parkFees && !partyQuote.parkFees.partyAssumed && partyQuote.grandTotal != null)
      onPartyPriced?.({ numberOfPeople: partyQuote.numberOfPeople, grandTotal: partyQuote.grandTotal });
  }, [partyTold, partyQuote, onPartyPriced]);

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (sending || !loaded || !tour.id) return;
    const found = validateForm(form, tour, bookingType, tier, today);
    const foundLead = leadProblems(lead, form.name, today);
    flushSync(() => {
      setErrors(found);
      setLeadErrors(foundLead);
      setFailure(null);
    });
    if (Object.keys(found).length || Object.keys(foundLead).length) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setSending(true);
    try {
      const { data } = await createBooking({
        variables: {
          input: {
            tourId: tour.id,
            ...toBookingValues(form, bookingType, tier),
            // Who travels prices the park fees frozen with the booking; a trip outside the parks needs none.
            ...(entersParks ? { party } : {}),
            ...(LEAD_FIELDS.some((f) => lead[f].trim())
              ? { leadTraveller: travellerInputOf({ ...lead, fullName: form.name }) }
              : {}),
          },
        },
      });
      setSending(false);
      onBooked(data?.createBooking.booking.id ?? '');
    } catch (err) {
      setSending(false);
      if (needsLogin(err)) return onLoginRequired();
      const byField = serverFieldErrors(err);
      const shown = Object.fromEntries(
        FORM_FIELDS.filter((f) => byField[f]).map((f) => [f, byField[f]]),
      ) as FieldErrors;
      // The lead's name is the booking's Full Name: a complaint about it belongs there.
      if (byField['leadTraveller.fullName'] && !shown.name) shown.name = byField['leadTraveller.fullName'];
      const shownLead = leadErrorsFrom(byField);
      const others = Object.entries(byField)
        .filter(([f]) => !(FORM_FIELDS as readonly string[]).includes(f) && !f.startsWith('leadTraveller.'))
        .map(([, m]) => m);
      const anyShown = Object.keys(shown).length + Object.keys(shownLead).length > 0;
      flushSync(() => {
        setErrors(shown);
        setLeadErrors(shownLead);
        setFailure(others.length ? others.join(' ') : anyShown ? null : errorMessage(err, BOOKING_FAILED));
      });
      if (anyShown) focusFirstInvalid(formRef.current);
    }
  };

  return (
    <form ref={formRef} className="booking-form" noValidate onSubmit={onSubmit} aria-busy={sending}>
      {failure ? (
        <p className="booking-form__failure" role="alert">
          {failure}
        </p>
      ) : null}
      <div className="booking-form__grid">
        <TextField
          ref={firstField}
          label="Full Name"
          requiredMark
          required
          name="name"
          autoComplete="name"
          value={form.name}
          error={errors.name}
          onChange={set('name')}
        />
        <TextField
          label="Email"
          requiredMark
          required
          type="email"
          name="email"
          autoComplete="email"
          value={form.email}
          error={errors.email}
          onChange={set('email')}
        />
        <TextField
          label="Phone"
          requiredMark
          required
          type="tel"
          name="phone"
          autoComplete="tel"
          value={form.phone}
          error={errors.phone}
          onChange={set('phone')}
          hint="Include the country code, e.g. +255 754 123 456"
        />
        <TextField
          label="Number of People"
          requiredMark
          required
          type="number"
          name="numberOfPeople"
          inputMode="numeric"
          min={1}
          max={max}
          step={1}
          value={form.numberOfPeople}
          error={errors.numberOfPeople}
          onChange={set('numberOfPeople')}
          hint={`From 1 to ${max}`}
        />
        <TextField
          label="Start Date"
          requiredMark
          required
          type="date"
          name="startDate"
          min={today}
          value={form.startDate}
          error={errors.startDate}
          onChange={set('startDate')}
        />
        <TextField
          label="End Date"
          requiredMark
          required
          type="date"
          name="endDate"
          readOnly
          value={form.endDate}
          error={errors.endDate}
          hint="Follows from the start date and the tour's length"
        />
      </div>
      <TextAreaField
        label="Special Requests"
        name="notes"
        rows={3}
        value={form.notes}
        error={errors.notes}
        onChange={set('notes')}
        placeholder="Dietary restrictions, accessibility needs or anything else we should know"
      />
      <fieldset className="booking-form__lead">
        <legend>Lead traveller</legend>
        <p className="form-field__hint">
          For the park permits; passport optional. Add the others later in My Bookings.
        </p>
        <TravellerFields row={lead} errors={leadErrors} onChange={setLeadField} fields={LEAD_FIELDS} today={today} />
      </fieldset>
      {entersParks ? (
        <PartyPicker
          members={shownMembers}
          onChange={(next) => {
            setMembers(next);
            setPartyTold(true);
          }}
        />
      ) : null}
      <p className="booking-form__choice">
        <span>{bookingType === 'private' ? 'Private' : 'Group'} booking</span> · <span>{tier}</span> tier
      </p>
      <BookingSummary variables={quoteVars} />
      <div className="booking-form__actions">
        <button type="button" className="btn btn--secondary" onClick={onClose} disabled={sending}>
          Cancel
        </button>
        <button type="submit" className="btn btn--primary" disabled={sending}>
          {sending ? 'Processing...' : 'Confirm Booking'}
        </button>
      </div>
    </form>
  );
}
