import { graphql } from '../gql';

/**
 * Every field of a tour that a screen shows or edits: the tour page reads them all, and the admin
 * list passes them on to its edit form. Both generated operation maps (public and admin) read this
 * file, so each can spread the fragment.
 */
export const TOUR_FIELDS = graphql(`
  fragment TourFields on Tour {
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
