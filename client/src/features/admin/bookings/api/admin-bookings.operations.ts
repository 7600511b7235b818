import { graphql } from '../../../../gql/admin';

/** A booking as the bookings table shows it, with the account that booked and its payment. */
export const ADMIN_BOOKING_FIELDS = graphql(`
  fragment AdminBookingFields on Booking {
    id
    tourId
    tourTitle
    startDate
    endDate
    numberOfPeople
    name
    email
    phone
    status
    bookingType
    tier
    createdAt
    user {
      id
      name
      email
      phone
    }
    ...BookingPaymentFields
  }
`);

export const ADMIN_BOOKINGS = graphql(`
  query AdminBookings($filter: BookingFilter, $first: Int, $after: String) {
    bookings(filter: $filter, first: $first, after: $after) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        ...AdminBookingFields
      }
    }
  }
`);

/** The catalogue's tours for the tour filter and the manifest (the first 100, in catalogue order). */
export const ADMIN_TOUR_CHOICES = graphql(`
  query AdminTourChoices {
    tours(first: 100) {
      nodes {
        id
        title
      }
    }
  }
`);

export const CONFIRM_BOOKING = graphql(`
  mutation ConfirmBooking($id: ID!) {
    confirmBooking(id: $id) {
      booking {
        ...AdminBookingFields
      }
    }
  }
`);

export const COMPLETE_BOOKING = graphql(`
  mutation CompleteBooking($id: ID!) {
    completeBooking(id: $id) {
      booking {
        ...AdminBookingFields
      }
    }
  }
`);

export const CANCEL_BOOKING = graphql(`
  mutation CancelBooking($id: ID!) {
    cancelBooking(id: $id) {
      booking {
        ...AdminBookingFields
      }
    }
  }
`);
