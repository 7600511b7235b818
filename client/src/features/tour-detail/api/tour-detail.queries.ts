import { graphql } from '../../../gql';

export const TOUR_DETAIL = graphql(`
  query TourDetail($id: ID!) {
    tour(id: $id) {
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
      tiers
      bookingType
      travelType
    }
  }
`);
