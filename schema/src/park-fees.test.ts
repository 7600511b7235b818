import { describe, expect, it } from 'vitest';
import {
  ageBandOn,
  areaFeesOf,
  feeRowsOf,
  ageOn,
  isPeakDay,
  parkFeeItems,
  parkFeesFor,
  partyProblems,
  payersOfParty,
  scheduleOn,
  type ParkDay,
  type ParkFeeSchedule,
} from './park-fees.js';
import { PARK_FEE_MAX_CENTS, parkFeeScheduleProblems } from './park-fee-schedule.js';

const usd = (amount: number) => ({ amount, currency: 'USD' as const });
const tzs = (amount: number) => ({ amount, currency: 'TZS' as const });

/** Sample fees in the shape of TANAPA's and the NCAA's tables (not the real figures). */
function schedule(overrides: Partial<ParkFeeSchedule> = {}): ParkFeeSchedule {
  return {
    name: '2026/27',
    validFrom: '2026-07-01',
    validTo: '2027-06-30',
    // Peak runs over New Year: 16 May to 14 March; low season is 15 March to 15 May.
    peakSeasons: [{ from: '05-16', to: '03-14' }],
    vatPercent: 18,
    tzsPerUsd: 2500,
    areas: [
      {
        areaCode: 'SERENGETI_NP',
        areaName: 'Serengeti National Park',
        entry: {
          peak: {
            NON_RESIDENT: { ADULT: usd(7000), CHILD: usd(2000) },
            EAST_AFRICAN_CITIZEN: { ADULT: tzs(10000), CHILD: tzs(2000) },
          },
          low: { NON_RESIDENT: { ADULT: usd(6000), CHILD: usd(2000) } },
        },
        overnight: { CONCESSION: { NON_RESIDENT: { ADULT: usd(6000), CHILD: usd(1000) } } },
      },
      {
        areaCode: 'KILIMANJARO_NP',
        areaName: 'Kilimanjaro National Park',
        entry: { peak: { NON_RESIDENT: { ADULT: usd(7000) } }, low: { NON_RESIDENT: { ADULT: usd(7000) } } },
        overnight: { CAMPING: { NON_RESIDENT: { ADULT: usd(5000) } }, HUT: { NON_RESIDENT: { ADULT: usd(6000) } } },
        perVisit: { NON_RESIDENT: { ADULT: usd(2000) } },
      },
    ],
    ...overrides,
  };
}

const inSerengeti = (days: number, overnight: ParkDay['overnight'] = null): ParkDay[] =>
  Array.from({ length: days }, (_, i) => ({ day: i + 1, areaCode: 'SERENGETI_NP', overnight }));
const adult = { residency: 'NON_RESIDENT' as const, dateOfBirth: '1980-05-05' };

