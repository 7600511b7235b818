import { describe, expect, it } from 'vitest';
import {
  BOOKING_STATUSES,
  bookingActions,
  bookingStatusesFor,
  canTravellerCancel,
  cancellationTerms,
  defaultBookingTier,
  bookingEndDate,
  defaultBookingType,
  tourPriceLabel,
  departureStatus,
  isIsoDay,
  maxPeople,
  nextBookingStatus,
  parseBookingStatus,
  transitionRefusal,
  travellerToday,
  validateBookingForm,
  type BookingFormValues,
} from './booking.js';

describe('booking status machine', () => {
  it('confirms only Pending, completes only Confirmed, cancels anything but Cancelled or Completed', () => {
    const table = Object.fromEntries(
      BOOKING_STATUSES.map((s) => [
        s,
        {
          confirm: nextBookingStatus(s, 'confirm'),
          complete: nextBookingStatus(s, 'complete'),
          cancel: nextBookingStatus(s, 'cancel'),
        },
      ]),
    );
    expect(table).toEqual({
      Pending: { confirm: 'Confirmed', complete: null, cancel: 'Cancelled' },
      Confirmed: { confirm: null, complete: 'Completed', cancel: 'Cancelled' },
      Cancelled: { confirm: null, complete: null, cancel: null },
      Completed: { confirm: null, complete: null, cancel: null },
    });
  });

  it('lists the sources of each action and the buttons of each status', () => {
    expect(bookingStatusesFor('confirm')).toEqual(['Pending']);
    expect(bookingStatusesFor('complete')).toEqual(['Confirmed']);
    expect(bookingStatusesFor('cancel')).toEqual(['Pending', 'Confirmed']);
    expect(bookingActions('Pending')).toEqual(['confirm', 'cancel']);
    expect(bookingActions('Confirmed')).toEqual(['complete', 'cancel']);
    expect(bookingActions('Completed')).toEqual([]);
  });

  it('reads statuses in any case and names both states when refusing', () => {
    expect(parseBookingStatus('confirmed')).toBe('Confirmed');
    expect(parseBookingStatus(' CANCELLED ')).toBe('Cancelled');
    expect(parseBookingStatus('approved')).toBeNull();
    expect(parseBookingStatus(3)).toBeNull();
    expect(transitionRefusal('Completed', 'Cancelled')).toBe('A Completed booking cannot be changed to Cancelled');
    expect(transitionRefusal('Cancelled', 'Cancelled')).toBe('This booking is already Cancelled');
  });

  it('lets travellers cancel Pending or Confirmed bookings before the start date only', () => {
    expect(canTravellerCancel({ status: 'Pending', startDate: '2027-01-10' }, '2027-01-09')).toBe(true);
    expect(canTravellerCancel({ status: 'Confirmed', startDate: '2027-01-10' }, '2027-01-10')).toBe(false);
    expect(canTravellerCancel({ status: 'Completed', startDate: '2027-01-10' }, '2026-01-01')).toBe(false);
  });
});

describe('cancellation terms', () => {
  it('gives a full refund minus fees 30 or more days ahead, and warns of charges later', () => {
    expect(cancellationTerms('2027-02-09', '2027-01-10')).toMatchObject({ fullRefund: true });
    expect(cancellationTerms('2027-02-08', '2027-01-10')).toMatchObject({ fullRefund: false });
    expect(cancellationTerms('2027-02-08', '2027-01-10').text).toMatch(/may incur charges/);
  });
});

describe('departure status', () => {
  const base = { capacity: 10, seatsTaken: 0, closed: false, startDate: '2027-03-01', tourStatus: 'active' };
  it('is AVAILABLE, LIMITED under half left, SOLD_OUT when full', () => {
    expect(departureStatus(base, '2027-01-01')).toBe('AVAILABLE');
    expect(departureStatus({ ...base, seatsTaken: 5 }, '2027-01-01')).toBe('AVAILABLE');
    expect(departureStatus({ ...base, seatsTaken: 6 }, '2027-01-01')).toBe('LIMITED');
    expect(departureStatus({ ...base, seatsTaken: 10 }, '2027-01-01')).toBe('SOLD_OUT');
  });
  it('is CLOSED when closed, past, or the tour is inactive or draft', () => {
    expect(departureStatus({ ...base, closed: true }, '2027-01-01')).toBe('CLOSED');
    expect(departureStatus(base, '2027-03-02')).toBe('CLOSED');
    expect(departureStatus({ ...base, tourStatus: 'draft' }, '2027-01-01')).toBe('CLOSED');
    expect(departureStatus({ ...base, tourStatus: 'Inactive' }, '2027-01-01')).toBe('CLOSED');
  });
});

