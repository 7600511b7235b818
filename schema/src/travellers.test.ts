import { describe, expect, it } from 'vitest';
import {
  missingTravellerDetails,
  normalisePassport,
  travellerDetailsDeadline,
  travellerProblems,
} from './travellers.js';

const today = '2026-11-25';
const fields = (t: Parameters<typeof travellerProblems>[0]) => travellerProblems(t, today).map((p) => p.field);

describe('traveller details', () => {
  it('accept a complete traveller, and a lead traveller known only by name', () => {
    expect(
      travellerProblems(
        {
          fullName: "Amani O'Neill-Mushi",
          dateOfBirth: '1988-02-29',
          nationality: 'Tanzanian',
          residency: 'EAST_AFRICAN_CITIZEN',
          passportNumber: 'ab 123-4567',
          dietaryNeeds: 'Vegetarian, no nuts',
        },
        today,
      ),
    ).toEqual([]);
    expect(travellerProblems({ fullName: 'Amani Mushi' }, today)).toEqual([]);
  });

  it('name each bad field, with the given prefix, without repeating what was typed', () => {
    const problems = travellerProblems(
      {
        fullName: 'www.example.com',
        dateOfBirth: '2027-01-01',
        nationality: 'Tanzania123',
        passportNumber: 'X1!',
        notes: 'see https://example.com',
      },
      today,
      'travellers.2.',
    );
    expect(problems.map((p) => p.field)).toEqual([
      'travellers.2.fullName',
      'travellers.2.dateOfBirth',
      'travellers.2.nationality',
      'travellers.2.passportNumber',
      'travellers.2.notes',
    ]);
    expect(problems.map((p) => p.message).join(' ')).not.toMatch(/X1!|example/);
    expect(fields({ fullName: 'A B', dateOfBirth: '1990-02-30' })).toEqual(['dateOfBirth']);
    expect(fields({ fullName: 'A B', dateOfBirth: '1850-01-01' })).toEqual(['dateOfBirth']);
    expect(fields({ fullName: '' })).toEqual(['fullName']);
  });

  it('store passport numbers in capitals without the spaces and dashes printed in them', () => {
    expect(normalisePassport(' ab 123-4567 ')).toBe('AB1234567');
  });

  it('close for changes 14 days before departure', () => {
    expect(travellerDetailsDeadline('2027-01-15')).toBe('2027-01-01');
    expect(travellerDetailsDeadline('2027-01-15', 30)).toBe('2026-12-16');
    expect(travellerDetailsDeadline('2027-01-15', 14, '2026-12-20')).toBe('2027-01-01');
  });

  it('give a booking made after that day two days to name who travels, ending before departure', () => {
    expect(travellerDetailsDeadline('2026-12-07', 14, '2026-11-27')).toBe('2026-11-29');
    expect(travellerDetailsDeadline('2026-11-29', 14, '2026-11-27')).toBe('2026-11-28');
    expect(travellerDetailsDeadline('2026-11-27', 14, '2026-11-27')).toBe('2026-11-27');
  });

  it('list what is still missing, one line per person, including the people not named yet', () => {
    expect(
      missingTravellerDetails(
        [
          {
            fullName: 'Amani Mushi',
            dateOfBirth: '1988-02-29',
            nationality: 'Tanzanian',
            residency: 'EAST_AFRICAN_CITIZEN',
          },
          { fullName: 'Neema Mushi', nationality: 'Tanzanian', residency: 'EAST_AFRICAN_CITIZEN' },
        ],
        3,
      ),
    ).toEqual(['Traveller 2: date of birth', 'Traveller 3: full name, date of birth, nationality, residency']);
  });
});
