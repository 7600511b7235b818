import { Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { GraphQLDateTimeISO } from 'graphql-scalars';
import {
  AGE_BANDS,
  FEE_CURRENCIES,
  FEE_ROW_KINDS,
  OVERNIGHT_KINDS,
  RESIDENCY_CATEGORIES,
  type FeeCurrency,
  type AgeBand,
  type FeeRowKind,
  type ParkFeeKind,
  type PartyCounts,
  type Residency,
} from '@tembea/schema';

const enumOf = <T extends string>(values: readonly T[]) =>
  Object.fromEntries(values.map((v) => [v, v])) as { [K in T]: K };

export const ResidencyEnum = enumOf(RESIDENCY_CATEGORIES);
export const ChargedAgeBandEnum = enumOf(['ADULT', 'CHILD'] as const);
export const FeeCurrencyEnum = enumOf(FEE_CURRENCIES);
export const ParkFeeKindEnum = enumOf(FEE_ROW_KINDS);
export const OvernightKindEnum = enumOf(OVERNIGHT_KINDS);

registerEnumType(OvernightKindEnum, {
  name: 'OvernightKind',
  description: 'A night spent inside a protected area, which the park charges for.',
  valuesConfig: {
    CONCESSION: { description: 'At a lodge or camp inside the area (concession fee).' },
    CAMPING: { description: 'At a campsite inside the area (e.g. on Kilimanjaro).' },
    HUT: { description: 'In a mountain hut (e.g. on the Marangu route).' },
  },
});

registerEnumType(ResidencyEnum, {
  name: 'Residency',
  description: "A visitor's residency category, which sets the fees the parks charge them.",
  valuesConfig: {
    NON_RESIDENT: { description: 'A visitor from outside East Africa (fees in USD).' },
    TANZANIA_RESIDENT: { description: 'A foreign national holding a Tanzanian residence permit.' },
    EAST_AFRICAN_CITIZEN: { description: 'A citizen of an East African Community state (fees usually in TZS).' },
  },
});
registerEnumType(ChargedAgeBandEnum, {
  name: 'ChargedAgeBand',
  description: 'The age bands parks charge: ADULT from the 16th birthday, CHILD from the 5th. Under 5 enter free.',
  valuesConfig: {
    ADULT: { description: '16 and over on the day.' },
    CHILD: { description: '5 to 15 on the day.' },
  },
});
registerEnumType(FeeCurrencyEnum, {
  name: 'FeeCurrency',
  description: 'The currency a park states a fee in: USD (amounts in cents) or TZS (amounts in whole shillings).',
  valuesConfig: {
    USD: { description: 'US dollars; amounts in cents.' },
    TZS: { description: 'Tanzanian shillings; amounts in whole shillings.' },
  },
});
registerEnumType(ParkFeeKindEnum, {
  name: 'ParkFeeKind',
  description: 'What a park fee pays for.',
  valuesConfig: {
    ENTRY_PEAK: { description: 'Each 24 hours in the area, in peak season.' },
    ENTRY_LOW: { description: 'Each 24 hours in the area, in low season.' },
    CONCESSION: { description: 'Each night at a lodge or camp inside the area.' },
    CAMPING: { description: 'Each night at a campsite inside the area (e.g. on Kilimanjaro).' },
    HUT: { description: 'Each night in a mountain hut (e.g. on the Marangu route).' },
    VISIT: { description: 'Once per stay in the area (e.g. Kilimanjaro rescue fee).' },
  },
});

@ObjectType({ description: 'One fee of a protected area for one residency category and age band.' })
export class ParkFee {
  @Field(() => ParkFeeKindEnum, { description: 'What the fee pays for.' })
  kind!: FeeRowKind;

  @Field(() => ResidencyEnum, { description: 'The residency category it applies to.' })
  residency!: Residency;

  @Field(() => ChargedAgeBandEnum, { description: 'The age band it applies to.' })
  ageBand!: 'ADULT' | 'CHILD';

  @Field(() => Int, { description: 'Amount before VAT in the smallest unit of the currency: US cents, or shillings.' })
  amount!: number;

  @Field(() => FeeCurrencyEnum, { description: 'The currency the park states it in.' })
  currency!: FeeCurrency;
}

@ObjectType({ description: "A protected area's fees in one schedule." })
export class ParkAreaFees {
  @Field({ description: 'Stable code of the area, e.g. SERENGETI_NP; tour itinerary days name it.' })
  areaCode!: string;

  @Field({ description: 'Name of the area, e.g. Serengeti National Park.' })
  areaName!: string;

  @Field(() => [ParkFee], { description: 'Its fees; a combination not listed is not charged.' })
  fees!: ParkFee[];
}

@ObjectType({
  description: 'A recurring stretch of the year, month and day (MM-DD) inclusive; it may run over New Year.',
})
export class SeasonRange {
  @Field({ description: 'First day, MM-DD.' })
  from!: string;

  @Field({ description: 'Last day, MM-DD.' })
  to!: string;
}

@ObjectType('ParkFeeSchedule', {
  description:
    'The park and conservation fees valid over a period (parks change them every July). A day of a trip is priced at the schedule valid on that day.',
})
export class ParkFeeScheduleType {
  @Field(() => ID, { description: 'Schedule id.' })
  id!: string;

  @Field({ description: 'Name, e.g. 2026/27.' })
  name!: string;

  @Field({ description: 'First day the fees apply (YYYY-MM-DD).' })
  validFrom!: string;

  @Field({ description: 'Last day the fees apply (YYYY-MM-DD).' })
  validTo!: string;

  @Field(() => [SeasonRange], { description: 'Peak season; every other day is low season.' })
  peakSeasons!: SeasonRange[];

  @Field(() => Float, { description: 'VAT added to every fee, in percent.' })
  vatPercent!: number;

  @Field(() => Float, { description: 'Shillings per US dollar used to state TZS fees in USD.' })
  tzsPerUsd!: number;

  @Field(() => [ParkAreaFees], { description: 'The protected areas and their fees.' })
  areas!: ParkAreaFees[];

  @Field(() => GraphQLDateTimeISO, { description: 'When an admin last saved it.' })
  updatedAt!: Date;
}

@InputType({ description: 'One fee of an area.' })
export class ParkFeeInput {
  @Field(() => ParkFeeKindEnum, { description: 'What the fee pays for.' })
  kind!: FeeRowKind;

  @Field(() => ResidencyEnum, { description: 'The residency category it applies to.' })
  residency!: Residency;

  @Field(() => ChargedAgeBandEnum, { description: 'The age band it applies to.' })
  ageBand!: 'ADULT' | 'CHILD';

  @Field(() => Int, { description: 'Amount before VAT: US cents, or whole shillings.' })
  amount!: number;

  @Field(() => FeeCurrencyEnum, { description: 'The currency the park states it in.' })
  currency!: FeeCurrency;
}

@InputType({ description: "A protected area's fees." })
export class ParkAreaFeesInput {
  @Field({ description: '2 to 40 capital letters, digits or underscores, e.g. SERENGETI_NP.' })
  areaCode!: string;

  @Field({ description: 'Name of the protected area.' })
  areaName!: string;

  @Field(() => [ParkFeeInput], { description: 'The fees of the area, one per kind, residency category and age band.' })
  fees!: ParkFeeInput[];
}

@InputType({ description: 'A season range, MM-DD to MM-DD inclusive.' })
export class SeasonRangeInput {
  @Field({ description: 'First day, MM-DD.' })
  from!: string;

  @Field({ description: 'Last day, MM-DD.' })
  to!: string;
}

@InputType({ description: 'A whole fee schedule, as saved by an admin.' })
export class ParkFeeScheduleInput {
  @Field(() => ID, { nullable: true, description: 'The schedule to replace; none to add a new one.' })
  id?: string | null;

  @Field({ description: 'Name, e.g. 2026/27.' })
  name!: string;

  @Field({ description: 'YYYY-MM-DD; no two schedules start on the same day.' })
  validFrom!: string;

  @Field({ description: 'YYYY-MM-DD, on or after validFrom.' })
  validTo!: string;

  @Field(() => [SeasonRangeInput], { description: 'Peak season ranges; every other day is low season.' })
  peakSeasons!: SeasonRangeInput[];

  @Field(() => Float, { description: 'VAT in percent, 0-100.' })
  vatPercent!: number;

  @Field(() => Float, { description: 'Shillings per US dollar, from 100 to 100,000.' })
  tzsPerUsd!: number;

  @Field(() => [ParkAreaFeesInput], { description: 'The protected areas and their fees.' })
  areas!: ParkAreaFeesInput[];
}

@ObjectType({ description: 'The outcome of saveParkFeeSchedule.' })
export class SaveParkFeeSchedulePayload {
  @Field(() => ParkFeeScheduleType, { description: 'The schedule as saved.' })
  schedule!: ParkFeeScheduleType;
}

export const AgeBandEnum = enumOf(AGE_BANDS);
registerEnumType(AgeBandEnum, {
  name: 'AgeBand',
  description: 'A visitor by age on the day: ADULT from the 16th birthday, CHILD from the 5th, INFANT under 5 (free).',
  valuesConfig: {
    ADULT: { description: '16 and over on the day.' },
    CHILD: { description: '5 to 15 on the day.' },
    INFANT: { description: 'Under 5 on the day: no park fees.' },
  },
});
export const ParkChargeKindEnum = enumOf(['ENTRY', ...OVERNIGHT_KINDS, 'VISIT'] as const);
registerEnumType(ParkChargeKindEnum, {
  name: 'ParkChargeKind',
  description: 'What a park fee on a quote pays for.',
  valuesConfig: {
    ENTRY: { description: 'Each 24 hours in the area.' },
    CONCESSION: { description: 'Each night at a lodge or camp inside the area.' },
    CAMPING: { description: 'Each night at a campsite inside the area.' },
    HUT: { description: 'Each night in a mountain hut.' },
    VISIT: { description: 'Once per stay in the area (e.g. Kilimanjaro rescue fee).' },
  },
});
export const SeasonEnum = enumOf(['PEAK', 'LOW'] as const);
registerEnumType(SeasonEnum, {
  name: 'Season',
  description: "A park's season, which sets its 24-hour fee.",
  valuesConfig: { PEAK: { description: 'Peak season.' }, LOW: { description: 'Low season.' } },
});

@InputType({ description: 'How many people of one residency category and age band travel.' })
export class PartyGroupInput {
  @Field(() => ResidencyEnum, { description: 'The residency category it applies to.' })
  residency!: Residency;

  @Field(() => AgeBandEnum, { description: 'The age band it applies to.' })
  ageBand!: AgeBand;

  @Field(() => Int, { description: '0 or more.' })
  count!: number;
}

/** A party as counts by residency and age band (repeated groups add up); null when none was given. */
export function partyCounts(groups: readonly PartyGroupInput[] | null | undefined): PartyCounts | null {
  if (!groups) return null;
  const party: PartyCounts = {};
  const countable = (n: number) => Number.isInteger(n) && n >= 0;
  for (const g of groups) {
    const bands = (party[g.residency] ??= {});
    const before = bands[g.ageBand] ?? 0;
    // Groups of one kind add up, but a bad count stays bad (NaN) for partyProblems to refuse:
    // -1 and 3 adults must not pass as 2.
    bands[g.ageBand] = countable(before) && countable(g.count) ? before + g.count : Number.NaN;
  }
  return party;
}

@ObjectType('ParkFeeItem', { description: 'Equal park fees of a trip grouped into one line.' })
export class ParkFeeItemType {
  @Field({ description: 'Code of the protected area, e.g. SERENGETI_NP.' })
  areaCode!: string;

  @Field({ description: 'Name of the protected area.' })
  areaName!: string;

  @Field(() => ParkChargeKindEnum, { description: 'What the fee pays for.' })
  kind!: ParkFeeKind;

  @Field(() => SeasonEnum, { description: 'Peak or low season on the day charged.' })
  season!: 'PEAK' | 'LOW';

  @Field(() => ResidencyEnum, { description: 'The residency category it applies to.' })
  residency!: Residency;

  @Field(() => AgeBandEnum, { description: 'The age band it applies to.' })
  ageBand!: AgeBand;

  @Field(() => Int, { description: 'How many times it is charged (travellers x days or nights).' })
  count!: number;

  @Field(() => Int, { description: 'One charge with VAT, in US cents (shilling fees at the schedule rate).' })
  unitCents!: number;

  @Field(() => Int, { description: 'count x unitCents, in US cents.' })
  totalCents!: number;
}

@ObjectType({ description: "A protected area's park fees on a quote." })
export class ParkFeeAreaTotal {
  @Field({ description: 'Code of the protected area, e.g. SERENGETI_NP.' })
  areaCode!: string;

  @Field({ description: 'Name of the protected area.' })
  areaName!: string;

  @Field(() => Int, { description: 'With VAT, in US cents.' })
  totalCents!: number;
}

@ObjectType({ description: 'A day spent in a protected area that no fee schedule prices yet.' })
export class UnpricedParkDay {
  @Field({ description: 'YYYY-MM-DD.' })
  date!: string;

  @Field({ description: 'Code of the protected area, e.g. SERENGETI_NP.' })
  areaCode!: string;
}

@ObjectType({
  description:
    'The park and conservation fees of a trip, paid on to the parks: per traveller, per day, per area, at the fees valid on each day. In US cents.',
})
export class ParkFeesQuote {
  @Field({
    description: 'True when no party was given: every traveller is then priced as a non-resident adult.',
  })
  partyAssumed!: boolean;

  @Field(() => Int, { description: 'Fees before VAT.' })
  netCents!: number;

  @Field(() => Int, { description: 'VAT on the fees, in US cents.' })
  vatCents!: number;

  @Field(() => Int, { description: 'Fees with VAT: what the parks are paid.' })
  totalCents!: number;

  @Field(() => [ParkFeeAreaTotal], { description: 'The protected areas and their fees.' })
  areas!: ParkFeeAreaTotal[];

  @Field(() => [ParkFeeItemType], { description: 'The charges, grouped.' })
  items!: ParkFeeItemType[];

  @Field(() => [UnpricedParkDay], {
    description: 'Days in an area no schedule covers yet (fees not yet published): not included in the totals.',
  })
  unpricedDays!: UnpricedParkDay[];
}
