import { graphql } from '../../../gql/admin';

/** Every field of a tour, as the admin list passes a tour on to its edit form. */
export const ADMIN_TOUR_FIELDS = graphql(`
  fragment AdminTourFields on Tour {
    id
    title
    description
    destination
    country
    durationDays
    durationNights
    duration
    price
    priceText
    originalPrice
    discount
    images
    bg
    featured
    popular
    trending
    rating
    numRatings
    tourType
    features
    categories
    included
    notIncluded
    capacity
    status
    departureLocation
    departureTime
    returnTime
    itinerary {
      day
      title
      description
    }
    tier
    bookingType
    travelType
  }
`);

/** One page of every tour, drafts and inactive ones included (no status filter), newest first. */
export const ADMIN_TOURS = graphql(`
  query AdminTours($first: Int!, $after: String) {
    tours(first: $first, after: $after, sort: NEWEST) {
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        ...AdminTourFields
      }
    }
  }
`);

export const DELETE_TOUR = graphql(`
  mutation DeleteTour($id: ID!) {
    deleteTour(id: $id) {
      deletedTourId
    }
  }
`);