describe('park fees', () => {
  it('charges each day at its own season across a season boundary', () => {
    const q = parkFeesFor({
      startDate: '2027-03-13',
      itinerary: inSerengeti(4),
      travellers: [adult],
      schedules: [schedule()],
    });
    expect(q.lines.map((l) => [l.date, l.season, l.netCents])).toEqual([
      ['2027-03-13', 'PEAK', 7000],
      ['2027-03-14', 'PEAK', 7000],
      ['2027-03-15', 'LOW', 6000],
      ['2027-03-16', 'LOW', 6000],
    ]);
    expect(q.netCents).toBe(26000);
  });

  it("charges a child's fee until the 16th birthday and the adult fee from that day", () => {
    const turning16OnDay2 = { residency: 'NON_RESIDENT' as const, dateOfBirth: '2011-01-02' };
    const q = parkFeesFor({
      startDate: '2027-01-01',
      itinerary: inSerengeti(3),
      travellers: [turning16OnDay2],
      schedules: [schedule()],
    });
    expect(q.lines.map((l) => [l.ageBand, l.netCents])).toEqual([
      ['CHILD', 2000],
      ['ADULT', 7000],
      ['ADULT', 7000],
    ]);
    // Turned 16 a week before the trip: an adult on every day.
    expect(ageBandOn({ residency: 'NON_RESIDENT', dateOfBirth: '2010-12-25' }, '2027-01-01')).toBe('ADULT');
  });

  it('lets infants in free and counts age on the day of travel', () => {
    expect(ageOn('2023-06-10', '2027-06-09')).toBe(3);
    expect(ageOn('2023-06-10', '2027-06-10')).toBe(4);
    expect(ageOn('2020-02-29', '2025-02-28')).toBe(4);
    expect(ageOn('2020-02-29', '2025-03-01')).toBe(5);
    const q = parkFeesFor({
      startDate: '2027-01-01',
      itinerary: inSerengeti(2, 'CONCESSION'),
      travellers: [{ residency: 'NON_RESIDENT', dateOfBirth: '2024-01-01' }],
      schedules: [schedule()],
    });
    expect(q.lines).toEqual([]);
    expect(q.totalCents).toBe(0);
    expect(q.unpriced).toEqual([]);
  });

  it("states East African citizens' shilling fees in cents at the schedule's rate, with VAT", () => {
    const q = parkFeesFor({
      startDate: '2027-01-01',
      itinerary: inSerengeti(1),
      travellers: [{ residency: 'EAST_AFRICAN_CITIZEN', ageBand: 'ADULT' }],
      schedules: [schedule()],
    });
    // 10,000 shillings at 2,500 a dollar is $4.00; 18% VAT is 72 cents.
    expect(q.lines[0]).toMatchObject({ fee: tzs(10000), netCents: 400, vatCents: 72, totalCents: 472 });
  });

  it('adds a concession fee for each night inside the park, and none for a night outside', () => {
    const q = parkFeesFor({
      startDate: '2027-01-10',
      itinerary: [
        { day: 1, areaCode: 'SERENGETI_NP', overnight: 'CONCESSION' },
        { day: 2, areaCode: 'SERENGETI_NP', overnight: 'CONCESSION' },
        { day: 3, areaCode: 'SERENGETI_NP', overnight: null },
      ],
      travellers: [adult],
      schedules: [schedule()],
    });
    expect(q.lines.filter((l) => l.kind === 'CONCESSION').map((l) => l.date)).toEqual(['2027-01-10', '2027-01-11']);
    expect(q.netCents).toBe(3 * 7000 + 2 * 6000);
  });

  it('adds VAT to each line, rounded half up to the cent, and the lines add up to the totals', () => {
    const q = parkFeesFor({
      startDate: '2027-01-01',
      itinerary: inSerengeti(1),
      travellers: [adult],
      schedules: [
        schedule({
          vatPercent: 18,
          areas: [{ ...schedule().areas[0]!, entry: { peak: { NON_RESIDENT: { ADULT: usd(7050) } }, low: {} } }],
        }),
      ],
    });
    // 18% of $70.50 is $12.69.
    expect(q.lines[0]).toMatchObject({ netCents: 7050, vatCents: 1269, totalCents: 8319 });
    expect(q.totalCents).toBe(q.netCents + q.vatCents);
  });

  it('prices each day at the schedule valid on it when the fees change in the middle of a trip', () => {
    const next = schedule({ name: '2027/28', validFrom: '2027-07-01', validTo: '2028-06-30' });
    next.areas[0]!.entry.peak = { NON_RESIDENT: { ADULT: usd(8000) } };
    const q = parkFeesFor({
      startDate: '2027-06-29',
      itinerary: inSerengeti(4),
      travellers: [adult],
      schedules: [next, schedule()],
    });
    expect(q.lines.map((l) => [l.date, l.scheduleName, l.netCents])).toEqual([
      ['2027-06-29', '2026/27', 7000],
      ['2027-06-30', '2026/27', 7000],
      ['2027-07-01', '2027/28', 8000],
      ['2027-07-02', '2027/28', 8000],
    ]);
  });

  it('charges a per-visit fee once per stay in an area, and camping or hut fees per night on the mountain', () => {
    const q = parkFeesFor({
      startDate: '2027-01-01',
      itinerary: [
        { day: 1, areaCode: 'KILIMANJARO_NP', overnight: 'CAMPING' },
        { day: 2, areaCode: 'KILIMANJARO_NP', overnight: 'HUT' },
        { day: 3, areaCode: null },
        { day: 4, areaCode: 'KILIMANJARO_NP' },
      ],
      travellers: [adult],
      schedules: [schedule()],
    });
    expect(q.lines.map((l) => [l.date, l.kind])).toEqual([
      ['2027-01-01', 'ENTRY'],
      ['2027-01-01', 'CAMPING'],
      ['2027-01-01', 'VISIT'],
      ['2027-01-02', 'ENTRY'],
      ['2027-01-02', 'HUT'],
      ['2027-01-04', 'ENTRY'],
      ['2027-01-04', 'VISIT'],
    ]);
    expect(q.byArea).toEqual([
      { areaCode: 'KILIMANJARO_NP', areaName: 'Kilimanjaro National Park', totalCents: q.totalCents },
    ]);
  });

  it('lists the days no schedule prices instead of charging nothing for them', () => {
    const q = parkFeesFor({
      startDate: '2027-06-30',
      itinerary: [
        { day: 1, areaCode: 'SERENGETI_NP' },
        { day: 2, areaCode: 'SERENGETI_NP' },
        { day: 3, areaCode: 'RUAHA_NP' },
      ],
      travellers: [adult],
      schedules: [schedule()],
    });
    expect(q.lines).toHaveLength(1);
    expect(q.unpriced).toEqual([
      { date: '2027-07-01', areaCode: 'SERENGETI_NP' },
      { date: '2027-07-02', areaCode: 'RUAHA_NP' },
    ]);
  });

  it('prices a party given as counts by residency and age band', () => {
    const payers = payersOfParty({ NON_RESIDENT: { ADULT: 2, CHILD: 1 }, EAST_AFRICAN_CITIZEN: { INFANT: 1 } });
    expect(payers).toHaveLength(4);
    const q = parkFeesFor({
      startDate: '2027-01-01',
      itinerary: inSerengeti(1),
      travellers: payers,
      schedules: [schedule()],
    });
    expect(q.netCents).toBe(2 * 7000 + 2000);
  });

  it('finds seasons over New Year and the latest schedule when two overlap', () => {
    const s = schedule();
    expect(isPeakDay(s, '2026-12-31')).toBe(true);
    expect(isPeakDay(s, '2027-03-14')).toBe(true);
    expect(isPeakDay(s, '2027-03-15')).toBe(false);
    expect(isPeakDay(s, '2027-05-16')).toBe(true);
    const correction = schedule({ name: 'corrected', validFrom: '2027-01-01' });
    expect(scheduleOn([s, correction], '2027-02-01')?.name).toBe('corrected');
    expect(scheduleOn([s, correction], '2026-12-01')?.name).toBe('2026/27');
    expect(scheduleOn([s], '2027-07-01')).toBeNull();
  });

  it('names each problem of a schedule an admin enters, and none of a good one', () => {
    expect(parkFeeScheduleProblems(schedule())).toEqual([]);
    const bad = schedule({ name: ' ', validFrom: '2027-07-01', validTo: '2027-06-30', vatPercent: 118, tzsPerUsd: 0 });
    bad.peakSeasons = [{ from: '13-01', to: '03-14' }];
    bad.areas = [
      schedule().areas[0]!,
      { ...schedule().areas[0]!, entry: { peak: { NON_RESIDENT: { ADULT: usd(12.5) } }, low: {} } },
    ];
    expect(parkFeeScheduleProblems(bad).map((p) => p.field)).toEqual([
      'name',
      'validTo',
      'vatPercent',
      'tzsPerUsd',
      'peakSeasons.0',
      'areas.1.areaCode',
      'areas.1.entry.peak.NON_RESIDENT.ADULT',
    ]);
  });
});

