import { describe, expect, it } from 'vitest';
import { defaultBookingDates } from './booking.js';

describe('defaultBookingDates (the booking form starts on the tour dates, else today)', () => {
  const today = '2030-03-10';

  it("offers the tour's departure and return days", () => {
    expect(defaultBookingDates({ departureTime: '2030-04-01T05:00:00.000Z', returnTime: '2030-04-07T16:00:00.000Z', durationNights: 6 }, today))
      .toEqual({ startDate: '2030-04-01', endDate: '2030-04-07' });
  });

  it('starts today when the tour has no departure or it has passed, ending after its nights', () => {
    expect(defaultBookingDates({ durationNights: 2 }, today)).toEqual({ startDate: today, endDate: '2030-03-12' });
    expect(defaultBookingDates({ departureTime: '2030-01-01T05:00:00Z', returnTime: '2030-01-03T05:00:00Z', durationNights: 2 }, today))
      .toEqual({ startDate: today, endDate: '2030-03-12' });
    expect(defaultBookingDates({}, today)).toEqual({ startDate: today, endDate: today });
  });

  it('ignores a return before the departure and unreadable dates', () => {
    expect(defaultBookingDates({ departureTime: '2030-04-01T05:00:00Z', returnTime: '2030-03-01T05:00:00Z', durationNights: 1 }, today))
      .toEqual({ startDate: '2030-04-01', endDate: '2030-04-02' });
    expect(defaultBookingDates({ departureTime: 'soon', returnTime: null }, today)).toEqual({ startDate: today, endDate: today });
  });
});
