import { graphql } from '../../../../gql/admin';

/** One ledger row as the ledger table shows it. */
export const PAYMENT_ENTRY_FIELDS = graphql(`
  fragment PaymentEntryFields on PaymentEntry {
    id
    bookingId
    kind
    amountCents
    method
    provider
    providerReference
    recordedBy
    receivedOn
    createdAt
    reversesId
    note
  }
`);

/** Money received, as the admin typed it; the server checks it against what is due. */
export const RECORD_PAYMENT = graphql(`
  mutation RecordPayment($input: RecordPaymentInput!) {
    recordPayment(input: $input) {
      booking {
        ...AdminBookingFields
      }
      entry {
        ...PaymentEntryFields
      }
    }
  }
`);

/** Money paid back: through Stripe for a card payment, else recorded. */
export const REFUND_PAYMENT = graphql(`
  mutation RefundPayment($input: RefundPaymentInput!) {
    refundPayment(input: $input) {
      booking {
        ...AdminBookingFields
      }
      entry {
        ...PaymentEntryFields
      }
    }
  }
`);

/** The ledger, newest first, a page at a time (the cache appends pages: lib/paging.ts). */
export const ADMIN_PAYMENTS = graphql(`
  query AdminPayments($filter: PaymentFilter, $first: Int, $after: String) {
    payments(filter: $filter, first: $first, after: $after) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        ...PaymentEntryFields
      }
    }
  }
`);

/** Totals per day and method over a period, of the ledger filter's method and kind when it names them. */
export const PAYMENT_TOTALS = graphql(`
  query PaymentTotals($from: String, $to: String, $method: PaymentMethod, $kind: PaymentKind) {
    paymentTotals(from: $from, to: $to, method: $method, kind: $kind) {
      day
      method
      receivedCents
      refundedCents
    }
  }
`);
