import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { BookingType } from '../bookings/booking.types.js';
import { ConnectionType } from '../../common/graphql-types.js';

export enum PaymentStateEnum {
  UNPAID = 'UNPAID',
  DEPOSIT_PAID = 'DEPOSIT_PAID',
  PAID_IN_FULL = 'PAID_IN_FULL',
  REFUND_DUE = 'REFUND_DUE',
  REFUNDED = 'REFUNDED',
}
registerEnumType(PaymentStateEnum, {
  name: 'PaymentState',
  description: "A booking's payment state, derived from its ledger.",
  valuesConfig: {
    UNPAID: { description: 'The deposit (or, within 30 days of departure, the full amount) is not paid yet.' },
    DEPOSIT_PAID: { description: 'The deposit is paid; the balance is not.' },
    PAID_IN_FULL: { description: 'The total is paid.' },
    REFUND_DUE: { description: 'Money is owed back to the traveller (after a cancellation).' },
    REFUNDED: { description: 'Cancelled, and what was owed back has been refunded.' },
  },
});

export enum PaymentKindEnum {
  DEPOSIT = 'DEPOSIT',
  BALANCE = 'BALANCE',
  FULL = 'FULL',
  REFUND = 'REFUND',
}
registerEnumType(PaymentKindEnum, {
  name: 'PaymentKind',
  description: 'What a payment pays, or a refund.',
  valuesConfig: {
    DEPOSIT: { description: 'The 3% non-refundable deposit (or part of it).' },
    BALANCE: { description: 'The rest of the total, after the deposit.' },
    FULL: { description: 'The whole total at once (required within 30 days of departure).' },
    REFUND: { description: 'Money given back to the traveller.' },
  },
});

export enum PaymentMethodEnum {
  BANK_TRANSFER = 'BANK_TRANSFER',
  MPESA = 'MPESA',
  TIGO_PESA = 'TIGO_PESA',
  AIRTEL_MONEY = 'AIRTEL_MONEY',
  CARD = 'CARD',
}
registerEnumType(PaymentMethodEnum, {
  name: 'PaymentMethod',
  description: 'How the money moved.',
  valuesConfig: {
    BANK_TRANSFER: { description: "A transfer to the operator's bank account." },
    MPESA: { description: 'M-Pesa mobile money.' },
    TIGO_PESA: { description: 'Tigo Pesa mobile money.' },
    AIRTEL_MONEY: { description: 'Airtel Money mobile money.' },
    CARD: { description: 'A card (through Stripe Checkout, or a card terminal recorded by an admin).' },
  },
});

@ObjectType('PaymentEntry', {
  description:
    'One ledger row: a payment or a refund, in US cents. Rows are never changed or deleted; a mistake is corrected by a row that reverses it (reversesId).',
})
export class PaymentEntryType {
  @Field(() => ID, { description: 'Ledger row id (also the receipt number).' })
  id!: string;

  @Field(() => ID, { description: 'The booking it belongs to.' })
  bookingId!: string;

  @Field(() => PaymentKindEnum, { description: 'Deposit, balance, full payment or refund.' })
  kind!: PaymentKindEnum;

  @Field(() => Int, {
    description: 'Amount in US cents, always above 0 (a refund is a REFUND row, not a negative one).',
  })
  amountCents!: number;

  @Field(() => PaymentMethodEnum, { description: 'How the money moved.' })
  method!: PaymentMethodEnum;

  @Field({ description: "'offline' (recorded by an admin) or 'stripe' (recorded from Stripe's signed webhook)." })
  provider!: string;

  @Field(() => String, {
    nullable: true,
    description: "The payer's reference (offline) or Stripe's payment intent or refund id.",
  })
  providerReference!: string | null;

  @Field(() => String, { nullable: true, description: 'The admin who recorded it (email); null for Stripe.' })
  recordedBy!: string | null;

  @Field({ description: 'Day the money arrived or left, YYYY-MM-DD.' })
  receivedOn!: string;

  @Field(() => GraphQLDateTimeISO, { description: 'When the row was written.' })
  createdAt!: Date;

  @Field(() => ID, { nullable: true, description: 'The row this one reverses (a correction); null otherwise.' })
  reversesId!: string | null;

  @Field(() => String, { nullable: true, description: 'Why a correction was made, or a note on a refund.' })
  note!: string | null;
}

@ObjectType('BookingPayment', {
  description:
    "A booking's money: its payment state, totals in US cents, what is due now and its ledger rows. Only the booking's owner and admins see it.",
})
export class BookingPaymentType {
  @Field(() => PaymentStateEnum, { description: 'Payment state.' })
  state!: PaymentStateEnum;

