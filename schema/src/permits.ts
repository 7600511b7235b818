import {
  ageBandOn,
  payersOfParty,
  type AgeBand,
  type FeePayer,
  type PartyCounts,
  type Residency,
} from './park-fees.js';

/** What the park gates' list knows of one person on a booking: nothing yet, or part or all of it. */
export interface PermitPerson {
  residency?: Residency | null;
  dateOfBirth?: string | null;
}

/** A person as the fees price them, and whether part of it was assumed for want of details. */
export interface PermitPayer {
  payer: FeePayer;
  assumed: boolean;
}

/**
 * The fee payers of a booking's people (one entry per place booked, null for a person not yet
 * named). A person with a residency and a date of birth is priced as given. Anyone else is
 * priced from the party the booking was quoted for (the counts by residency and age band left
 * over once the known people are taken out), else as a non-resident adult, and marked assumed
 * so the list says which fees may still change.
 */
export function permitPayers(
  people: readonly (PermitPerson | null)[],
  startDate: string,
  party?: PartyCounts | null,
): PermitPayer[] {
  const pool = party ? payersOfParty(party) : [];
  const take = (match: (p: FeePayer) => boolean): FeePayer | null => {
    const i = pool.findIndex(match);
    return i < 0 ? null : pool.splice(i, 1)[0]!;
  };
  const complete = (p: PermitPerson | null): p is PermitPerson & { residency: Residency; dateOfBirth: string } =>
    !!p?.residency && !!p.dateOfBirth;
  // The known people use up their own place in the party first, so the guesses use what is left.
  for (const p of people) {
    if (!complete(p)) continue;
    const band = ageBandOn({ residency: p.residency, dateOfBirth: p.dateOfBirth }, startDate);
    take((q) => q.residency === p.residency && q.ageBand === band);
  }
  return people.map((p) => {
    if (complete(p)) return { payer: { residency: p.residency, dateOfBirth: p.dateOfBirth }, assumed: false };
    const residency = p?.residency ?? null;
    const band: AgeBand | null = p?.dateOfBirth
      ? ageBandOn({ residency: 'NON_RESIDENT', dateOfBirth: p.dateOfBirth }, startDate)
      : null;
    const pooled =
      take((q) => (!residency || q.residency === residency) && (!band || q.ageBand === band)) ??
      take((q) => !residency || q.residency === residency) ??
      take(() => true);
    return {
      payer: {
        residency: residency ?? pooled?.residency ?? 'NON_RESIDENT',
        dateOfBirth: p?.dateOfBirth ?? null,
        ageBand: pooled?.ageBand ?? 'ADULT',
      },
      assumed: true,
    };
  });
}
