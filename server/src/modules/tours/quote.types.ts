import { ParkFeesQuote } from '../park-fees/park-fee.types.js';
import { Field, Float, ID, Int, ObjectType } from 'type-graphql';

@ObjectType('Quote', {
  description:
    'Price of a booking before it is made: unit price x people, 5% early-bird off at least 6 months ahead, a non-refundable 3% deposit and the balance due 30 days before departure.',
})
export class QuoteType {
  @Field(() => ID, { description: 'The tour quoted.' })
  tourId!: string;

  @Field({ description: 'Start date, YYYY-MM-DD.' })
  startDate!: string;

  @Field(() => Int, { description: 'Number of people.' })
  numberOfPeople!: number;

  @Field({ description: 'Booking type quoted: group or private.' })
  bookingType!: string;

  @Field({ description: 'Tier quoted (level of accommodation and service), e.g. Mid-range.' })
  tier!: string;

  @Field({
    description:
      "False when the tour has no price for this booking type and tier (the site shows 'Contact for pricing').",
  })
  priced!: boolean;

  @Field({ description: "Unit price as shown, e.g. '$1,234.00', or 'Contact for pricing'." })
  priceLabel!: string;

  @Field(() => Float, { nullable: true, description: 'Price per person in USD; null when not priced.' })
  unitPrice!: number | null;

  @Field(() => Float, {
    nullable: true,
    description: 'Price per person times the number of people, in USD; null when not priced.',
  })
  subtotal!: number | null;

  @Field({ description: 'True when the start date is at least 6 months away (5% off).' })
  earlyBird!: boolean;

  @Field(() => Float, {
    nullable: true,
    description: 'Early-bird discount in USD (0 when it does not apply); null when not priced.',
  })
  earlyBirdDiscount!: number | null;

  @Field(() => Float, {
    nullable: true,
    description: "The operator's price in USD after any early-bird discount (park fees apart); null when not priced.",
  })
  total!: number | null;

  @Field(() => Float, {
    nullable: true,
    description:
      'What the traveller pays in all, in USD: total + the park fees (parkFees.totalCents); null when not priced.',
  })
  grandTotal!: number | null;

  @Field(() => Float, {
    nullable: true,
    description: 'Non-refundable deposit, 3% of the grand total; null when not priced.',
  })
  deposit!: number | null;

  @Field(() => Float, { nullable: true, description: 'Grand total minus the deposit; null when not priced.' })
  balance!: number | null;

  @Field(() => String, {
    nullable: true,
    description:
      'Day the balance is due (YYYY-MM-DD): 30 days before departure; when that has passed, the day after the earliest calendar day anywhere (UTC-12), a date not yet past for the traveller.',
  })
  balanceDueDate!: string | null;

  @Field({ description: 'Currency of every amount: USD.' })
  currency!: string;

  @Field(() => Int, {
    nullable: true,
    description:
      "Group seats still free on the start date (the departure's, or the tour capacity when nobody has booked that date yet); 0 when the date is closed, sold out or not bookable. A private booking is its own party and needs none.",
  })
  seatsLeft!: number | null;

  @Field(() => String, {
    description: 'Availability of the start date: AVAILABLE, LIMITED (under half left), SOLD_OUT or CLOSED.',
  })
  availability!: string;

  @Field(() => ParkFeesQuote, {
    nullable: true,
    description:
      'Park and conservation fees on top of the price, paid on to the parks, for the party given (else for as many non-resident adults); null when the tour spends no day in a protected area.',
  })
  parkFees!: ParkFeesQuote | null;
}
