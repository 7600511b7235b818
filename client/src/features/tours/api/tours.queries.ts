import { graphql } from '../../../gql';

/** One page of the catalogue; the list screens share it (cards read a subset each). */
export const CATALOGUE_TOURS = graphql(`
  query CatalogueTours($filter: TourFilter, $search: String, $sort: TourSort, $first: Int, $after: String) {
    tours(filter: $filter, search: $search, sort: $sort, first: $first, after: $after) {
      totalCount
      totalCountIsEstimate
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        ...TourCardFields
        destination
        durationDays
        durationNights
        tier
        tiers
        bookingType
        travelType
        featured
        popular
        trending
      }
    }
  }
`);
