import { graphql } from '../../../gql';

export const HOME_TOURS = graphql(`
  query HomeTours($first: Int!) {
    tours(first: $first) {
      nodes {
        ...TourCardFields
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
