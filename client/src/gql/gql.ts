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
    "\n  fragment SessionUserFields on User {\n    id\n    name\n    email\n    phone\n    role\n    profileImage\n    registeredAt\n    createdAt\n    lastLoginAt\n    permissions\n  }\n": typeof types.SessionUserFieldsFragmentDoc,
    "\n  query Me {\n    me {\n      ...SessionUserFields\n    }\n  }\n": typeof types.MeDocument,
    "\n  mutation Login($input: LoginInput!) {\n    login(input: $input) {\n      accessToken\n      refreshToken\n      user {\n        ...SessionUserFields\n      }\n    }\n  }\n": typeof types.LoginDocument,
    "\n  mutation Logout($refreshToken: String) {\n    logout(refreshToken: $refreshToken)\n  }\n": typeof types.LogoutDocument,
    "\n  mutation RefreshToken($refreshToken: String!) {\n    refreshToken(refreshToken: $refreshToken) {\n      accessToken\n      refreshToken\n    }\n  }\n": typeof types.RefreshTokenDocument,
    "\n  mutation DeleteAccount($userId: ID) {\n    deleteAccount(userId: $userId)\n  }\n": typeof types.DeleteAccountDocument,
    "\n  mutation UploadProfileImage($file: Upload!) {\n    uploadProfileImage(file: $file) {\n      ...SessionUserFields\n    }\n  }\n": typeof types.UploadProfileImageDocument,
    "\n  fragment TourCardFields on Tour {\n    id\n    title\n    description\n    price\n    priceText\n    originalPrice\n    discount\n    images\n    bg\n    rating\n    numRatings\n    status\n  }\n": typeof types.TourCardFieldsFragmentDoc,
    "\n  mutation Register($input: RegisterInput!) {\n    register(input: $input) {\n      message\n      user {\n        id\n        name\n        email\n      }\n    }\n  }\n": typeof types.RegisterDocument,
    "\n  mutation ForgotPassword($email: String!) {\n    forgotPassword(email: $email) {\n      message\n    }\n  }\n": typeof types.ForgotPasswordDocument,
    "\n  mutation ResetPassword($token: String!, $password: String!) {\n    resetPassword(token: $token, password: $password) {\n      message\n    }\n  }\n": typeof types.ResetPasswordDocument,
    "\n  fragment TravellerBookingFields on Booking {\n    id\n    tourId\n    tourTitle\n    startDate\n    endDate\n    numberOfPeople\n    bookingType\n    tier\n    status\n    canCancel\n    price {\n      priced\n      earlyBird\n      earlyBirdDiscount\n      total\n      deposit\n      balance\n      balanceDueDate\n      currency\n    }\n  }\n": typeof types.TravellerBookingFieldsFragmentDoc,
    "\n  query BookingQuote($tourId: ID!, $startDate: String!, $numberOfPeople: Int!, $bookingType: String!, $tier: String!) {\n    quote(tourId: $tourId, startDate: $startDate, numberOfPeople: $numberOfPeople, bookingType: $bookingType, tier: $tier) {\n      tourId\n      startDate\n      numberOfPeople\n      bookingType\n      tier\n      seatsLeft\n      availability\n      priced\n      priceLabel\n      unitPrice\n      subtotal\n      earlyBird\n      earlyBirdDiscount\n      total\n      deposit\n      balance\n      balanceDueDate\n    }\n  }\n": typeof types.BookingQuoteDocument,
    "\n  mutation CreateBooking($input: BookingInput!) {\n    createBooking(input: $input) {\n      message\n      booking {\n        ...TravellerBookingFields\n      }\n    }\n  }\n": typeof types.CreateBookingDocument,
    "\n  query MyBookings {\n    myBookings {\n      ...TravellerBookingFields\n    }\n  }\n": typeof types.MyBookingsDocument,
    "\n  mutation CancelMyBooking($id: ID!) {\n    cancelMyBooking(id: $id) {\n      ...TravellerBookingFields\n    }\n  }\n": typeof types.CancelMyBookingDocument,
    "\n  query HomeTours($first: Int!) {\n    tours(first: $first) {\n      nodes {\n        ...TourCardFields\n      }\n    }\n  }\n": typeof types.HomeToursDocument,
    "\n  query HomeSearchOptions {\n    tourFilters {\n      destinations\n      travelTypes\n    }\n  }\n": typeof types.HomeSearchOptionsDocument,
    "\n  mutation SendContactMessage($input: ContactMessageInput!) {\n    sendContactMessage(input: $input) {\n      ok\n      message\n    }\n  }\n": typeof types.SendContactMessageDocument,
    "\n  query TourDetail($id: ID!) {\n    tour(id: $id) {\n      id\n      title\n      description\n      destination\n      country\n      durationDays\n      durationNights\n      duration\n      price\n      priceText\n      originalPrice\n      discount\n      images\n      bg\n      featured\n      popular\n      trending\n      rating\n      numRatings\n      tourType\n      features\n      categories\n      included\n      notIncluded\n      capacity\n      status\n      departureLocation\n      departureTime\n      returnTime\n      itinerary {\n        day\n        title\n        description\n      }\n      tier\n      tiers\n      bookingType\n      travelType\n    }\n  }\n": typeof types.TourDetailDocument,
    "\n  query TourQuote($tourId: ID!, $startDate: String!, $numberOfPeople: Int!, $bookingType: String!, $tier: String!) {\n    quote(tourId: $tourId, startDate: $startDate, numberOfPeople: $numberOfPeople, bookingType: $bookingType, tier: $tier) {\n      priced\n      priceLabel\n      unitPrice\n      subtotal\n      earlyBird\n      earlyBirdDiscount\n      total\n      deposit\n      balance\n      balanceDueDate\n      currency\n    }\n  }\n": typeof types.TourQuoteDocument,
    "\n  query CatalogueTours($filter: TourFilter, $search: String, $sort: TourSort, $first: Int, $after: String) {\n    tours(filter: $filter, search: $search, sort: $sort, first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      nodes {\n        ...TourCardFields\n        destination\n        durationDays\n        durationNights\n        tier\n        tiers\n        bookingType\n        travelType\n        featured\n        popular\n        trending\n      }\n    }\n  }\n": typeof types.CatalogueToursDocument,
    "\n  query Probe {\n    me {\n      id\n    }\n  }\n": typeof types.ProbeDocument,
};
const documents: Documents = {
    "\n  fragment SessionUserFields on User {\n    id\n    name\n    email\n    phone\n    role\n    profileImage\n    registeredAt\n    createdAt\n    lastLoginAt\n    permissions\n  }\n": types.SessionUserFieldsFragmentDoc,
    "\n  query Me {\n    me {\n      ...SessionUserFields\n    }\n  }\n": types.MeDocument,
    "\n  mutation Login($input: LoginInput!) {\n    login(input: $input) {\n      accessToken\n      refreshToken\n      user {\n        ...SessionUserFields\n      }\n    }\n  }\n": types.LoginDocument,
    "\n  mutation Logout($refreshToken: String) {\n    logout(refreshToken: $refreshToken)\n  }\n": types.LogoutDocument,
    "\n  mutation RefreshToken($refreshToken: String!) {\n    refreshToken(refreshToken: $refreshToken) {\n      accessToken\n      refreshToken\n    }\n  }\n": types.RefreshTokenDocument,
    "\n  mutation DeleteAccount($userId: ID) {\n    deleteAccount(userId: $userId)\n  }\n": types.DeleteAccountDocument,
    "\n  mutation UploadProfileImage($file: Upload!) {\n    uploadProfileImage(file: $file) {\n      ...SessionUserFields\n    }\n  }\n": types.UploadProfileImageDocument,
    "\n  fragment TourCardFields on Tour {\n    id\n    title\n    description\n    price\n    priceText\n    originalPrice\n    discount\n    images\n    bg\n    rating\n    numRatings\n    status\n  }\n": types.TourCardFieldsFragmentDoc,
    "\n  mutation Register($input: RegisterInput!) {\n    register(input: $input) {\n      message\n      user {\n        id\n        name\n        email\n      }\n    }\n  }\n": types.RegisterDocument,
    "\n  mutation ForgotPassword($email: String!) {\n    forgotPassword(email: $email) {\n      message\n    }\n  }\n": types.ForgotPasswordDocument,
    "\n  mutation ResetPassword($token: String!, $password: String!) {\n    resetPassword(token: $token, password: $password) {\n      message\n    }\n  }\n": types.ResetPasswordDocument,
    "\n  fragment TravellerBookingFields on Booking {\n    id\n    tourId\n    tourTitle\n    startDate\n    endDate\n    numberOfPeople\n    bookingType\n    tier\n    status\n    canCancel\n    price {\n      priced\n      earlyBird\n      earlyBirdDiscount\n      total\n      deposit\n      balance\n      balanceDueDate\n      currency\n    }\n  }\n": types.TravellerBookingFieldsFragmentDoc,
    "\n  query BookingQuote($tourId: ID!, $startDate: String!, $numberOfPeople: Int!, $bookingType: String!, $tier: String!) {\n    quote(tourId: $tourId, startDate: $startDate, numberOfPeople: $numberOfPeople, bookingType: $bookingType, tier: $tier) {\n      tourId\n      startDate\n      numberOfPeople\n      bookingType\n      tier\n      seatsLeft\n      availability\n      priced\n      priceLabel\n      unitPrice\n      subtotal\n      earlyBird\n      earlyBirdDiscount\n      total\n      deposit\n      balance\n      balanceDueDate\n    }\n  }\n": types.BookingQuoteDocument,
    "\n  mutation CreateBooking($input: BookingInput!) {\n    createBooking(input: $input) {\n      message\n      booking {\n        ...TravellerBookingFields\n      }\n    }\n  }\n": types.CreateBookingDocument,
    "\n  query MyBookings {\n    myBookings {\n      ...TravellerBookingFields\n    }\n  }\n": types.MyBookingsDocument,
    "\n  mutation CancelMyBooking($id: ID!) {\n    cancelMyBooking(id: $id) {\n      ...TravellerBookingFields\n    }\n  }\n": types.CancelMyBookingDocument,
    "\n  query HomeTours($first: Int!) {\n    tours(first: $first) {\n      nodes {\n        ...TourCardFields\n      }\n    }\n  }\n": types.HomeToursDocument,
    "\n  query HomeSearchOptions {\n    tourFilters {\n      destinations\n      travelTypes\n    }\n  }\n": types.HomeSearchOptionsDocument,
    "\n  mutation SendContactMessage($input: ContactMessageInput!) {\n    sendContactMessage(input: $input) {\n      ok\n      message\n    }\n  }\n": types.SendContactMessageDocument,
    "\n  query TourDetail($id: ID!) {\n    tour(id: $id) {\n      id\n      title\n      description\n      destination\n      country\n      durationDays\n      durationNights\n      duration\n      price\n      priceText\n      originalPrice\n      discount\n      images\n      bg\n      featured\n      popular\n      trending\n      rating\n      numRatings\n      tourType\n      features\n      categories\n      included\n      notIncluded\n      capacity\n      status\n      departureLocation\n      departureTime\n      returnTime\n      itinerary {\n        day\n        title\n        description\n      }\n      tier\n      tiers\n      bookingType\n      travelType\n    }\n  }\n": types.TourDetailDocument,
    "\n  query TourQuote($tourId: ID!, $startDate: String!, $numberOfPeople: Int!, $bookingType: String!, $tier: String!) {\n    quote(tourId: $tourId, startDate: $startDate, numberOfPeople: $numberOfPeople, bookingType: $bookingType, tier: $tier) {\n      priced\n      priceLabel\n      unitPrice\n      subtotal\n      earlyBird\n      earlyBirdDiscount\n      total\n      deposit\n      balance\n      balanceDueDate\n      currency\n    }\n  }\n": types.TourQuoteDocument,
    "\n  query CatalogueTours($filter: TourFilter, $search: String, $sort: TourSort, $first: Int, $after: String) {\n    tours(filter: $filter, search: $search, sort: $sort, first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      nodes {\n        ...TourCardFields\n        destination\n        durationDays\n        durationNights\n        tier\n        tiers\n        bookingType\n        travelType\n        featured\n        popular\n        trending\n      }\n    }\n  }\n": types.CatalogueToursDocument,
    "\n  query Probe {\n    me {\n      id\n    }\n  }\n": types.ProbeDocument,
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
export function graphql(source: "\n  fragment SessionUserFields on User {\n    id\n    name\n    email\n    phone\n    role\n    profileImage\n    registeredAt\n    createdAt\n    lastLoginAt\n    permissions\n  }\n"): (typeof documents)["\n  fragment SessionUserFields on User {\n    id\n    name\n    email\n    phone\n    role\n    profileImage\n    registeredAt\n    createdAt\n    lastLoginAt\n    permissions\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Me {\n    me {\n      ...SessionUserFields\n    }\n  }\n"): (typeof documents)["\n  query Me {\n    me {\n      ...SessionUserFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Login($input: LoginInput!) {\n    login(input: $input) {\n      accessToken\n      refreshToken\n      user {\n        ...SessionUserFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation Login($input: LoginInput!) {\n    login(input: $input) {\n      accessToken\n      refreshToken\n      user {\n        ...SessionUserFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Logout($refreshToken: String) {\n    logout(refreshToken: $refreshToken)\n  }\n"): (typeof documents)["\n  mutation Logout($refreshToken: String) {\n    logout(refreshToken: $refreshToken)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RefreshToken($refreshToken: String!) {\n    refreshToken(refreshToken: $refreshToken) {\n      accessToken\n      refreshToken\n    }\n  }\n"): (typeof documents)["\n  mutation RefreshToken($refreshToken: String!) {\n    refreshToken(refreshToken: $refreshToken) {\n      accessToken\n      refreshToken\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteAccount($userId: ID) {\n    deleteAccount(userId: $userId)\n  }\n"): (typeof documents)["\n  mutation DeleteAccount($userId: ID) {\n    deleteAccount(userId: $userId)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UploadProfileImage($file: Upload!) {\n    uploadProfileImage(file: $file) {\n      ...SessionUserFields\n    }\n  }\n"): (typeof documents)["\n  mutation UploadProfileImage($file: Upload!) {\n    uploadProfileImage(file: $file) {\n      ...SessionUserFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment TourCardFields on Tour {\n    id\n    title\n    description\n    price\n    priceText\n    originalPrice\n    discount\n    images\n    bg\n    rating\n    numRatings\n    status\n  }\n"): (typeof documents)["\n  fragment TourCardFields on Tour {\n    id\n    title\n    description\n    price\n    priceText\n    originalPrice\n    discount\n    images\n    bg\n    rating\n    numRatings\n    status\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Register($input: RegisterInput!) {\n    register(input: $input) {\n      message\n      user {\n        id\n        name\n        email\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation Register($input: RegisterInput!) {\n    register(input: $input) {\n      message\n      user {\n        id\n        name\n        email\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ForgotPassword($email: String!) {\n    forgotPassword(email: $email) {\n      message\n    }\n  }\n"): (typeof documents)["\n  mutation ForgotPassword($email: String!) {\n    forgotPassword(email: $email) {\n      message\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResetPassword($token: String!, $password: String!) {\n    resetPassword(token: $token, password: $password) {\n      message\n    }\n  }\n"): (typeof documents)["\n  mutation ResetPassword($token: String!, $password: String!) {\n    resetPassword(token: $token, password: $password) {\n      message\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment TravellerBookingFields on Booking {\n    id\n    tourId\n    tourTitle\n    startDate\n    endDate\n    numberOfPeople\n    bookingType\n    tier\n    status\n    canCancel\n    price {\n      priced\n      earlyBird\n      earlyBirdDiscount\n      total\n      deposit\n      balance\n      balanceDueDate\n      currency\n    }\n  }\n"): (typeof documents)["\n  fragment TravellerBookingFields on Booking {\n    id\n    tourId\n    tourTitle\n    startDate\n    endDate\n    numberOfPeople\n    bookingType\n    tier\n    status\n    canCancel\n    price {\n      priced\n      earlyBird\n      earlyBirdDiscount\n      total\n      deposit\n      balance\n      balanceDueDate\n      currency\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BookingQuote($tourId: ID!, $startDate: String!, $numberOfPeople: Int!, $bookingType: String!, $tier: String!) {\n    quote(tourId: $tourId, startDate: $startDate, numberOfPeople: $numberOfPeople, bookingType: $bookingType, tier: $tier) {\n      tourId\n      startDate\n      numberOfPeople\n      bookingType\n      tier\n      seatsLeft\n      availability\n      priced\n      priceLabel\n      unitPrice\n      subtotal\n      earlyBird\n      earlyBirdDiscount\n      total\n      deposit\n      balance\n      balanceDueDate\n    }\n  }\n"): (typeof documents)["\n  query BookingQuote($tourId: ID!, $startDate: String!, $numberOfPeople: Int!, $bookingType: String!, $tier: String!) {\n    quote(tourId: $tourId, startDate: $startDate, numberOfPeople: $numberOfPeople, bookingType: $bookingType, tier: $tier) {\n      tourId\n      startDate\n      numberOfPeople\n      bookingType\n      tier\n      seatsLeft\n      availability\n      priced\n      priceLabel\n      unitPrice\n      subtotal\n      earlyBird\n      earlyBirdDiscount\n      total\n      deposit\n      balance\n      balanceDueDate\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateBooking($input: BookingInput!) {\n    createBooking(input: $input) {\n      message\n      booking {\n        ...TravellerBookingFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateBooking($input: BookingInput!) {\n    createBooking(input: $input) {\n      message\n      booking {\n        ...TravellerBookingFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyBookings {\n    myBookings {\n      ...TravellerBookingFields\n    }\n  }\n"): (typeof documents)["\n  query MyBookings {\n    myBookings {\n      ...TravellerBookingFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CancelMyBooking($id: ID!) {\n    cancelMyBooking(id: $id) {\n      ...TravellerBookingFields\n    }\n  }\n"): (typeof documents)["\n  mutation CancelMyBooking($id: ID!) {\n    cancelMyBooking(id: $id) {\n      ...TravellerBookingFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query HomeTours($first: Int!) {\n    tours(first: $first) {\n      nodes {\n        ...TourCardFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query HomeTours($first: Int!) {\n    tours(first: $first) {\n      nodes {\n        ...TourCardFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query HomeSearchOptions {\n    tourFilters {\n      destinations\n      travelTypes\n    }\n  }\n"): (typeof documents)["\n  query HomeSearchOptions {\n    tourFilters {\n      destinations\n      travelTypes\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SendContactMessage($input: ContactMessageInput!) {\n    sendContactMessage(input: $input) {\n      ok\n      message\n    }\n  }\n"): (typeof documents)["\n  mutation SendContactMessage($input: ContactMessageInput!) {\n    sendContactMessage(input: $input) {\n      ok\n      message\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TourDetail($id: ID!) {\n    tour(id: $id) {\n      id\n      title\n      description\n      destination\n      country\n      durationDays\n      durationNights\n      duration\n      price\n      priceText\n      originalPrice\n      discount\n      images\n      bg\n      featured\n      popular\n      trending\n      rating\n      numRatings\n      tourType\n      features\n      categories\n      included\n      notIncluded\n      capacity\n      status\n      departureLocation\n      departureTime\n      returnTime\n      itinerary {\n        day\n        title\n        description\n      }\n      tier\n      tiers\n      bookingType\n      travelType\n    }\n  }\n"): (typeof documents)["\n  query TourDetail($id: ID!) {\n    tour(id: $id) {\n      id\n      title\n      description\n      destination\n      country\n      durationDays\n      durationNights\n      duration\n      price\n      priceText\n      originalPrice\n      discount\n      images\n      bg\n      featured\n      popular\n      trending\n      rating\n      numRatings\n      tourType\n      features\n      categories\n      included\n      notIncluded\n      capacity\n      status\n      departureLocation\n      departureTime\n      returnTime\n      itinerary {\n        day\n        title\n        description\n      }\n      tier\n      tiers\n      bookingType\n      travelType\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TourQuote($tourId: ID!, $startDate: String!, $numberOfPeople: Int!, $bookingType: String!, $tier: String!) {\n    quote(tourId: $tourId, startDate: $startDate, numberOfPeople: $numberOfPeople, bookingType: $bookingType, tier: $tier) {\n      priced\n      priceLabel\n      unitPrice\n      subtotal\n      earlyBird\n      earlyBirdDiscount\n      total\n      deposit\n      balance\n      balanceDueDate\n      currency\n    }\n  }\n"): (typeof documents)["\n  query TourQuote($tourId: ID!, $startDate: String!, $numberOfPeople: Int!, $bookingType: String!, $tier: String!) {\n    quote(tourId: $tourId, startDate: $startDate, numberOfPeople: $numberOfPeople, bookingType: $bookingType, tier: $tier) {\n      priced\n      priceLabel\n      unitPrice\n      subtotal\n      earlyBird\n      earlyBirdDiscount\n      total\n      deposit\n      balance\n      balanceDueDate\n      currency\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CatalogueTours($filter: TourFilter, $search: String, $sort: TourSort, $first: Int, $after: String) {\n    tours(filter: $filter, search: $search, sort: $sort, first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      nodes {\n        ...TourCardFields\n        destination\n        durationDays\n        durationNights\n        tier\n        tiers\n        bookingType\n        travelType\n        featured\n        popular\n        trending\n      }\n    }\n  }\n"): (typeof documents)["\n  query CatalogueTours($filter: TourFilter, $search: String, $sort: TourSort, $first: Int, $after: String) {\n    tours(filter: $filter, search: $search, sort: $sort, first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      nodes {\n        ...TourCardFields\n        destination\n        durationDays\n        durationNights\n        tier\n        tiers\n        bookingType\n        travelType\n        featured\n        popular\n        trending\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Probe {\n    me {\n      id\n    }\n  }\n"): (typeof documents)["\n  query Probe {\n    me {\n      id\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;