import { AGE_BANDS, ageBandOn, isIsoDay, RESIDENCY_CATEGORIES, type AgeBand, type Residency } from '@tembea/schema';

/** One person as the park fees see them before names are known. */
export interface PartyMember {
  residency: Residency;
  ageBand: AgeBand;
}

/** A party group as the quote and the booking take it. */
export interface PartyGroup {
  residency: Residency;
  ageBand: AgeBand;
  count: number;
}

/** Until told otherwise every traveller is a non-resident adult, as the parks' highest fee. */
export const DEFAULT_MEMBER: PartyMember = { residency: 'NON_RESIDENT', ageBand: 'ADULT' };

/** The party for `people` travellers: the people already described kept, new ones as the default. */
export function resizeParty(members: readonly PartyMember[], people: number): PartyMember[] {
  const n = Number.isInteger(people) && people > 0 ? people : members.length || 1;
  return Array.from({ length: n }, (_, i) => members[i] ?? { ...DEFAULT_MEMBER });
}

/** Counts by residency and age band, in a fixed order, leaving out empty groups. */
export function partyGroups(members: readonly PartyMember[]): PartyGroup[] {
  const groups: PartyGroup[] = [];
  for (const residency of RESIDENCY_CATEGORIES) {
    for (const ageBand of AGE_BANDS) {
      const count = members.filter((m) => m.residency === residency && m.ageBand === ageBand).length;
      if (count) groups.push({ residency, ageBand, count });
    }
  }
  return groups;
}

/** The lead's age band on the first day of the trip, from a complete date of birth; null until then. */
export function leadAgeBand(dateOfBirth: string, startDate: string): AgeBand | null {
  if (!isIsoDay(dateOfBirth) || !isIsoDay(startDate) || dateOfBirth > startDate) return null;
  return ageBandOn({ residency: 'NON_RESIDENT', dateOfBirth }, startDate);
}
