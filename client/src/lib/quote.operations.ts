import { graphql } from '../gql';

/**
 * Seats left and the price of a tour on a date for a party: the tour page's booking panel and the
 * booking form both show it, from one cached answer. `party` (who travels, by residency and age
 * band) prices the park fees exactly; without it they are estimated for non-resident adults.
 */
export const BOOKING_QUOTE = graphql(`
  query BookingQuote(
    $tourId: ID!
    $startDate: String!
    $numberOfPeople: Int!
    $bookingType: String!
    $tier: String!
    $party: [PartyGroupInput!]
  ) {
    quote(
      tourId: $tourId
      startDate: $startDate
      numberOfPeople: $numberOfPeople
      bookingType: $bookingType
      tier: $tier
      party: $party
    ) {
      tourId
      startDate
      numberOfPeople
      bookingType
      tier
      seatsLeft
      availability
      priced
      priceLabel
      unitPrice
      subtotal
      earlyBird
      earlyBirdDiscount
      total
      grandTotal
      deposit
      balance
      balanceDueDate
      parkFees {
        partyAssumed
        totalCents
        areas {
          areaCode
          areaName
          totalCents
        }
        unpricedDays {
          date
          areaCode
        }
      }
    }
  }
`);
