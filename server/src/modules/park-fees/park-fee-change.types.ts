import { Field, Int, ObjectType } from 'type-graphql';
import { BookingType } from '../bookings/booking.types.js';

@ObjectType({
  description:
    'An upcoming booking whose frozen park fees differ from what the fee schedules now give for the same trip. Amounts in US cents, VAT included.',
})
export class ParkFeeChange {
  @Field(() => BookingType, { description: 'The booking (Pending or Confirmed, not yet started).' })
  booking!: BookingType;

  @Field(() => Int, { description: 'The park fees frozen with the booking.' })
  frozenCents!: number;

  @Field(() => Int, {
    description:
      "The park fees at today's schedules: for the travellers named when each has a date of birth and residency, else for the party booked.",
  })
  currentCents!: number;

  @Field(() => Int, { description: 'currentCents - frozenCents: more to pay when positive, less when negative.' })
  differenceCents!: number;
}

@ObjectType({ description: 'Answer to `applyParkFeeChange`.' })
export class ApplyParkFeeChangePayload {
  @Field(() => BookingType, { description: 'The booking with its park fees, deposit and balance updated.' })
  booking!: BookingType;

  @Field(() => Int, { description: 'How much the park fees changed, in US cents (0 when they had not).' })
  differenceCents!: number;
}
