import { graphql } from '../../../gql';

/** What the traveller sees of a booking: the trip, its state and its frozen price. */
export const TRAVELLER_BOOKING_FIELDS = graphql(`
  fragment TravellerBookingFields on Booking {
    id
    tourId
    tourTitle
    startDate
    endDate
    numberOfPeople
    bookingType
    tier
    status
    canCancel
    price {
      priced
      earlyBird
      earlyBirdDiscount
      total
      parkFees
      grandTotal
      deposit
      balance
      balanceDueDate
      currency
    }
  }
`);

export const CREATE_BOOKING = graphql(`
  mutation CreateBooking($input: BookingInput!) {
    createBooking(input: $input) {
      message
      booking {
        ...TravellerBookingFields
      }
    }
  }
`);

export const MY_BOOKINGS = graphql(`
  query MyBookings {
    myBookings {
      ...TravellerBookingFields
      ...BookingPaymentFields
    }
  }
`);

/** Answers the booking with its new status; the cache updates the list in place. */
export const CANCEL_MY_BOOKING = graphql(`
  mutation CancelMyBooking($id: ID!) {
    cancelMyBooking(id: $id) {
      booking {
        ...TravellerBookingFields
      }
    }
  }
`);
