/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  fragment AdminTourFields on Tour {\n    id\n    title\n    description\n    destination\n    country\n    durationDays\n    durationNights\n    duration\n    price\n    priceText\n    originalPrice\n    discount\n    images\n    bg\n    featured\n    popular\n    trending\n    rating\n    numRatings\n    tourType\n    features\n    categories\n    included\n    notIncluded\n    capacity\n    status\n    departureLocation\n    departureTime\n    returnTime\n    itinerary {\n      day\n      title\n      description\n    }\n    tier\n    bookingType\n    travelType\n  }\n": typeof types.AdminTourFieldsFragmentDoc,
    "\n  query AdminTours($first: Int!, $after: String) {\n    tours(first: $first, after: $after, sort: NEWEST) {\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      nodes {\n        ...AdminTourFields\n      }\n    }\n  }\n": typeof types.AdminToursDocument,
    "\n  mutation DeleteTour($id: ID!) {\n    deleteTour(id: $id)\n  }\n": typeof types.DeleteTourDocument,
    "\n  fragment AdminBookingFields on Booking {\n    id\n    tourId\n    tourTitle\n    startDate\n    endDate\n    numberOfPeople\n    name\n    email\n    phone\n    status\n    bookingType\n    tier\n    createdAt\n    user {\n      id\n      name\n      email\n      phone\n    }\n  }\n": typeof types.AdminBookingFieldsFragmentDoc,
    "\n  query AdminBookings($filter: BookingFilter, $first: Int, $after: String) {\n    bookings(filter: $filter, first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      nodes {\n        ...AdminBookingFields\n      }\n    }\n  }\n": typeof types.AdminBookingsDocument,
    "\n  query AdminTourChoices {\n    tours(first: 100) {\n      nodes {\n        id\n        title\n      }\n    }\n  }\n": typeof types.AdminTourChoicesDocument,
    "\n  mutation ConfirmBooking($id: ID!) {\n    confirmBooking(id: $id) {\n      ...AdminBookingFields\n    }\n  }\n": typeof types.ConfirmBookingDocument,
    "\n  mutation CompleteBooking($id: ID!) {\n    completeBooking(id: $id) {\n      ...AdminBookingFields\n    }\n  }\n": typeof types.CompleteBookingDocument,
    "\n  mutation CancelBooking($id: ID!) {\n    cancelBooking(id: $id) {\n      ...AdminBookingFields\n    }\n  }\n": typeof types.CancelBookingDocument,
    "\n  query AdminTour($id: ID!) {\n    tour(id: $id) {\n      ...AdminTourFields\n    }\n  }\n": typeof types.AdminTourDocument,
    "\n  mutation CreateTour($input: TourInput!, $images: [Upload!]) {\n    createTour(input: $input, images: $images) {\n      ...AdminTourFields\n    }\n  }\n": typeof types.CreateTourDocument,
    "\n  mutation UpdateTour($id: ID!, $input: TourInput!, $images: [Upload!]) {\n    updateTour(id: $id, input: $input, images: $images) {\n      ...AdminTourFields\n    }\n  }\n": typeof types.UpdateTourDocument,
    "\n  fragment DepartureFields on Departure {\n    id\n    tourId\n    startDate\n    capacity\n    seatsTaken\n    seatsLeft\n    status\n    closed\n  }\n": typeof types.DepartureFieldsFragmentDoc,
    "\n  query TourDepartures($tourId: ID!, $from: String, $to: String) {\n    departures(tourId: $tourId, from: $from, to: $to) {\n      ...DepartureFields\n    }\n  }\n": typeof types.TourDeparturesDocument,
    "\n  mutation AddDeparture($tourId: ID!, $startDate: String!, $capacity: Int!) {\n    addDeparture(tourId: $tourId, startDate: $startDate, capacity: $capacity) {\n      ...DepartureFields\n    }\n  }\n": typeof types.AddDepartureDocument,
    "\n  mutation UpdateDeparture($id: ID!, $capacity: Int, $closed: Boolean) {\n    updateDeparture(id: $id, capacity: $capacity, closed: $closed) {\n      ...DepartureFields\n    }\n  }\n": typeof types.UpdateDepartureDocument,
    "\n  mutation DeleteDeparture($id: ID!) {\n    deleteDeparture(id: $id)\n  }\n": typeof types.DeleteDepartureDocument,
};
const documents: Documents = {
    "\n  fragment AdminTourFields on Tour {\n    id\n    title\n    description\n    destination\n    country\n    durationDays\n    durationNights\n    duration\n    price\n    priceText\n    originalPrice\n    discount\n    images\n    bg\n    featured\n    popular\n    trending\n    rating\n    numRatings\n    tourType\n    features\n    categories\n    included\n    notIncluded\n    capacity\n    status\n    departureLocation\n    departureTime\n    returnTime\n    itinerary {\n      day\n      title\n      description\n    }\n    tier\n    bookingType\n    travelType\n  }\n": types.AdminTourFieldsFragmentDoc,
    "\n  query AdminTours($first: Int!, $after: String) {\n    tours(first: $first, after: $after, sort: NEWEST) {\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      nodes {\n        ...AdminTourFields\n      }\n    }\n  }\n": types.AdminToursDocument,
    "\n  mutation DeleteTour($id: ID!) {\n    deleteTour(id: $id)\n  }\n": types.DeleteTourDocument,
    "\n  fragment AdminBookingFields on Booking {\n    id\n    tourId\n    tourTitle\n    startDate\n    endDate\n    numberOfPeople\n    name\n    email\n    phone\n    status\n    bookingType\n    tier\n    createdAt\n    user {\n      id\n      name\n      email\n      phone\n    }\n  }\n": types.AdminBookingFieldsFragmentDoc,
    "\n  query AdminBookings($filter: BookingFilter, $first: Int, $after: String) {\n    bookings(filter: $filter, first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      nodes {\n        ...AdminBookingFields\n      }\n    }\n  }\n": types.AdminBookingsDocument,
    "\n  query AdminTourChoices {\n    tours(first: 100) {\n      nodes {\n        id\n        title\n      }\n    }\n  }\n": types.AdminTourChoicesDocument,
    "\n  mutation ConfirmBooking($id: ID!) {\n    confirmBooking(id: $id) {\n      ...AdminBookingFields\n    }\n  }\n": types.ConfirmBookingDocument,
    "\n  mutation CompleteBooking($id: ID!) {\n    completeBooking(id: $id) {\n      ...AdminBookingFields\n    }\n  }\n": types.CompleteBookingDocument,
    "\n  mutation CancelBooking($id: ID!) {\n    cancelBooking(id: $id) {\n      ...AdminBookingFields\n    }\n  }\n": types.CancelBookingDocument,
    "\n  query AdminTour($id: ID!) {\n    tour(id: $id) {\n      ...AdminTourFields\n    }\n  }\n": types.AdminTourDocument,
    "\n  mutation CreateTour($input: TourInput!, $images: [Upload!]) {\n    createTour(input: $input, images: $images) {\n      ...AdminTourFields\n    }\n  }\n": types.CreateTourDocument,
    "\n  mutation UpdateTour($id: ID!, $input: TourInput!, $images: [Upload!]) {\n    updateTour(id: $id, input: $input, images: $images) {\n      ...AdminTourFields\n    }\n  }\n": types.UpdateTourDocument,
    "\n  fragment DepartureFields on Departure {\n    id\n    tourId\n    startDate\n    capacity\n    seatsTaken\n    seatsLeft\n    status\n    closed\n  }\n": types.DepartureFieldsFragmentDoc,
    "\n  query TourDepartures($tourId: ID!, $from: String, $to: String) {\n    departures(tourId: $tourId, from: $from, to: $to) {\n      ...DepartureFields\n    }\n  }\n": types.TourDeparturesDocument,
    "\n  mutation AddDeparture($tourId: ID!, $startDate: String!, $capacity: Int!) {\n    addDeparture(tourId: $tourId, startDate: $startDate, capacity: $capacity) {\n      ...DepartureFields\n    }\n  }\n": types.AddDepartureDocument,
    "\n  mutation UpdateDeparture($id: ID!, $capacity: Int, $closed: Boolean) {\n    updateDeparture(id: $id, capacity: $capacity, closed: $closed) {\n      ...DepartureFields\n    }\n  }\n": types.UpdateDepartureDocument,
    "\n  mutation DeleteDeparture($id: ID!) {\n    deleteDeparture(id: $id)\n  }\n": types.DeleteDepartureDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminTourFields on Tour {\n    id\n    title\n    description\n    destination\n    country\n    durationDays\n    durationNights\n    duration\n    price\n    priceText\n    originalPrice\n    discount\n    images\n    bg\n    featured\n    popular\n    trending\n    rating\n    numRatings\n    tourType\n    features\n    categories\n    included\n    notIncluded\n    capacity\n    status\n    departureLocation\n    departureTime\n    returnTime\n    itinerary {\n      day\n      title\n      description\n    }\n    tier\n    bookingType\n    travelType\n  }\n"): (typeof documents)["\n  fragment AdminTourFields on Tour {\n    id\n    title\n    description\n    destination\n    country\n    durationDays\n    durationNights\n    duration\n    price\n    priceText\n    originalPrice\n    discount\n    images\n    bg\n    featured\n    popular\n    trending\n    rating\n    numRatings\n    tourType\n    features\n    categories\n    included\n    notIncluded\n    capacity\n    status\n    departureLocation\n    departureTime\n    returnTime\n    itinerary {\n      day\n      title\n      description\n    }\n    tier\n    bookingType\n    travelType\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminTours($first: Int!, $after: String) {\n    tours(first: $first, after: $after, sort: NEWEST) {\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      nodes {\n        ...AdminTourFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminTours($first: Int!, $after: String) {\n    tours(first: $first, after: $after, sort: NEWEST) {\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      nodes {\n        ...AdminTourFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteTour($id: ID!) {\n    deleteTour(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteTour($id: ID!) {\n    deleteTour(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminBookingFields on Booking {\n    id\n    tourId\n    tourTitle\n    startDate\n    endDate\n    numberOfPeople\n    name\n    email\n    phone\n    status\n    bookingType\n    tier\n    createdAt\n    user {\n      id\n      name\n      email\n      phone\n    }\n  }\n"): (typeof documents)["\n  fragment AdminBookingFields on Booking {\n    id\n    tourId\n    tourTitle\n    startDate\n    endDate\n    numberOfPeople\n    name\n    email\n    phone\n    status\n    bookingType\n    tier\n    createdAt\n    user {\n      id\n      name\n      email\n      phone\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminBookings($filter: BookingFilter, $first: Int, $after: String) {\n    bookings(filter: $filter, first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      nodes {\n        ...AdminBookingFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminBookings($filter: BookingFilter, $first: Int, $after: String) {\n    bookings(filter: $filter, first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      nodes {\n        ...AdminBookingFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminTourChoices {\n    tours(first: 100) {\n      nodes {\n        id\n        title\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminTourChoices {\n    tours(first: 100) {\n      nodes {\n        id\n        title\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConfirmBooking($id: ID!) {\n    confirmBooking(id: $id) {\n      ...AdminBookingFields\n    }\n  }\n"): (typeof documents)["\n  mutation ConfirmBooking($id: ID!) {\n    confirmBooking(id: $id) {\n      ...AdminBookingFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CompleteBooking($id: ID!) {\n    completeBooking(id: $id) {\n      ...AdminBookingFields\n    }\n  }\n"): (typeof documents)["\n  mutation CompleteBooking($id: ID!) {\n    completeBooking(id: $id) {\n      ...AdminBookingFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CancelBooking($id: ID!) {\n    cancelBooking(id: $id) {\n      ...AdminBookingFields\n    }\n  }\n"): (typeof documents)["\n  mutation CancelBooking($id: ID!) {\n    cancelBooking(id: $id) {\n      ...AdminBookingFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminTour($id: ID!) {\n    tour(id: $id) {\n      ...AdminTourFields\n    }\n  }\n"): (typeof documents)["\n  query AdminTour($id: ID!) {\n    tour(id: $id) {\n      ...AdminTourFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateTour($input: TourInput!, $images: [Upload!]) {\n    createTour(input: $input, images: $images) {\n      ...AdminTourFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateTour($input: TourInput!, $images: [Upload!]) {\n    createTour(input: $input, images: $images) {\n      ...AdminTourFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateTour($id: ID!, $input: TourInput!, $images: [Upload!]) {\n    updateTour(id: $id, input: $input, images: $images) {\n      ...AdminTourFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateTour($id: ID!, $input: TourInput!, $images: [Upload!]) {\n    updateTour(id: $id, input: $input, images: $images) {\n      ...AdminTourFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment DepartureFields on Departure {\n    id\n    tourId\n    startDate\n    capacity\n    seatsTaken\n    seatsLeft\n    status\n    closed\n  }\n"): (typeof documents)["\n  fragment DepartureFields on Departure {\n    id\n    tourId\n    startDate\n    capacity\n    seatsTaken\n    seatsLeft\n    status\n    closed\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TourDepartures($tourId: ID!, $from: String, $to: String) {\n    departures(tourId: $tourId, from: $from, to: $to) {\n      ...DepartureFields\n    }\n  }\n"): (typeof documents)["\n  query TourDepartures($tourId: ID!, $from: String, $to: String) {\n    departures(tourId: $tourId, from: $from, to: $to) {\n      ...DepartureFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddDeparture($tourId: ID!, $startDate: String!, $capacity: Int!) {\n    addDeparture(tourId: $tourId, startDate: $startDate, capacity: $capacity) {\n      ...DepartureFields\n    }\n  }\n"): (typeof documents)["\n  mutation AddDeparture($tourId: ID!, $startDate: String!, $capacity: Int!) {\n    addDeparture(tourId: $tourId, startDate: $startDate, capacity: $capacity) {\n      ...DepartureFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateDeparture($id: ID!, $capacity: Int, $closed: Boolean) {\n    updateDeparture(id: $id, capacity: $capacity, closed: $closed) {\n      ...DepartureFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateDeparture($id: ID!, $capacity: Int, $closed: Boolean) {\n    updateDeparture(id: $id, capacity: $capacity, closed: $closed) {\n      ...DepartureFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteDeparture($id: ID!) {\n    deleteDeparture(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteDeparture($id: ID!) {\n    deleteDeparture(id: $id)\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;