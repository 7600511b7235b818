import { graphql } from '../../../gql';

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
        ...BookingPaymentFields
      }
    }
  }
`);