describe('a schedule as an admin enters it', () => {
  const problemsOf = (over: Partial<ParkFeeSchedule>, area: Partial<ParkFeeSchedule['areas'][number]> = {}) =>
    parkFeeScheduleProblems({ ...schedule(over), areas: [{ ...schedule().areas[0]!, ...area }] });

  it('refuses control characters in the names, which PostgreSQL cannot store (NUL) or a page cannot show', () => {
    expect(problemsOf({ name: '\u0000' })).toEqual([
      { field: 'name', message: 'The schedule name must not contain control characters' },
    ]);
    expect(problemsOf({ name: 'a\u0007b' })[0]?.field).toBe('name');
    expect(problemsOf({}, { areaName: 'Serengeti\u0000' })).toEqual([
      { field: 'areas.0.areaName', message: 'The area name must not contain control characters' },
    ]);
  });

  it('keeps names to 100 characters', () => {
    expect(problemsOf({ name: 'x'.repeat(100) }, { areaName: 'y'.repeat(100) })).toEqual([]);
    expect(problemsOf({ name: 'x'.repeat(10_000) }, { areaName: 'y'.repeat(101) })).toEqual([
      { field: 'name', message: 'The schedule name must be at most 100 characters' },
      { field: 'areas.0.areaName', message: 'The area name must be at most 100 characters' },
    ]);
  });

  it('refuses season days no year has, and takes 29 February', () => {
    expect(problemsOf({ peakSeasons: [{ from: '02-29', to: '03-31' }] })).toEqual([]);
    expect(problemsOf({ peakSeasons: [{ from: '02-30', to: '02-31' }] })).toEqual([
      { field: 'peakSeasons.0', message: '02-30 is not a day of the year (MM-DD)' },
    ]);
    expect(problemsOf({ peakSeasons: [{ from: '01-01', to: '04-31' }] })[0]?.message).toBe(
      '04-31 is not a day of the year (MM-DD)',
    );
    expect(problemsOf({ peakSeasons: [{ from: '1-1', to: '04-30' }] })[0]?.message).toBe(
      'A season runs from a month and day to a month and day (MM-DD)',
    );
  });

  it('takes an exchange rate between 100 and 100,000 shillings per dollar', () => {
    expect(problemsOf({ tzsPerUsd: 100 })).toEqual([]);
    expect(problemsOf({ tzsPerUsd: 100_000 })).toEqual([]);
    for (const tzsPerUsd of [1e308, 100_001, 99.9, 0.0004, 0, -2600, Number.NaN])
      expect(problemsOf({ tzsPerUsd }), String(tzsPerUsd)).toEqual([
        { field: 'tzsPerUsd', message: 'The exchange rate must be between 100 and 100,000 shillings per dollar' },
      ]);
  });

  it("holds each fee to $10,000 a visitor, a shilling fee at the schedule's rate", () => {
    const peakFee = (fee: ReturnType<typeof usd> | ReturnType<typeof tzs>) => ({
      entry: { peak: { NON_RESIDENT: { ADULT: fee } }, low: {} },
    });
    const tooLarge = {
      field: 'areas.0.entry.peak.NON_RESIDENT.ADULT',
      message: "A fee is at most $10,000 a visitor (a shilling fee at the schedule's exchange rate)",
    };
    expect(PARK_FEE_MAX_CENTS).toBe(1_000_000);
    expect(problemsOf({}, peakFee(usd(1_000_000)))).toEqual([]);
    expect(problemsOf({}, peakFee(usd(1_000_001)))).toEqual([tooLarge]);
    // The fee that priced one trip past what a booking can hold.
    expect(problemsOf({}, peakFee(usd(2_000_000_000)))).toEqual([tooLarge]);
    // 25 million shillings are $10,000 at 2,500 a dollar, and $250,000 at 100.
    expect(problemsOf({ tzsPerUsd: 2500 }, peakFee(tzs(25_000_000)))).toEqual([]);
    expect(problemsOf({ tzsPerUsd: 100 }, peakFee(tzs(25_000_000)))).toEqual([tooLarge]);
    // A rate out of bounds is the one problem named: the shilling fees are not judged by it.
    expect(problemsOf({ tzsPerUsd: 0 }, peakFee(tzs(25_000_000))).map((p) => p.field)).toEqual(['tzsPerUsd']);
    const overnight = problemsOf({}, { overnight: { HUT: { EAST_AFRICAN_CITIZEN: { CHILD: usd(5_000_000) } } } });
    expect(overnight).toEqual([{ ...tooLarge, field: 'areas.0.overnight.HUT.EAST_AFRICAN_CITIZEN.CHILD' }]);
  });
});

