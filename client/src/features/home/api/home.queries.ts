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
      }
    }
  }
`);
