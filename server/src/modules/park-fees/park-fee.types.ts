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
});
registerEnumType(FeeCurrencyEnum, {
  name: 'FeeCurrency',
  description: 'The currency a park states a fee in: USD (amounts in cents) or TZS (amounts in whole shillings).',
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
  @Field(() => ParkFeeKindEnum)
  kind!: FeeRowKind;

  @Field(() => ResidencyEnum)
  residency!: Residency;

  @Field(() => ChargedAgeBandEnum)
  ageBand!: 'ADULT' | 'CHILD';

  @Field(() => Int, { description: 'Amount before VAT in the smallest unit of the currency: US cents, or shillings.' })
  amount!: number;

  @Field(() => FeeCurrencyEnum)
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
  @Field(() => ID)
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

  @Field(() => [ParkAreaFees])
  areas!: ParkAreaFees[];

  @Field(() => GraphQLDateTimeISO, { description: 'When an admin last saved it.' })
  updatedAt!: Date;
}

@InputType({ description: 'One fee of an area.' })
export class ParkFeeInput {
  @Field(() => ParkFeeKindEnum)
  kind!: FeeRowKind;

  @Field(() => ResidencyEnum)
  residency!: Residency;

  @Field(() => ChargedAgeBandEnum)
  ageBand!: 'ADULT' | 'CHILD';

  @Field(() => Int, { description: 'Amount before VAT: US cents, or whole shillings.' })
  amount!: number;

  @Field(() => FeeCurrencyEnum)
  currency!: FeeCurrency;
}

@InputType({ description: "A protected area's fees." })
export class ParkAreaFeesInput {
  @Field({ description: '2 to 40 capital letters, digits or underscores, e.g. SERENGETI_NP.' })
  areaCode!: string;

  @Field()
  areaName!: string;

  @Field(() => [ParkFeeInput])
  fees!: ParkFeeInput[];
}

@InputType({ description: 'A season range, MM-DD to MM-DD inclusive.' })
export class SeasonRangeInput {
  @Field()
  from!: string;

  @Field()
  to!: string;
}

@InputType({ description: 'A whole fee schedule, as saved by an admin.' })
export class ParkFeeScheduleInput {
  @Field(() => ID, { nullable: true, description: 'The schedule to replace; none to add a new one.' })
  id?: string | null;

  @Field()
  name!: string;

  @Field({ description: 'YYYY-MM-DD; no two schedules start on the same day.' })
  validFrom!: string;

  @Field({ description: 'YYYY-MM-DD, on or after validFrom.' })
  validTo!: string;

  @Field(() => [SeasonRangeInput])
  peakSeasons!: SeasonRangeInput[];

  @Field(() => Float, { description: 'VAT in percent, 0-100.' })
  vatPercent!: number;

  @Field(() => Float, { description: 'Shillings per US dollar, more than 0.' })
  tzsPerUsd!: number;

  @Field(() => [ParkAreaFeesInput])
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
});
export const ParkChargeKindEnum = enumOf(['ENTRY', ...OVERNIGHT_KINDS, 'VISIT'] as const);
registerEnumType(ParkChargeKindEnum, {
  name: 'ParkChargeKind',
  description: 'What a park fee on a quote pays for: ENTRY (24 hours), a night (CONCESSION, CAMPING, HUT) or VISIT.',
});
export const SeasonEnum = enumOf(['PEAK', 'LOW'] as const);
registerEnumType(SeasonEnum, { name: 'Season', description: "A park's peak or low season." });

@InputType({ description: 'How many people of one residency category and age band travel.' })
export class PartyGroupInput {
  @Field(() => ResidencyEnum)
  residency!: Residency;

  @Field(() => AgeBandEnum)
  ageBand!: AgeBand;

  @Field(() => Int, { description: '0 or more.' })
  count!: number;
}

@ObjectType({ description: 'Equal park fees of a trip grouped into one line.' })
export class ParkFeeItemType {
  @Field()
  areaCode!: string;

  @Field()
  areaName!: string;

  @Field(() => ParkChargeKindEnum)
  kind!: ParkFeeKind;

  @Field(() => SeasonEnum)
  season!: 'PEAK' | 'LOW';

  @Field(() => ResidencyEnum)
  residency!: Residency;

  @Field(() => AgeBandEnum)
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
  @Field()
  areaCode!: string;

  @Field()
  areaName!: string;

  @Field(() => Int, { description: 'With VAT, in US cents.' })
  totalCents!: number;
}

@ObjectType({ description: 'A day spent in a protected area that no fee schedule prices yet.' })
export class UnpricedParkDay {
  @Field({ description: 'YYYY-MM-DD.' })
  date!: string;

  @Field()
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

  @Field(() => Int)
  vatCents!: number;

  @Field(() => Int, { description: 'Fees with VAT: what the parks are paid.' })
  totalCents!: number;

  @Field(() => [ParkFeeAreaTotal])
  areas!: ParkFeeAreaTotal[];

  @Field(() => [ParkFeeItemType], { description: 'The charges, grouped.' })
  items!: ParkFeeItemType[];

  @Field(() => [UnpricedParkDay], {
    description: 'Days in an area no schedule covers yet (fees not yet published): not included in the totals.',
  })
  unpricedDays!: UnpricedParkDay[];
}
