import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql/admin';
import type { ParkAreaOptionsQuery } from '../../../gql/admin/graphql';

/** The protected areas each schedule prices, by code and name (their fees are not needed here). */
export const PARK_AREA_OPTIONS = graphql(`
  query ParkAreaOptions {
    parkFeeSchedules {
      id
      validFrom
      validTo
      areas {
        areaCode
        areaName
      }
    }
  }
`);

export interface ParkAreaOption {
  code: string;
  name: string;
}

/** Today as YYYY-MM-DD in UTC, the calendar the schedules' days are kept in. */
const today = () => new Date().toISOString().slice(0, 10);

/**
 * The areas a tour's day may name: those of the schedules still in force or yet to come (a
 * tour is priced on future days), by name; an area listed by several schedules once, under its
 * latest name.
 */
export function parkAreaOptions(
  schedules: ParkAreaOptionsQuery['parkFeeSchedules'],
  on: string = today(),
): ParkAreaOption[] {
  const byCode = new Map<string, ParkAreaOption & { from: string }>();
  for (const s of schedules) {
    if (s.validTo < on) continue;
    for (const a of s.areas) {
      const known = byCode.get(a.areaCode);
      if (!known || s.validFrom > known.from)
        byCode.set(a.areaCode, { code: a.areaCode, name: a.areaName, from: s.validFrom });
    }
  }
  return [...byCode.values()].map(({ code, name }) => ({ code, name })).sort((a, b) => a.name.localeCompare(b.name));
}

/** The protected areas for the itinerary editor; empty while loading or when none could be read. */
export function useParkAreaOptions(): { areas: ParkAreaOption[]; loading: boolean; error: boolean } {
  const { data, loading, error } = useQuery(PARK_AREA_OPTIONS, { fetchPolicy: 'cache-and-network' });
  return {
    areas: data ? parkAreaOptions(data.parkFeeSchedules) : [],
    loading: loading && !data,
    error: !!error && !data,
  };
}
