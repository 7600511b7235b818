import { graphql } from '../../../../gql/admin';

/** Upcoming bookings whose frozen park fees differ from what the current schedules give. */
export const PARK_FEE_CHANGES = graphql(`
  query AdminParkFeeChanges {
    parkFeeChanges {
      frozenCents
      currentCents
      differenceCents
      booking {
        id
        name
        email
        tourTitle
        startDate
        numberOfPeople
        status
      }
    }
  }
`);

export const APPLY_PARK_FEE_CHANGE = graphql(`
  mutation ApplyParkFeeChange($bookingId: ID!) {
    applyParkFeeChange(bookingId: $bookingId) {
      differenceCents
      booking {
        id
        name
        email
      }
    }
  }
`);
