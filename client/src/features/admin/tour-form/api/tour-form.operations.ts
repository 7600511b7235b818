import { graphql } from '../../../../gql/admin';

export const ADMIN_TOUR = graphql(`
  query AdminTour($id: ID!) {
    tour(id: $id) {
      ...AdminTourFields
    }
  }
`);

/**
 * The kept image paths travel in input.images; new image files in $images, sent as a multipart
 * request when there are any (see lib/tour-upload.ts).
 */
export const CREATE_TOUR = graphql(`
  mutation CreateTour($input: TourInput!, $images: [Upload!]) {
    createTour(input: $input, images: $images) {
      tour {
        ...AdminTourFields
      }
    }
  }
`);

export const UPDATE_TOUR = graphql(`
  mutation UpdateTour($id: ID!, $input: TourInput!, $images: [Upload!]) {
    updateTour(id: $id, input: $input, images: $images) {
      tour {
        ...AdminTourFields
      }
    }
  }
`);

export const DEPARTURE_FIELDS = graphql(`
  fragment DepartureFields on Departure {
    id
    tourId
    startDate
    capacity
    seatsTaken
    seatsLeft
    status
    closed
  }
`);

export const TOUR_DEPARTURES = graphql(`
  query TourDepartures($tourId: ID!, $from: String, $to: String) {
    departures(tourId: $tourId, from: $from, to: $to) {
      ...DepartureFields
    }
  }
`);

export const ADD_DEPARTURE = graphql(`
  mutation AddDeparture($tourId: ID!, $startDate: String!, $capacity: Int!) {
    addDeparture(tourId: $tourId, startDate: $startDate, capacity: $capacity) {
      departure {
        ...DepartureFields
      }
    }
  }
`);

export const UPDATE_DEPARTURE = graphql(`
  mutation UpdateDeparture($id: ID!, $capacity: Int, $closed: Boolean) {
    updateDeparture(id: $id, capacity: $capacity, closed: $closed) {
      departure {
        ...DepartureFields
      }
    }
  }
`);

export const DELETE_DEPARTURE = graphql(`
  mutation DeleteDeparture($id: ID!) {
    deleteDeparture(id: $id) {
      deletedDepartureId
    }
  }
`);
