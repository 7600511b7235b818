import { Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { GraphQLDateTimeISO } from 'graphql-scalars';
import { UserType } from '../users/user.types.js';
import { ConnectionType } from '../../common/graphql-types.js';
import { ParkFeesQuote, PartyGroupInput } from '../park-fees/park-fee.types.js';
import { TravellerInput } from '../travellers/traveller.types.js';

@ObjectType({
  description:
    'The price of a booking, frozen when it was made (amounts in USD, computed in whole cents). When the tour had no price for the booking type and tier, priced is false and the amounts are null: the operator sends a quote.',
})
export class BookingPrice {
  @Field({
    description:
      "False when the tour had no price for this booking type and tier (the site shows 'Contact for pricing').",
  })
  priced!: boolean;

  @Field(() => Float, { nullable: true, description: 'Price per person in USD; null when not priced.' })
  unitPrice!: number | null;

  @Field(() => Float, {
    nullable: true,
    description: 'Price per person times the number of travellers, in USD; null when not priced.',
  })
  subtotal!: number | null;

  @Field({ description: 'True when booked at least 6 months ahead (5% off).' })
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
      'Park fees with VAT in USD, paid on to the parks, as frozen when booked (or when an admin last applied a fee change); null when the trip spends no day in a protected area.',
  })
  parkFees!: number | null;

  @Field(() => Float, {
    nullable: true,
    description: 'What the traveller pays in all, in USD: total + parkFees; null when not priced.',
  })
  grandTotal!: number | null;

  @Field(() => Float, {
    nullable: true,
    description: 'Non-refundable deposit in USD: 3% of the grand total; null when not priced.',
  })
  deposit!: number | null;

  @Field(() => Float, {
    nullable: true,
    description: 'Grand total minus the deposit, in USD; null when not priced.',
  })
  balance!: number | null;

  @Field(() => String, {
    nullable: true,
    description: 'Day the balance is due (YYYY-MM-DD): 30 days before departure; null when not priced.',
  })
  balanceDueDate!: string | null;

  @Field({ description: 'Currency of every amount: USD.' })
  currency!: string;
}

@ObjectType('Booking', { description: "A traveller's booking of a tour on a date." })
export class BookingType {
  @Field(() => ID, { description: 'Booking id.' })
  id!: string;

  @Field(() => ID, { nullable: true, description: 'The tour booked; null when the tour has since been deleted.' })
  tourId!: string | null;

  @Field({ description: "The tour's title when it was booked." })
  tourTitle!: string;

  @Field({ description: 'Start date, YYYY-MM-DD.' })
  startDate!: string;

  @Field({ description: 'End date, YYYY-MM-DD.' })
  endDate!: string;

  @Field(() => Int, { description: 'Number of travellers.' })
  numberOfPeople!: number;

  @Field({ description: 'Name of the person booking.' })
  name!: string;

  @Field({ description: 'Email the confirmation goes to.' })
  email!: string;

  @Field({ description: 'Phone number with country code.' })
  phone!: string;

  @Field(() => String, { nullable: true, description: 'Special requests (dietary restrictions, accessibility, …).' })
  notes!: string | null;

  @Field({ description: 'Pending, Confirmed, Cancelled or Completed.' })
  status!: string;

  @Field({ description: "group (shares the departure's seats) or private (its own party)." })
  bookingType!: string;

  @Field({ description: 'Tier booked (level of accommodation and service), e.g. Mid-range.' })
  tier!: string;

  @Field(() => BookingPrice, { description: 'The price frozen at booking time.' })
  price!: BookingPrice;

  @Field(() => ParkFeesQuote, {
    nullable: true,
    description:
      'The park fees frozen when booked (or when an admin last applied a fee change), itemised; null when the trip spends no day in a protected area.',
  })
  parkFees!: ParkFeesQuote | null;

  @Field({
    description:
      'True while the traveller may still cancel it themselves (Pending or Confirmed, before the start date).',
  })
  canCancel!: boolean;

  @Field(() => UserType, {
    nullable: true,
    description: 'The account that booked (admins only; null once that account is deleted).',
  })
  user!: UserType | null;

  @Field(() => GraphQLDateTimeISO, { description: 'When it was booked.' })
  createdAt!: Date;

  @Field(() => GraphQLDateTimeISO, { description: 'When it last changed.' })
  updatedAt!: Date;

  /**
   * The id of the account that booked (null once it is deleted), for the fields that only the
   * owner and admins see: they check it without reading the booking again. Not in the schema.
   */
  ownerId!: number | null;
}

@ObjectType({ description: 'A page of bookings, newest first.' })
export class BookingConnection extends ConnectionType(BookingType, {
  edge: 'BookingEdge',
  edgeDescription: 'A booking and its cursor.',
  noun: 'booking',
  plural: 'bookings',
  nodes: true,
  totalCount: 'Number of bookings matching the filter, over all pages.',
}) {}

@ObjectType({ description: 'Answer to `createBooking`: the booking just made and the text to show.' })
export class CreateBookingPayload {
  @Field(() => BookingType, { description: 'The booking.' })
  booking!: BookingType;

  @Field({ description: 'What to tell the traveller.' })
  message!: string;
}

@InputType({ description: 'A booking request. Dates are YYYY-MM-DD, today or later; the end not before the start.' })
export class BookingInput {
  @Field(() => ID, { description: 'The tour to book.' })
  tourId!: string;

  @Field({ description: 'Start date, YYYY-MM-DD.' })
  startDate!: string;

