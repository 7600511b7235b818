import type { EntityManager } from '@mikro-orm/postgresql';
import { travellerToday, type AreaFees, type FeeTable } from '@tembea/schema';
import { log } from '../../common/logger.js';
import { ParkFeeSchedule } from '../../modules/park-fees/park-fee-schedule.entity.js';

const usd = (amount: number) => ({ amount, currency: 'USD' as const });
const tzs = (amount: number) => ({ amount, currency: 'TZS' as const });

/** Non-residents and residents in US cents, East African citizens in shillings: adult, child. */
function table(nonResident: [number, number], resident: [number, number], eastAfrican: [number, number]): FeeTable {
  return {
    NON_RESIDENT: { ADULT: usd(nonResident[0]), CHILD: usd(nonResident[1]) },
    TANZANIA_RESIDENT: { ADULT: usd(resident[0]), CHILD: usd(resident[1]) },
    EAST_AFRICAN_CITIZEN: { ADULT: tzs(eastAfrican[0]), CHILD: tzs(eastAfrican[1]) },
  };
}

function park(areaCode: string, areaName: string, peak: number, low: number, extra: Partial<AreaFees> = {}): AreaFees {
  return {
    areaCode,
    areaName,
    entry: {
      peak: table([peak, 2000], [Math.round(peak / 2), 1000], [10000, 2000]),
      low: table([low, 2000], [Math.round(low / 2), 1000], [10000, 2000]),
    },
    overnight: { CONCESSION: table([6000, 1000], [3000, 1000], [20000, 5000]) },
    ...extra,
  };
}

/** The fees of the sample schedules: illustrations in the shape of the parks' tariffs. */
export const SAMPLE_FEES = {
  peakSeasons: [{ from: '05-16', to: '03-14' }],
  vatPercent: 18,
  tzsPerUsd: 2600,
  areas: [
    park('SERENGETI_NP', 'Serengeti National Park', 7000, 6000),
    park('NGORONGORO_CA', 'Ngorongoro Conservation Area', 7000, 7000),
    park('TARANGIRE_NP', 'Tarangire National Park', 5000, 4500),
    park('LAKE_MANYARA_NP', 'Lake Manyara National Park', 5000, 4500),
    park('ARUSHA_NP', 'Arusha National Park', 4500, 4500),
    park('KILIMANJARO_NP', 'Kilimanjaro National Park', 7000, 7000, {
      overnight: {
        CAMPING: table([5000, 1000], [2500, 1000], [5000, 2000]),
        HUT: table([6000, 1000], [3000, 1000], [10000, 2000]),
      },
      perVisit: table([2000, 2000], [1000, 1000], [5000, 5000]),
    }),
  ],
};

/** The year whose 1 July starts the parks' fee year holding `day` (their tariffs change every July). */
export function feeYearOf(day: string): number {
  const year = Number(day.slice(0, 4));
  return day.slice(5) >= '07-01' ? year : year - 1;
}

/**
 * Sample schedules in the shape of TANAPA's and the Ngorongoro Conservation Area's tariffs, so a
 * demo prices park fees: the fee year holding `today` and the next one, so trips booked up to a year
 * ahead are priced whatever day the demo is started. Their figures are illustrations, not the
 * parks' published fees: their names say so, and an operator replaces them with the real tariffs
 * in /admin/park-fees.
 */
export function sampleParkFeeSchedules(today: string = travellerToday()) {
  const first = feeYearOf(today);
  return [first, first + 1].map((year) => ({
    name: `Sample ${year}/${String((year + 1) % 100).padStart(2, '0')}: check every fee against the parks’ published tariffs`,
    validFrom: `${year}-07-01`,
    validTo: `${year + 1}-06-30`,
    fees: SAMPLE_FEES,
  }));
}

/** Adds the sample schedules to a database that has none. */
export async function seedSampleParkFees(em: EntityManager): Promise<void> {
  if ((await em.count(ParkFeeSchedule, {})) > 0) return;
  for (const schedule of sampleParkFeeSchedules()) em.persist(em.create(ParkFeeSchedule, schedule));
  await em.flush();
  log.info('loaded sample park fee schedules (illustrative figures: replace them with the real tariffs)');
}
