import { describe, expect, it } from 'vitest';
import { NAME_RULE, NOTES_LINK_RULE, validateBookingForm, type BookingFormValues } from './booking.js';
import { hasLink, isPersonName } from './validation.js';

describe('text a booker writes carries no link (the booking mails print it)', () => {
  it('takes names of letters in any script, spaces, apostrophes, hyphens and dots', () => {
    for (const name of [
      'José',
      'Nkosi-Mbeki',
      "O'Neil",
      'O’Neil',
      'Dr. Ama',
      'J.R.R. Tolkien',
      'Zoë Ñandú',
      'Ṣadé Adébáyọ̀',
      '王小明',
      'Neema Kimaro',
    ]) {
      expect(isPersonName(name), name).toBe(true);
    }
  });
  it('refuses digits, symbols and anything a mail reader turns into a link', () => {
    for (const name of [
      'Neema2',
      'Win $500',
      'a@b',
      'evil.com',
      'Click evil.com now',
      'www.x',
      'http://x',
      'St.John',
      '...',
      "'-",
      'Neema <b>',
    ]) {
      expect(isPersonName(name), name).toBe(false);
    }
  });
  it("finds a scheme, 'www.' or a domain in free text, not abbreviations or times", () => {
    for (const t of [
      'see https://x',
      'www.example',
      'pay at pay-here.co.tz',
      'EVIL.COM',
      'mail me: a@evil.example',
      'evil.xn--p1ai',
      'hotel.Thanks',
    ]) {
      expect(hasLink(t), t).toBe(true);
    }
    for (const t of [
      'Vegetarian meals, please',
      'e.g. no nuts',
      'i.e. vegan',
      'Arrive 9.30am',
      'Room for 2. Thanks',
      'Dr. Ama',
      'a..b',
    ]) {
      expect(hasLink(t), t).toBe(false);
    }
  });
  it('reads a long text in linear time', () => {
    const started = Date.now();
    expect(hasLink('a.'.repeat(50_000))).toBe(false);
    expect(hasLink('a.a.a.a.a1'.repeat(10_000))).toBe(false);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  const ok: BookingFormValues = {
    name: 'Neema Kimaro',
    email: 'neema@example.com',
    phone: '+255 713 000 111',
    startDate: '2027-01-10',
    endDate: '2027-01-10',
    numberOfPeople: 2,
  };
  const rules = { today: '2027-01-01', capacity: 12 };
  it('gives the form a clear message for a name or special requests with a link', () => {
    expect(validateBookingForm({ ...ok, name: 'Win at evil.com' }, rules)).toEqual([
      { field: 'name', message: NAME_RULE },
    ]);
    expect(validateBookingForm({ ...ok, notes: 'Details at https://evil.example/x' }, rules)).toEqual([
      { field: 'notes', message: NOTES_LINK_RULE },
    ]);
    expect(validateBookingForm({ ...ok, name: 'Dr. Ama', notes: 'e.g. no nuts' }, rules)).toEqual([]);
  });
});