  @Field({ description: "The state as shown: 'Unpaid', 'Deposit paid', 'Paid in full', 'Refund due' or 'Refunded'." })
  stateLabel!: string;

  @Field({ description: 'Currency of every amount: USD.' })
  currency!: string;

  @Field(() => Int, {
    description: 'What the booking costs in all, in cents: the tour price and the park fees frozen with it.',
  })
  totalCents!: number;

  @Field(() => Int, { description: 'The non-refundable deposit (3% of the total), in cents.' })
  depositCents!: number;

  @Field(() => Int, { description: 'Paid so far, net of refunds, in cents.' })
  paidCents!: number;

  @Field(() => Int, { description: 'Refunded so far, in cents.' })
  refundedCents!: number;

  @Field(() => Int, { description: 'Owed back to the traveller now, in cents.' })
  refundDueCents!: number;

  @Field(() => Int, { description: 'Still to pay for the trip, in cents (0 once paid in full or cancelled).' })
  outstandingCents!: number;

  @Field(() => Int, {
    description:
      'To pay now, in cents: the deposit, or everything left once the balance is due; 0 when nothing is due.',
  })
  dueNowCents!: number;

  @Field(() => PaymentKindEnum, {
    nullable: true,
    description: 'What the amount due now pays; null when nothing is due.',
  })
  dueNowKind!: PaymentKindEnum | null;

  @Field(() => PaymentKindEnum, {
    nullable: true,
    description:
      'What startPayment would ask for now: what is due now, else (deposit paid, balance not yet due) the balance ahead of time; null when nothing is owed.',
  })
  nextPaymentKind!: PaymentKindEnum | null;

  @Field(() => Int, { description: 'The amount of that next payment, in cents; 0 when nothing is owed.' })
  nextPaymentCents!: number;

  @Field({
    description:
      'Day the balance is due, YYYY-MM-DD: 30 days before departure; for a booking made later, the day after the earliest calendar day anywhere (UTC-12) when it was booked, a date not yet past for its traveller.',
  })
  balanceDueDate!: string;

  @Field({ description: 'True when the balance due date has passed and the booking is not paid in full.' })
  overdue!: boolean;

  @Field({ description: "The booking's payment reference to quote with a bank transfer or mobile money (TB-XXXXXX)." })
  reference!: string;

  @Field(() => [PaymentEntryType], {
    description: 'Ledger rows, oldest first (the latest 50; the totals count every row).',
  })
  entries!: PaymentEntryType[];
}

@ObjectType({ description: "The operator's bank account for transfers." })
export class BankAccountDetails {
  @Field({ description: 'Bank name.' })
  name!: string;

  @Field({ description: 'Account holder.' })
  accountName!: string;

  @Field({ description: 'Account number.' })
  accountNumber!: string;

  @Field(() => String, { nullable: true, description: 'SWIFT/BIC code, for transfers from abroad.' })
  swift!: string | null;

  @Field(() => String, { nullable: true, description: 'Branch.' })
  branch!: string | null;
}

@ObjectType({ description: 'A mobile-money number to pay to.' })
export class MobileMoneyNumber {
  @Field(() => PaymentMethodEnum, { description: 'MPESA, TIGO_PESA or AIRTEL_MONEY.' })
  provider!: PaymentMethodEnum;

  @Field({ description: 'The number, with country code.' })
  number!: string;
}

@ObjectType({ description: 'How to pay by bank transfer or mobile money.' })
export class OfflinePaymentInstructions {
  @Field({ description: 'The payment reference to quote with the payment.' })
  reference!: string;

  @Field(() => Int, { description: 'Amount to pay, in US cents.' })
  amountCents!: number;

  @Field(() => BankAccountDetails, {
    nullable: true,
    description: 'The bank account; null when the operator has none configured (then contact them).',
  })
  bank!: BankAccountDetails | null;

  @Field(() => [MobileMoneyNumber], { description: 'Mobile-money numbers (may be empty).' })
  mobileMoney!: MobileMoneyNumber[];

  @Field({ description: 'True when the details are samples (a server not yet set up): do not pay to them.' })
  sample!: boolean;
}

@ObjectType({ description: 'A payment started: a Stripe Checkout URL to open, or offline instructions.' })
export class StartPaymentPayload {
  @Field(() => BookingType, { description: 'The booking.' })
  booking!: BookingType;

  @Field(() => PaymentKindEnum, { description: 'What this payment pays.' })
  kind!: PaymentKindEnum;

  @Field(() => Int, { description: 'Amount to pay, in US cents (from the rules, never from the caller).' })
  amountCents!: number;