describe('park fee rows', () => {
  it('turn an area into flat rows and back without losing a fee', () => {
    for (const area of schedule().areas) {
      const rows = feeRowsOf(area);
      expect(areaFeesOf(area.areaCode, area.areaName, rows)).toEqual(area);
    }
    expect(feeRowsOf(schedule().areas[1]!).map((r) => r.kind)).toEqual([
      'ENTRY_PEAK',
      'ENTRY_LOW',
      'CAMPING',
      'HUT',
      'VISIT',
    ]);
  });
});

describe('park fee items and parties', () => {
  it('group equal charges into one line with a count', () => {
    const q = parkFeesFor({
      startDate: '2027-01-01',
      itinerary: inSerengeti(3, 'CONCESSION'),
      travellers: payersOfParty({ NON_RESIDENT: { ADULT: 2 } }),
      schedules: [schedule()],
    });
    expect(parkFeeItems(q.lines).map((i) => [i.kind, i.count, i.unitCents, i.totalCents])).toEqual([
      ['ENTRY', 6, 8260, 49560],
      ['CONCESSION', 6, 7080, 42480],
    ]);
  });

  it('check that a party adds up to the people booked', () => {
    expect(partyProblems({ NON_RESIDENT: { ADULT: 2, CHILD: 1 } }, 3)).toEqual([]);
    expect(partyProblems({ NON_RESIDENT: { ADULT: 2 } }, 3)[0]!.message).toBe(
      'The party counts 2 people; the booking is for 3',
    );
    expect(partyProblems({ NON_RESIDENT: { ADULT: -1 } }, 3)[0]!.field).toBe('party');
  });
});
