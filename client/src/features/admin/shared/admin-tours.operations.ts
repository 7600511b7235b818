import { graphql } from '../../../gql/admin';

/**
 * The tour as the admin list passes it on to its edit form: the shared tour fields, under the name
 * the admin operations spread, and the park area and night of each itinerary day, which only the
 * itinerary editor reads.
 */
export const ADMIN_TOUR_FIELDS = graphql(`
  fragment AdminTourFields on Tour {
    ...TourFields
    itinerary {
      day
      parkArea
      overnight
    }
  }
`);

/** One page of every tour, drafts and inactive ones included (no status filter), newest first. */
export const ADMIN_TOURS = graphql(`
  query AdminTours($first: Int!, $after: String) {
    tours(first: $first, after: $after, sort: NEWEST) {
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        ...AdminTourFields
      }
    }
  }
`);

export const DELETE_TOUR = graphql(`
  mutation DeleteTour($id: ID!) {
    deleteTour(id: $id) {
      deletedTourId
    }
  }
`);
