import { graphql } from '../../../../gql/admin';

/** A departure's permit list for the park gates: its park days and everyone booked with their fees. */
export const PERMIT_LIST = graphql(`
  query PermitList($tourId: ID!, $date: String!) {
    permitList(tourId: $tourId, date: $date) {
      tourId
      tourTitle
      startDate
      totalCents
      assumedCount
      areas {
        areaCode
        areaName
        totalCents
      }
      days {
        date
        areaCode
        areaName
        priced
        totalCents
      }
      travellers {
        bookingId
        bookingReference
        position
        fullName
        nationality
        residency
        passportNumber
        assumed
        ageBands
        feesCents
        totalCents
      }
    }
  }
`);
