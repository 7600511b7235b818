import { graphql } from '../gql';

/**
 * A booking's money as travellers and admins both follow it: the state, what was paid, what is due
 * and owed back. Both generated operation maps (public and admin) read this file, so each can
 * spread the fragment.
 */
export const BOOKING_PAYMENT_FIELDS = graphql(`
  fragment BookingPaymentFields on Booking {
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