  @Field(() => String, {
    nullable: true,
    description:
      "End date, YYYY-MM-DD: the start date plus the tour's nights. Optional; when given it must be that day.",
  })
  endDate?: string | null;

  @Field(() => Int, { description: 'Travellers, from 1 to the tour capacity (20 when it has none).' })
  numberOfPeople!: number;

  @Field({ description: 'Full name.' })
  name!: string;

  @Field({ description: 'Email for the confirmation.' })
  email!: string;

  @Field({ description: 'Phone number with country code.' })
  phone!: string;

  @Field(() => String, { nullable: true, description: 'Special requests (optional).' })
  notes?: string | null;

  @Field(() => String, { nullable: true, description: "group or private; the tour's own booking type by default." })
  bookingType?: string | null;

  @Field(() => String, { nullable: true, description: "One of the tour's tiers; the first by default." })
  tier?: string | null;

  @Field(() => [PartyGroupInput], {
    nullable: true,
    description:
      'Who travels, as counts by residency and age band adding up to numberOfPeople, to price the park fees exactly; left out, every traveller is priced as a non-resident adult (as the quote assumes).',
  })
  party?: PartyGroupInput[] | null;

  @Field(() => TravellerInput, {
    nullable: true,
    description:
      "The lead traveller's details, saved with the booking (date of birth and passport sealed); left out, the lead is known by the booking's name until the travellers are completed.",
  })
  leadTraveller?: TravellerInput | null;
}

export enum BookingPaymentFilter {
  UNPAID_DEPOSIT = 'UNPAID_DEPOSIT',
  BALANCE_DUE_SOON = 'BALANCE_DUE_SOON',
  OVERDUE = 'OVERDUE',
}
registerEnumType(BookingPaymentFilter, {
  name: 'BookingPaymentFilter',
  description: 'Open (Pending or Confirmed) priced bookings by what they still owe.',
  valuesConfig: {
    UNPAID_DEPOSIT: { description: 'The deposit is not fully paid.' },
    BALANCE_DUE_SOON: { description: 'Not paid in full, the balance due within the next 4 weeks.' },
    OVERDUE: { description: 'Not paid in full, the balance due date passed.' },
  },
});

@InputType({ description: 'Which bookings to list; every given condition must match.' })
export class BookingFilter {
  @Field(() => String, { nullable: true, description: 'Pending, Confirmed, Cancelled or Completed (any case).' })
  status?: string | null;

  @Field(() => ID, { nullable: true, description: 'Bookings of this tour.' })
  tourId?: string | null;

  @Field(() => String, { nullable: true, description: 'Starting on or after this day (YYYY-MM-DD).' })
  from?: string | null;

  @Field(() => String, { nullable: true, description: 'Starting on or before this day (YYYY-MM-DD).' })
  to?: string | null;

  @Field(() => BookingPaymentFilter, { nullable: true, description: 'Only bookings that owe this.' })
  payment?: BookingPaymentFilter | null;
}

@ObjectType('Departure', { description: 'A tour on a start date, with its group seats.' })
export class DepartureType {
  @Field(() => ID, { description: 'Departure id.' })
  id!: string;

  @Field(() => ID, { description: 'Id of the tour.' })
  tourId!: string;

  @Field({ description: 'Start date, YYYY-MM-DD.' })
  startDate!: string;

  @Field(() => Int, { description: 'Group seats in all.' })
  capacity!: number;

  @Field(() => Int, { description: 'Seats held by Pending, Confirmed and Completed group bookings.' })
  seatsTaken!: number;

  @Field(() => Int, { description: 'Seats still free (0 when closed).' })
  seatsLeft!: number;

  @Field({
    description:
      'AVAILABLE, LIMITED (under half left), SOLD_OUT or CLOSED (closed by the operator, past, or the tour is not bookable).',
  })
  status!: string;

  @Field({ description: 'True when the operator closed it to new bookings.' })
  closed!: boolean;
}

@ObjectType({ description: 'Answer to `cancelMyBooking`.' })
export class CancelMyBookingPayload {
  @Field(() => BookingType, { description: 'The booking, now Cancelled.' })
  booking!: BookingType;
}

@ObjectType({ description: 'Answer to `confirmBooking`.' })
export class ConfirmBookingPayload {
  @Field(() => BookingType, { description: 'The booking, now Confirmed.' })
  booking!: BookingType;
}

@ObjectType({ description: 'Answer to `completeBooking`.' })
export class CompleteBookingPayload {
  @Field(() => BookingType, { description: 'The booking, now Completed.' })
  booking!: BookingType;
}

@ObjectType({ description: 'Answer to `cancelBooking`.' })
export class CancelBookingPayload {
  @Field(() => BookingType, { description: 'The booking, now Cancelled.' })
  booking!: BookingType;
}

@ObjectType({ description: 'Answer to `addDeparture`.' })
export class AddDeparturePayload {
  @Field(() => DepartureType, { description: 'The departure scheduled.' })
  departure!: DepartureType;
}

@ObjectType({ description: 'Answer to `updateDeparture`.' })
export class UpdateDeparturePayload {
  @Field(() => DepartureType, { description: 'The departure as changed.' })
  departure!: DepartureType;
}

@ObjectType({ description: 'Answer to `deleteDeparture`: its date is bookable again with the tour capacity.' })
export class DeleteDeparturePayload {
  @Field(() => ID, { description: 'Id of the departure deleted.' })
  deletedDepartureId!: string;
}
