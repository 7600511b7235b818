import type { EntityManager } from '@mikro-orm/postgresql';
import type { AreaFees, FeeTable } from '@tembea/schema';
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

/**
 * A sample schedule in the shape of TANAPA's and the Ngorongoro Conservation Area's tariffs, so a
 * demo prices park fees. Its figures are illustrations, not the parks' published fees: its name
 * says so, and an operator replaces it with the real tariff in /admin/park-fees.
 */
export const SAMPLE_PARK_FEES = {
  name: 'Sample 2026/27: check every fee against the parks’ published tariffs',
  validFrom: '2026-07-01',
  validTo: '2027-06-30',
  fees: {
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
  },
};

/** Adds the sample schedule to a database that has none. */
export async function seedSampleParkFees(em: EntityManager): Promise<void> {
  if ((await em.count(ParkFeeSchedule, {})) > 0) return;
  em.persist(em.create(ParkFeeSchedule, SAMPLE_PARK_FEES));
  await em.flush();
  log.info('loaded a sample park fee schedule (illustrative figures: replace them with the real tariff)');
}
