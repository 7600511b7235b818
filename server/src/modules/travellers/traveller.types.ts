import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import type { Residency } from '@tembea/schema';
import { ResidencyEnum } from '../park-fees/park-fee.types.js';

@ObjectType('Traveller', { description: 'One person travelling on a booking.' })
export class TravellerType {
  @Field(() => Int, { description: 'Place on the booking, 1 for the lead traveller.' })
  position!: number;

  @Field({ description: 'Full name as in the passport.' })
  fullName!: string;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD; null until given, or once erased after the trip.' })
  dateOfBirth!: string | null;

  @Field(() => String, { nullable: true, description: 'Nationality, e.g. Tanzanian.' })
  nationality!: string | null;

  @Field(() => ResidencyEnum, { nullable: true, description: 'Residency category, which sets the park fees.' })
  residency!: Residency | null;

  @Field(() => String, {
    nullable: true,
    description: 'Passport number (capitals and digits); null until given, or once erased after the trip.',
  })
  passportNumber!: string | null;

  @Field(() => String, { nullable: true, description: 'Dietary needs, for the cook.' })
  dietaryNeeds!: string | null;

  @Field(() => String, { nullable: true, description: 'Anything else the guides should know.' })
  notes!: string | null;

  @Field({ description: 'True once the date of birth and passport number were erased after the trip.' })
  erased!: boolean;
}

@ObjectType('BookingTravellers', { description: 'Who travels on a booking, and what is still to be told.' })
export class BookingTravellersType {
  @Field(() => [TravellerType], {
    description: 'Everyone named so far, the lead first; before any is named, the lead by the booking name.',
  })
  travellers!: TravellerType[];

  @Field({ description: 'Last day the traveller may change the list online (YYYY-MM-DD).' })
  dueDate!: string;

  @Field(() => [String], {
    description: "What is still missing, one line per person, e.g. 'Traveller 2: date of birth'.",
  })
  missing!: string[];
}

@InputType({ description: 'One person travelling.' })
export class TravellerInput {
  @Field({ description: 'Full name as in the passport.' })
  fullName!: string;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD.' })
  dateOfBirth?: string | null;

  @Field(() => String, { nullable: true, description: 'Nationality, e.g. Tanzanian, in letters.' })
  nationality?: string | null;

  @Field(() => ResidencyEnum, { nullable: true, description: 'Residency category, which sets the park fees.' })
  residency?: Residency | null;

  @Field(() => String, { nullable: true, description: '5 to 20 letters and digits; spaces and dashes are dropped.' })
  passportNumber?: string | null;

  @Field(() => String, { nullable: true, description: 'At most 200 characters.' })
  dietaryNeeds?: string | null;

  @Field(() => String, { nullable: true, description: 'At most 500 characters.' })
  notes?: string | null;
}

@ObjectType({ description: 'The outcome of updateTravellers.' })
export class UpdateTravellersPayload {
  @Field(() => ID, { description: 'The booking whose list was replaced.' })
  bookingId!: string;

  @Field(() => BookingTravellersType, { description: 'The list as saved.' })
  travellers!: BookingTravellersType;
}
