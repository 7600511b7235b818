import { graphql } from '../../../gql';

export const HOME_TOURS = graphql(`
  query HomeTours($first: Int!) {
    tours(first: $first) {
      totalCount
      nodes {
        id
        title
        description
        price
        priceText
        originalPrice
        discount
        images
        bg
        rating
        numRatings
        status
      }
    }
  }
`);

export const HOME_SEARCH_OPTIONS = graphql(`
  query HomeSearchOptions {
    tourFilters {
      destinations
      travelTypes
    }
  }
`);
