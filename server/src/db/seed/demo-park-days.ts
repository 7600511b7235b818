import type { OvernightKind } from '@tembea/schema';

type ParkDay = [area: string | null, overnight?: OvernightKind];
const S = 'SERENGETI_NP';
const N = 'NGORONGORO_CA';
const T = 'TARANGIRE_NP';
const M = 'LAKE_MANYARA_NP';
const A = 'ARUSHA_NP';
const K = 'KILIMANJARO_NP';

/** A Kilimanjaro climb: every night on the mountain in camps (or huts), the last day down to the gate. */
const climb = (days: number, night: OvernightKind = 'CAMPING'): ParkDay[] => [
  ...Array.from({ length: days - 1 }, (): ParkDay => [K, night]),
  [K],
];

/**
 * Where each day of the demo safaris and climbs is spent, as the sample park fee schedule names the
 * areas, so the demo prices park fees. Tours not listed spend no day in a protected area.
 */
export const DEMO_PARK_DAYS: Record<string, ParkDay[]> = {
  'Serengeti Great Migration Safari': [
    [T],
    [S, 'CONCESSION'],
    [S, 'CONCESSION'],
    [S, 'CONCESSION'],
    [S, 'CONCESSION'],
    [N, 'CONCESSION'],
    [N],
  ],
  'Kilimanjaro Machame Route – 7 Days': climb(7),
  'Ngorongoro Crater Private Safari': [[M], [N], [null]],
  'Kilimanjaro Lemosho Route – 8 Days': climb(8),
  'Serengeti Hot-Air Balloon & Luxury Lodge': [[S, 'CONCESSION'], [S, 'CONCESSION'], [S, 'CONCESSION'], [S]],
  'Tarangire Elephants & Baobabs Safari': [[T, 'CONCESSION'], [T, 'CONCESSION'], [T]],
  'Mount Meru Trek – 4 Days': [[A, 'HUT'], [A, 'HUT'], [A, 'HUT'], [A]],
  'Kilimanjaro Marangu Route – 6 Days': climb(6, 'HUT'),
  'Kilimanjaro Rongai Route – 7 Days': climb(7),
  'Kilimanjaro Northern Circuit – 9 Days': climb(9),
  'Lake Manyara Flamingos & Tree-Climbing Lions': [[M]],
  'Arusha National Park Canoe & Walking Safari': [[A]],
  'Classic Northern Circuit Luxury Safari': [
    [null],
    [T],
    [M],
    [S, 'CONCESSION'],
    [S, 'CONCESSION'],
    [N, 'CONCESSION'],
    [N],
    [null],
  ],
  'Ngorongoro, Olduvai & Lake Eyasi Cultural Safari': [[null], [null], [N], [N]],
  'Tarangire Luxury Treehouse Camp': [[T, 'CONCESSION'], [T, 'CONCESSION'], [T]],
};

/** A demo itinerary with the park area and night of each day it spends in one. */
export function withParkDays<D extends { day: number }>(title: string, itinerary: readonly D[]) {
  const parkDays = DEMO_PARK_DAYS[title];
  return itinerary.map((d) => {
    const [area, overnight] = parkDays?.[d.day - 1] ?? [null];
    return { ...d, ...(area ? { parkArea: area } : {}), ...(area && overnight ? { overnight } : {}) };
  });
}
