import { graphql } from '../../../gql';

/** What the traveller sees of a booking's money: the state, what was paid, what is due and the receipts. */
export const TRAVELLER_PAYMENT_FIELDS = graphql(`
  fragment TravellerPaymentFields on Booking {
    id
    payment {
      state
      stateLabel
      currency
      totalCents
      depositCents
      paidCents
      refundedCents
      refundDueCents
      dueNowCents
      dueNowKind
      outstandingCents
      nextPaymentKind
      nextPaymentCents
      balanceDueDate
      overdue
      reference
    }
  }
`);

/**
 * The ledger rows of one booking's payment (its receipts). Asked per booking: asking them for every
 * booking of a list would cost more than a query may.
 */
export const BOOKING_PAYMENT_ENTRIES = graphql(`
  query BookingPaymentEntries($bookingId: ID!) {
    bookingPayment(bookingId: $bookingId) {
      entries {
        id
        bookingId
        kind
        amountCents
        method
        provider
        providerReference
        receivedOn
        createdAt
        reversesId
      }
    }
  }
`);

/**
 * Starts paying what is due now: Stripe answers with its Checkout address, the offline provider
 * with the instructions (reference, bank account, mobile-money numbers).
 */
export const START_PAYMENT = graphql(`
  mutation StartPayment($bookingId: ID!) {
    startPayment(bookingId: $bookingId) {
      kind
      amountCents
      checkoutUrl
      instructions {
        reference
        amountCents
        bank {
          name
          accountName
          accountNumber
          swift
          branch
        }
        mobileMoney {
          provider
          number
        }
      }
      booking {
        ...TravellerPaymentFields
      }
    }
  }
`);
