import { Field, ID, Int, ObjectType } from 'type-graphql';
import type { AgeBand, Residency } from '@tembea/schema';
import { AgeBandEnum, ResidencyEnum } from '../park-fees/park-fee.types.js';

@ObjectType({ description: 'One person at a park gate on one day, with the fees charged for them there.' })
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

  @Field(() => AgeBandEnum, { description: 'Age band on that day (from the date of birth when given).' })
  ageBand!: AgeBand;

  @Field(() => String, { nullable: true, description: 'Passport number; null while not given or once erased.' })
  passportNumber!: string | null;

  @Field({
    description:
      'True when the residency or age band was assumed for want of details (from the party booked, else a non-resident adult): the fee may still change.',
  })
  assumed!: boolean;

  @Field(() => Int, { description: 'Fees for this person in this area on this day, with VAT, in US cents.' })
  feeCents!: number;
}

@ObjectType({ description: 'One day of a departure in a protected area.' })
export class PermitDay {
  @Field({ description: 'YYYY-MM-DD.' })
  date!: string;

  @Field({ description: 'False when no fee schedule covers the area on that day yet: its fees are then 0 here.' })
  priced!: boolean;

  @Field(() => [PermitTraveller], { description: 'Everyone booked, in booking then place order.' })
  travellers!: PermitTraveller[];

  @Field(() => Int, { description: 'Fees of the day, with VAT, in US cents.' })
  totalCents!: number;
}

@ObjectType({ description: 'A protected area on a departure, with its days.' })
export class PermitArea {
  @Field({ description: 'Code of the protected area, e.g. SERENGETI_NP.' })
  areaCode!: string;

  @Field({ description: 'Name of the protected area (its code when no schedule names it).' })
  areaName!: string;

  @Field(() => [PermitDay], { description: 'The days spent in the area, in order.' })
  days!: PermitDay[];

  @Field(() => Int, { description: 'Fees in the area, with VAT, in US cents.' })
  totalCents!: number;
}

@ObjectType({
  description:
    'The permit list of a departure for the park gates: per protected area and day, every person booked (cancelled bookings left out) with the fees charged.',
})
export class PermitList {
  @Field(() => ID, { description: 'Tour id.' })
  tourId!: string;

  @Field({ description: 'Title of the tour.' })
  tourTitle!: string;

  @Field({ description: 'Start date, YYYY-MM-DD.' })
  startDate!: string;

  @Field(() => [PermitArea], {
    description: "The protected areas of the tour's itinerary, in the order first visited.",
  })
  areas!: PermitArea[];

  @Field(() => Int, { description: 'Fees of the whole departure, with VAT, in US cents.' })
  totalCents!: number;

  @Field(() => Int, { description: 'People booked.' })
  travellerCount!: number;

  @Field(() => Int, { description: 'People whose residency or age band was assumed.' })
  assumedCount!: number;
}