  @Field(() => String, {
    nullable: true,
    description: 'Stripe Checkout page to send the traveller to (card payments); null when paying offline.',
  })
  checkoutUrl!: string | null;

  @Field(() => OfflinePaymentInstructions, {
    nullable: true,
    description: 'Bank and mobile-money instructions; null when paying by card.',
  })
  instructions!: OfflinePaymentInstructions | null;
}

@InputType({ description: 'A payment received offline, as an admin records it.' })
export class RecordPaymentInput {
  @Field(() => ID, { description: 'The booking.' })
  bookingId!: string;

  @Field(() => Int, { description: 'Amount received in US cents; at most what is still to pay.' })
  amountCents!: number;

  @Field(() => PaymentMethodEnum, { description: 'How it was paid.' })
  method!: PaymentMethodEnum;

  @Field(() => String, {
    nullable: true,
    description: "The payer's reference (transaction code), at most 100 characters.",
  })
  payerReference?: string | null;

  @Field(() => String, { nullable: true, description: 'Day it arrived, YYYY-MM-DD (today by default).' })
  receivedOn?: string | null;
}

@ObjectType({ description: 'A payment recorded.' })
export class RecordPaymentPayload {
  @Field(() => BookingType, { description: 'The booking, with its payment state after this payment.' })
  booking!: BookingType;

  @Field(() => PaymentEntryType, { description: 'The ledger row written.' })
  entry!: PaymentEntryType;
}

@InputType({ description: 'Money given back to a traveller.' })
export class RefundPaymentInput {
  @Field(() => ID, { description: 'The booking.' })
  bookingId!: string;

  @Field(() => Int, { description: 'Amount in US cents; at most what was paid and not refunded.' })
  amountCents!: number;

  @Field(() => PaymentMethodEnum, {
    nullable: true,
    description:
      'How it is given back. Omitted (or CARD) on a booking paid through Stripe: refunded through Stripe. Omitted otherwise: the way the latest payment came.',
  })
  method?: PaymentMethodEnum | null;

  @Field(() => String, { nullable: true, description: 'Reference of an offline refund, or a note.' })
  reference?: string | null;
}

@ObjectType({ description: 'A refund made or recorded.' })
export class RefundPaymentPayload {
  @Field(() => BookingType, { description: 'The booking, with its payment state after the refund.' })
  booking!: BookingType;

  @Field(() => PaymentEntryType, {
    description: 'The ledger row written (the last one when split over card payments).',
  })
  entry!: PaymentEntryType;
}

@InputType({ description: 'A correction of a ledger row.' })
export class ReversePaymentEntryInput {
  @Field(() => ID, { description: 'The row to reverse.' })
  entryId!: string;

  @Field({ description: 'Why, at most 500 characters.' })
  reason!: string;
}

@ObjectType({ description: 'A ledger row reversed.' })
export class ReversePaymentEntryPayload {
  @Field(() => BookingType, { description: 'The booking, with its payment state after the correction.' })
  booking!: BookingType;

  @Field(() => PaymentEntryType, { description: 'The reversing row written.' })
  entry!: PaymentEntryType;
}

@InputType({ description: 'Which ledger rows to list; every given condition must match.' })
export class PaymentFilter {
  @Field(() => String, { nullable: true, description: 'Received on or after this day (YYYY-MM-DD).' })
  from?: string | null;

  @Field(() => String, { nullable: true, description: 'Received on or before this day (YYYY-MM-DD).' })
  to?: string | null;

  @Field(() => PaymentMethodEnum, { nullable: true, description: 'Only this method.' })
  method?: PaymentMethodEnum | null;

  @Field(() => PaymentKindEnum, { nullable: true, description: 'Only this kind.' })
  kind?: PaymentKindEnum | null;
}

@ObjectType({ description: 'A page of ledger rows, newest first.' })
export class PaymentEntryConnection extends ConnectionType(PaymentEntryType, {
  edge: 'PaymentEntryEdge',
  edgeDescription: 'A ledger row and its cursor.',
  noun: 'ledger row',
  plural: 'ledger rows',
  nodes: true,
  totalCount: 'Number of rows matching the filter, over all pages.',
}) {}

@ObjectType({ description: 'Money in and out on one day by one method (reversed rows and reversals left out).' })
export class PaymentDayTotal {
  @Field({ description: 'The day, YYYY-MM-DD.' })
  day!: string;

  @Field(() => PaymentMethodEnum, { description: 'The method.' })
  method!: PaymentMethodEnum;

  @Field(() => Int, { description: 'Received that day by that method, in US cents.' })
  receivedCents!: number;

  @Field(() => Int, { description: 'Refunded that day by that method, in US cents.' })
  refundedCents!: number;
}
