import { describe, expect, it } from 'vitest';
import {
  BOOKING_HORIZON_MONTHS,
  bookingEndDate,
  defaultBookingDates,
  latestStartDate,
  startBeyondHorizon,
  tripNights,
  validateBookingForm,
  type BookingFormValues,
} from './booking.js';

describe("defaultBookingDates (the booking form starts on the tour's departure, else today)", () => {
  const today = '2030-03-10';

  it("offers the tour's departure day, ending after its nights", () => {
    expect(defaultBookingDates({ departureTime: '2030-04-01T05:00:00.000Z', durationNights: 6 }, today)).toEqual({
      startDate: '2030-04-01',
      endDate: '2030-04-07',
    });
    expect(defaultBookingDates({ departureTime: '2030-04-01T05:00:00.000Z', durationDays: 7 }, today)).toEqual({
      startDate: '2030-04-01',
      endDate: '2030-04-07',
    });
  });

  it('takes the departure day as Tanzania counts it (UTC+3), the day the tour page shows', () => {
    expect(defaultBookingDates({ departureTime: '2030-03-31T22:00:00.000Z', durationNights: 1 }, today)).toEqual({
      startDate: '2030-04-01',
      endDate: '2030-04-02',
    });
  });

  it('starts today when the tour has no departure or it has passed, ending after its nights', () => {
    expect(defaultBookingDates({ durationNights: 2 }, today)).toEqual({ startDate: today, endDate: '2030-03-12' });
    expect(defaultBookingDates({ departureTime: '2030-01-01T05:00:00Z', durationNights: 2 }, today)).toEqual({
      startDate: today,
      endDate: '2030-03-12',
    });
    expect(defaultBookingDates({}, today)).toEqual({ startDate: today, endDate: today });
  });

  it('ignores an unreadable departure', () => {
    expect(defaultBookingDates({ departureTime: 'soon' }, today)).toEqual({ startDate: today, endDate: today });
  });
});

describe("a trip ends after the tour's length and starts within the booking horizon", () => {
  const ok: BookingFormValues = {
    name: 'Neema Kimaro',
    email: 'neema@example.com',
    phone: '+255 713 000 111',
    startDate: '2027-01-14',
    endDate: '2027-01-20',
    numberOfPeople: 2,
  };
  const week = { durationDays: 7, durationNights: 6 };
  const rules = { today: '2027-01-01', capacity: 12, tour: week, horizonMonths: 24 };

  it("spans the tour's nights, else one fewer than its days, else a single day", () => {
    expect(tripNights(week)).toBe(6);
    expect(tripNights({ durationDays: 7 })).toBe(6);
    expect(tripNights({ durationDays: 1, durationNights: 0 })).toBe(0);
    expect(tripNights({})).toBe(0);
    expect(bookingEndDate('2027-01-14', week)).toBe('2027-01-20');
  });
  it('takes the end that follows from the start, or none (it is filled in), and refuses any other', () => {
    expect(validateBookingForm(ok, rules)).toEqual([]);
    expect(validateBookingForm({ ...ok, endDate: '' }, rules)).toEqual([]);
    expect(validateBookingForm({ ...ok, endDate: '9999-12-31' }, rules)).toEqual([
      { field: 'endDate', message: 'End date must be 2027-01-20: this tour lasts 7 days' },
    ]);
    expect(
      validateBookingForm({ ...ok, endDate: '2027-01-15' }, { ...rules, tour: { durationDays: 1 } })[0]?.message,
    ).toBe('End date must be 2027-01-14: this tour lasts 1 day');
  });
  it('refuses a start past the horizon, which is configurable', () => {
    expect(latestStartDate('2027-01-01', 24)).toBe('2029-01-01');
    expect(startBeyondHorizon('2029-01-01', '2027-01-01', 24)).toBeNull();
    expect(startBeyondHorizon('2029-01-02', '2027-01-01', 24)).toBe(
      'Start date can be at most 24 months ahead (2029-01-01 at the latest)',
    );
    const far = { ...ok, startDate: '9999-01-01', endDate: '9999-01-07' };
    expect(validateBookingForm(far, rules)).toEqual([
      { field: 'startDate', message: 'Start date can be at most 24 months ahead (2029-01-01 at the latest)' },
    ]);
    expect(
      validateBookingForm({ ...far, startDate: '2030-01-01', endDate: '2030-01-07' }, { ...rules, horizonMonths: 36 }),
    ).toEqual([]);
    expect(BOOKING_HORIZON_MONTHS).toBe(24);
  });
});