describe('booking form rules', () => {
  const ok: BookingFormValues = {
    name: 'Neema Kimaro',
    email: 'neema@example.com',
    phone: '+255 713 000 111',
    startDate: '2027-01-10',
    endDate: '2027-01-12',
    numberOfPeople: 2,
  };
  const rules = { today: '2027-01-01', capacity: 12 };
  const fields = (v: Partial<BookingFormValues>, r: { today: string; capacity: number | null } = rules) =>
    validateBookingForm({ ...ok, ...v }, r).map((e) => e.field);

  it('accepts a complete request', () => {
    expect(validateBookingForm(ok, rules)).toEqual([]);
  });
  it('requires every field but the notes', () => {
    expect(fields({ name: ' ', email: '', phone: '', startDate: '', endDate: '' })).toEqual([
      'name',
      'email',
      'phone',
      'startDate',
      'endDate',
    ]);
  });
  it('checks email and phone formats', () => {
    expect(fields({ email: 'neema@', phone: 'call me' })).toEqual(['email', 'phone']);
  });
  it('refuses dates before today, impossible dates and an end before the start', () => {
    expect(fields({ startDate: '2026-12-31' })).toEqual(['startDate']);
    expect(fields({ startDate: '2027-02-30' })).toEqual(['startDate']);
    expect(validateBookingForm({ ...ok, endDate: '2027-01-09' }, rules)[0]?.message).toBe(
      'End date cannot be before the start date',
    );
  });
  it('takes 1 to the capacity, 20 when the tour has none', () => {
    expect(fields({ numberOfPeople: 0 })).toEqual(['numberOfPeople']);
    expect(fields({ numberOfPeople: 13 })).toEqual(['numberOfPeople']);
    expect(fields({ numberOfPeople: 1.5 })).toEqual(['numberOfPeople']);
    expect(fields({ numberOfPeople: 20 }, { today: rules.today, capacity: null })).toEqual([]);
    expect(validateBookingForm({ ...ok, numberOfPeople: 21 }, { today: rules.today, capacity: 0 })[0]?.message).toBe(
      'Number of people must be from 1 to 20',
    );
    expect(maxPeople(undefined)).toBe(20);
  });
  it('knows the booking types', () => {
    expect(fields({ bookingType: 'solo' })).toEqual(['bookingType']);
    expect(fields({ bookingType: 'Private' })).toEqual([]);
  });
});

describe('booking defaults and dates', () => {
  it("picks the tour's booking type and first tier", () => {
    expect(defaultBookingType('Private')).toBe('private');
    expect(defaultBookingType(null)).toBe('group');
    expect(defaultBookingTier('Mid-range, Luxury')).toBe('Mid-range');
    expect(defaultBookingTier('')).toBe('Standard');
    expect(bookingEndDate('2027-01-30', { durationNights: 3 })).toBe('2027-02-02');
  });
  it('prices a card as its page starts: the booking type and the first tier, else Contact for pricing', () => {
    const priceText = 'group budget:2750;group mid-range:3150;private luxury:5200';
    expect(tourPriceLabel({ priceText, bookingType: 'group', tiers: ['Mid-range', 'Budget'] })).toBe('$3,150.00');
    expect(tourPriceLabel({ priceText, tier: 'Budget, Mid-range' })).toBe('$2,750.00');
    expect(tourPriceLabel({ priceText, bookingType: 'Private', tiers: ['Luxury'] })).toBe('$5,200.00');
    expect(tourPriceLabel({ priceText, bookingType: 'private', tiers: ['Budget'] })).toBe('Contact for pricing');
    expect(tourPriceLabel({ priceText })).toBe('Contact for pricing');
    expect(tourPriceLabel({ price: 99.5, priceText })).toBe('$99.50');
  });
  it('takes only days from 0001-01-01 to 9999-12-31, the days the database stores', () => {
    for (const day of ['0001-01-01', '0050-02-28', '0400-02-29', '9999-12-31']) expect(isIsoDay(day), day).toBe(true);
    for (const day of [
      '0000-01-01',
      '0000-12-31',
      '0000-02-29',
      '+010000-01-01',
      '10000-01-01',
      '-0001-01-01',
      '2026-02-30',
      '2026-00-10',
      '2026-13-01',
      '2026-01-00',
      '0100-02-29',
      '2026-01-01T00:00:00Z',
      ' 2026-01-01',
      '２０２６-01-01',
    ])
      expect(isIsoDay(day), day).toBe(false);
  });
  it('validates calendar days and counts today from the last time zone', () => {
    expect(isIsoDay('2028-02-29')).toBe(true);
    expect(isIsoDay('2027-02-29')).toBe(false);
    expect(isIsoDay('2027-1-01')).toBe(false);
    expect(travellerToday(new Date('2027-01-10T11:00:00Z'))).toBe('2027-01-09');
    expect(travellerToday(new Date('2027-01-10T12:00:00Z'))).toBe('2027-01-10');
  });
});
