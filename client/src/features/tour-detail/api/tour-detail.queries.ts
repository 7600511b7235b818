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

export const TOUR_QUOTE = graphql(`
  query TourQuote($tourId: ID!, $startDate: String!, $numberOfPeople: Int!, $bookingType: String!, $tier: String!) {
    quote(tourId: $tourId, startDate: $startDate, numberOfPeople: $numberOfPeople, bookingType: $bookingType, tier: $tier) {
      priced
      priceLabel
      unitPrice
      subtotal
      earlyBird
      earlyBirdDiscount
      total
      deposit
      balance
      balanceDueDate
      currency
    }
  }
`);
