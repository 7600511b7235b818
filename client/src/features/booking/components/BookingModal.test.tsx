import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY, addDays, localIsoDate } from '@tembea/schema';
import { useAuth } from '../../../auth/AuthProvider';
import { fakeJwt, mockClient, Providers, TEST_USER, type Call, type MockResult } from '../../../test/auth';
import { quoteAnswer } from '../../../test/quote-fixtures';
import { BookingModal, type BookingModalProps } from './BookingModal';
import { seatsNote } from './BookingSummary';

const today = localIsoDate();
const departure = addDays(today, 60);
const tour = {
  id: '12',
  title: 'Serengeti Safari',
  capacity: 8,
  durationNights: 3,
  departureTime: `${departure}T05:00:00.000Z`,
};

const quote = (vars: Record<string, unknown>) => quoteAnswer(vars);

const created = {
  data: {
    createBooking: {
      __typename: 'CreateBookingPayload',
      message: 'Booking request received.',
      booking: {
        __typename: 'Booking',
        id: '501',
        tourId: '12',
        tourTitle: 'Serengeti Safari',
        startDate: departure,
        endDate: addDays(departure, 3),
        numberOfPeople: 2,
        bookingType: 'private',
        tier: 'Luxury',
        status: 'Pending',
        canCancel: true,
        price: {
          __typename: 'BookingPrice',
          priced: true,
          earlyBird: false,
          earlyBirdDiscount: 0,
          total: 2000,
          parkFees: null,
          grandTotal: 2000,
          deposit: 60,
          balance: 1940,
          balanceDueDate: addDays(departure, -30),
          currency: 'USD',
        },
      },
    },
  },
};

function gqlError(message: string, code: string, fields?: { field: string; message: string }[]) {
  return { errors: [{ message, extensions: { code, ...(fields ? { fields } : {}) } }] };
}

/** Opens the modal once the signed-in user is known, as the tour page does. */
function Harness(props: Partial<BookingModalProps>) {
  const { user } = useAuth();
  if (!user) return <p>Checking session</p>;
  return (
    <BookingModal
      open
      tour={tour}
      loaded
      bookingType="private"
      tier="Luxury"
      onClose={() => undefined}
      onBooked={() => undefined}
      onLoginRequired={() => undefined}
      {...props}
    />
  );
}

function renderModal(
  booking: (call: Call) => MockResult | Promise<MockResult>,
  props: Partial<BookingModalProps> = {},
) {
  localStorage.setItem(TOKEN_KEY, fakeJwt({ sub: '7', role: 'user', exp: Math.floor(Date.now() / 1000) + 900 }));
  const mock = mockClient((call) => {
    if (call.operationName === 'Me') return { data: { me: TEST_USER } };
    if (call.operationName === 'BookingQuote') return quote(call.variables);
    return booking(call);
  });
  const handlers = { onBooked: vi.fn(), onLoginRequired: vi.fn(), onClose: vi.fn() };
  render(
    <Providers client={mock.client}>
      <Harness {...handlers} {...props} />
    </Providers>,
  );
  const bookings = () => mock.calls.filter((c) => c.operationName === 'CreateBooking');
  return { ...mock, ...handlers, bookings };
}

const field = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;

