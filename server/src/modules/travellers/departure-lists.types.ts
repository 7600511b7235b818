import { Field, ID, Int, ObjectType } from 'type-graphql';
import type { AgeBand, Residency } from '@tembea/schema';
import { AgeBandEnum, ResidencyEnum } from '../park-fees/park-fee.types.js';

@ObjectType({ description: "One person on a departure's permit list, with their age band and fees on each park day." })
export class PermitTraveller {
  @Field(() => ID, { description: 'The booking the person travels on.' })
  bookingId!: string;

  @Field({ description: "The booking's reference (e.g. TB-7K2M9Q)." })
  bookingReference!: string;

  @Field(() => Int, { description: 'Place on the booking, 1 for the lead traveller.' })
  position!: number;

  @Field(() => String, { nullable: true, description: 'Full name as in the passport; null while not yet given.' })
  fullName!: string | null;

  @Field(() => String, { nullable: true, description: 'Nationality, e.g. Tanzanian.' })
  nationality!: string | null;

  @Field(() => ResidencyEnum, { description: 'Residency category the fees were charged for.' })
  residency!: Residency;

  @Field(() => String, { nullable: true, description: 'Passport number; null while not given or once erased.' })
  passportNumber!: string | null;

  @Field({
    description:
      'True when the residency or age band was assumed for want of details (from the party the booking was quoted for, else a non-resident adult): the fees may still change.',
  })
  assumed!: boolean;

  @Field(() => [AgeBandEnum], {
    description: "Age band on each of the list's days (from the date of birth when given), in the order of `days`.",
  })
  ageBands!: AgeBand[];

  @Field(() => [Int], { description: "Fees with VAT on each of the list's days, in US cents, in the order of `days`." })
  feesCents!: number[];

  @Field(() => Int, { description: 'Fees for this person on the whole trip, with VAT, in US cents.' })
  totalCents!: number;
}

@ObjectType({ description: 'One day of a departure spent in a protected area.' })
export class PermitDay {
  @Field({ description: 'YYYY-MM-DD.' })
  date!: string;

  @Field({ description: 'Code of the protected area, e.g. SERENGETI_NP.' })
  areaCode!: string;

  @Field({ description: 'Name of the protected area (its code when no schedule names it).' })
  areaName!: string;

  @Field({ description: 'False when no fee schedule covers the area on that day yet: its fees are then 0 here.' })
  priced!: boolean;

  @Field(() => Int, { description: 'Fees of the day for everyone, with VAT, in US cents.' })
  totalCents!: number;
}

@ObjectType({ description: 'A protected area of a departure with its fees.' })
export class PermitAreaTotal {
  @Field({ description: 'Code of the protected area, e.g. SERENGETI_NP.' })
  areaCode!: string;

  @Field({ description: 'Name of the protected area.' })
  areaName!: string;

  @Field(() => Int, { description: 'Fees in the area for everyone, with VAT, in US cents.' })
  totalCents!: number;
}

@ObjectType({
  description:
    'The permit list of a departure for the park gates: the days spent in protected areas, and everyone booked (cancelled bookings left out) with their age band and fees on each of those days.',
})
export class PermitList {
  @Field(() => ID, { description: 'Tour id.' })
  tourId!: string;

  @Field({ description: 'Title of the tour.' })
  tourTitle!: string;

  @Field({ description: 'Start date, YYYY-MM-DD.' })
  startDate!: string;

  @Field(() => [PermitAreaTotal], { description: 'The protected areas, in the order first visited.' })
  areas!: PermitAreaTotal[];

  @Field(() => [PermitDay], { description: "The itinerary's days in protected areas, in order." })
  days!: PermitDay[];

  @Field(() => [PermitTraveller], { description: 'Everyone booked, by booking (lead name) then place.' })
  travellers!: PermitTraveller[];

  @Field(() => Int, { description: 'Fees of the whole departure, with VAT, in US cents.' })
  totalCents!: number;

  @Field(() => Int, { description: 'People whose residency or age band was assumed.' })
  assumedCount!: number;
}
