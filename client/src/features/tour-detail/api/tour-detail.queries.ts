import { graphql } from '../../../gql';

export const TOUR_DETAIL = graphql(`
  query TourDetail($id: ID!) {
    tour(id: $id) {
      ...TourFields
      tiers
    }
  }
`);