describe('BookingModal', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.restoreAllMocks());

  it("starts from the user's details and the tour's dates, shows seats and price live, and sends the chosen type and tier", async () => {
    const m = renderModal(() => created);
    const dialog = await screen.findByRole('dialog', { name: 'Book Serengeti Safari' });
    expect(field('Full Name').value).toBe('Amani Mushi Kileo');
    // The dialog moves the focus once it is shown, a tick after it appears.
    await waitFor(() => expect(document.activeElement).toBe(field('Full Name')));
    expect(field('Email').value).toBe('amani@example.com');
    expect(field('Phone').type).toBe('tel');
    expect(field('Phone').value).toBe('+255 754 000 111');
    expect(field('Start Date').value).toBe(departure);
    expect(field('Start Date').min).toBe(today);
    expect(field('End Date').value).toBe(addDays(departure, 3));
    expect(field('Number of People').value).toBe('1');
    expect(field('Number of People').max).toBe('8');
    expect(field('Special Requests').placeholder).toMatch(/dietary restrictions.*accessibility/i);
    expect(dialog.querySelector('.booking-form__choice')?.textContent).toBe('Private booking · Luxury tier');

    expect((await within(dialog).findByTestId('booking-seats')).textContent).toMatch(
      /is open: a private booking travels as its own party/,
    );
    expect(within(dialog).getByTestId('booking-total').textContent).toBe('$1,000.00');
    fireEvent.change(field('Number of People'), { target: { value: '2' } });
    await waitFor(() => expect(within(dialog).getByTestId('booking-total').textContent).toBe('$2,000.00'));
    // The end date follows a new start date (plus the tour's nights); it is never typed.
    fireEvent.change(field('Start Date'), { target: { value: addDays(departure, 7) } });
    expect(field('End Date').value).toBe(addDays(departure, 10));
    expect(field('End Date').readOnly).toBe(true);

    fireEvent.change(field('Special Requests'), { target: { value: '  Vegetarian meals ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm Booking' }));
    await waitFor(() => expect(m.onBooked).toHaveBeenCalledTimes(1));
    // The new booking's id goes to the tour page, which offers to pay it.
    expect(m.onBooked).toHaveBeenCalledWith('501');
    expect(m.bookings()[0]!.variables).toEqual({
      input: {
        tourId: '12',
        name: 'Amani Mushi Kileo',
        email: 'amani@example.com',
        phone: '+255 754 000 111',
        startDate: addDays(departure, 7),
        endDate: addDays(departure, 10),
        numberOfPeople: 2,
        notes: 'Vegetarian meals',
        bookingType: 'private',
        tier: 'Luxury',
      },
    });
  });

  it('checks the form with the shared rules before sending: errors by their fields, accessible, first one focused', async () => {
    const m = renderModal(() => created);
    await screen.findByRole('dialog', { name: 'Book Serengeti Safari' });
    fireEvent.change(field('Full Name'), { target: { value: '  ' } });
    fireEvent.change(field('Email'), { target: { value: 'amani-at-example' } });
    fireEvent.change(field('Number of People'), { target: { value: '9' } });
    fireEvent.change(field('Special Requests'), { target: { value: 'Details at www.example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Booking' }));

    const name = field('Full Name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(name.getAttribute('aria-describedby')!)?.textContent).toBe('Full name is required');
    expect(document.activeElement).toBe(name);
    const email = field('Email');
    expect(document.getElementById(email.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Please enter a valid email address',
    );
    expect(field('Number of People').getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Number of people must be from 1 to 8')).toBeTruthy();
    expect(screen.getByText('Special requests cannot contain a link or web address')).toBeTruthy();
    expect(field('Phone').getAttribute('aria-invalid')).toBeNull();
    expect(m.bookings()).toHaveLength(0);
  });

  it('shows the name rule of the shared booking rules: letters, spaces, apostrophes, hyphens and dots, no link', async () => {
    const m = renderModal(() => created);
    await screen.findByRole('dialog', { name: 'Book Serengeti Safari' });
    fireEvent.change(field('Full Name'), { target: { value: 'Prize at evil.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    expect(
      screen.getByText('Full name may contain only letters, spaces, apostrophes, hyphens and dots, and no web address'),
    ).toBeTruthy();
    expect(m.bookings()).toHaveLength(0);
    fireEvent.change(field('Full Name'), { target: { value: "Dr. Ama O'Neil-Mensah" } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    await waitFor(() => expect(m.bookings()).toHaveLength(1));
  });

  it('reads Processing... and cannot be sent twice or closed while sending', async () => {
    let answer!: (r: MockResult) => void;
    const m = renderModal(
      () =>
        new Promise<MockResult>((r) => {
          answer = r;
        }),
    );
    await screen.findByRole('dialog', { name: 'Book Serengeti Safari' });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    const sending = await screen.findByRole('button', { name: 'Processing...' });
    expect((sending as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    fireEvent.click(sending);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(m.onClose).not.toHaveBeenCalled();
    expect(m.bookings()).toHaveLength(1);
    await act(async () => answer(created));
    await waitFor(() => expect(m.onBooked).toHaveBeenCalledTimes(1));
  });

  it("shows the server's errors inside the modal: field errors by their fields, others as an alert", async () => {
    const answers: MockResult[] = [
      gqlError('Start date cannot be before today', 'BAD_USER_INPUT', [
        { field: 'startDate', message: 'Start date cannot be before today' },
      ]),
      gqlError('Only 2 seats left on this departure', 'CONFLICT'),
      gqlError('Tier must be one of Budget, Luxury', 'BAD_USER_INPUT', [
        { field: 'tier', message: 'Tier must be one of Budget, Luxury' },
      ]),
    ];
    const m = renderModal(() => answers.shift()!);
    const dialog = await screen.findByRole('dialog', { name: 'Book Serengeti Safari' });
    const submit = () => fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm Booking' }));

    submit();
    await waitFor(() => expect(field('Start Date').getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('Start date cannot be before today')).toBeTruthy();
    expect(within(dialog).queryByRole('alert')).toBeNull();

    submit();
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Only 2 seats left on this departure');
    expect(field('Start Date').getAttribute('aria-invalid')).toBeNull();

    submit();
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe('Tier must be one of Budget, Luxury'),
    );
    expect(m.onBooked).not.toHaveBeenCalled();
  });

  it("checks the lead traveller's details, and shows the server's complaints about them by the fields", async () => {
    const m = renderModal(() =>
      gqlError('A passport number is 5 to 20 letters and digits', 'BAD_USER_INPUT', [
        { field: 'leadTraveller.passportNumber', message: 'A passport number is 5 to 20 letters and digits' },
      ]),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Book Serengeti Safari' });
    const lead = within(dialog).getByRole('group', { name: 'Lead traveller' });
    const dob = within(lead).getByLabelText('Date of birth') as HTMLInputElement;
    fireEvent.change(dob, { target: { value: addDays(today, 1) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm Booking' }));
    expect(within(lead).getByText('The date of birth cannot be in the future')).toBeTruthy();
    expect(document.activeElement).toBe(dob);
    expect(m.bookings()).toHaveLength(0);

    fireEvent.change(dob, { target: { value: '1990-02-01' } });
    fireEvent.change(within(lead).getByLabelText('Passport number (optional)'), { target: { value: 'AB12345' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm Booking' }));
    const passport = within(lead).getByLabelText('Passport number (optional)');
    await waitFor(() => expect(passport.getAttribute('aria-invalid')).toBe('true'));
    expect(within(lead).getByText('A passport number is 5 to 20 letters and digits')).toBeTruthy();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(m.bookings()[0]!.variables.input).toMatchObject({
      leadTraveller: { fullName: 'Amani Mushi Kileo', dateOfBirth: '1990-02-01', passportNumber: 'AB12345' },
    });
    // A tour outside the parks asks nobody who travels.
    expect(within(dialog).queryByTestId('party-picker')).toBeNull();
    expect(m.bookings()[0]!.variables.input).not.toHaveProperty('party');
  });

  it('hands an authentication error to the tour page, which asks the visitor to log in', async () => {
    const m = renderModal(() => gqlError('Authentication required. Please login.', 'UNAUTHENTICATED'));
    await screen.findByRole('dialog', { name: 'Book Serengeti Safari' });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    await waitFor(() => expect(m.onLoginRequired).toHaveBeenCalledTimes(1));
    expect(m.onBooked).not.toHaveBeenCalled();
  });

  it('sends nothing while the tour is not loaded or has no id', async () => {
    const m = renderModal(() => created, { loaded: false });
    await screen.findByRole('dialog', { name: 'Book Serengeti Safari' });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    await new Promise((r) => setTimeout(r, 20));
    expect(m.bookings()).toHaveLength(0);
    expect(m.onBooked).not.toHaveBeenCalled();
  });

  it('says how the start date stands for a group: seats left, few left, too few, sold out or closed', () => {
    const q = { startDate: '2031-07-01', bookingType: 'group', numberOfPeople: 2 };
    expect(seatsNote({ ...q, availability: 'AVAILABLE', seatsLeft: 12 })).toEqual({
      text: '12 seats left on 1 Jul 2031.',
      tone: 'ok',
    });
    expect(seatsNote({ ...q, availability: 'LIMITED', seatsLeft: 3 })).toEqual({
      text: 'Only 3 seats left on 1 Jul 2031.',
      tone: 'warn',
    });
    expect(seatsNote({ ...q, availability: 'LIMITED', seatsLeft: 1 }).text).toBe(
      'Only 1 seat left on 1 Jul 2031: choose fewer people or another date.',
    );
    expect(seatsNote({ ...q, availability: 'SOLD_OUT', seatsLeft: 0 })).toEqual({
      text: '1 Jul 2031 is sold out. Please choose another date.',
      tone: 'stop',
    });
    expect(seatsNote({ ...q, availability: 'CLOSED', seatsLeft: 0 }).text).toBe(
      '1 Jul 2031 is closed to bookings. Please choose another date.',
    );
  });
});
