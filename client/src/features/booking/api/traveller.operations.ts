import { graphql } from '../../../gql';

/** Who travels on a booking, as its owner sees and edits them. */
export const BOOKING_TRAVELLERS_FIELDS = graphql(`
  fragment BookingTravellersFields on BookingTravellers {
    dueDate
    missing
    travellers {
      position
      fullName
      dateOfBirth
      nationality
      residency
      passportNumber
      dietaryNeeds
      notes
      erased
    }
  }
`);

export const BOOKING_TRAVELLERS = graphql(`
  query BookingTravellers($bookingId: ID!) {
    bookingTravellers(bookingId: $bookingId) {
      ...BookingTravellersFields
    }
  }
`);

/** Replaces the whole list; the answer is written back over the query's cached list. */
export const UPDATE_TRAVELLERS = graphql(`
  mutation UpdateTravellers($bookingId: ID!, $travellers: [TravellerInput!]!) {
    updateTravellers(bookingId: $bookingId, travellers: $travellers) {
      bookingId
      travellers {
        ...BookingTravellersFields
      }
    }
  }
`);
