import type { AdminTourFieldsFragment } from '../gql/admin/graphql';
import { TEST_USER } from './auth';

/** A complete tour as the admin operations return it. */
export function adminTour(
  over: Partial<AdminTourFieldsFragment> = {},
): AdminTourFieldsFragment & { __typename: 'Tour' } {
  return {
    __typename: 'Tour',
    id: '1',
    title: 'Serengeti Migration Safari',
    description: 'Follow the herds.',
    destination: 'serengeti',
    country: 'Tanzania',
    durationDays: 5,
    durationNights: 4,
    duration: null,
    price: 1450,
    priceText: null,
    originalPrice: 1600,
    discount: 10,
    images: ['/uploads/tours/serengeti.jpg'],
    bg: null,
    featured: true,
    popular: false,
    trending: false,
    rating: 4.8,
    numRatings: 120,
    tourType: 'Safari',
    features: ['Game drives', 'Park fees'],
    categories: ['Wildlife'],
    included: ['Meals'],
    notIncluded: ['Flights'],
    capacity: 12,
    status: 'active',
    departureLocation: 'Arusha',
    departureTime: null,
    returnTime: null,
    itinerary: [
      {
        __typename: 'ItineraryDay',
        day: 1,
        title: 'Arrive in Arusha',
        description: 'Transfer to the lodge.',
        parkArea: null,
        overnight: null,
      },
      {
        __typename: 'ItineraryDay',
        day: 2,
        title: 'Central Serengeti',
        description: 'Full day game drive.',
        parkArea: 'SERENGETI_NP',
        overnight: 'CONCESSION',
      },
    ] as unknown as AdminTourFieldsFragment['itinerary'],
    tier: 'Luxury,Mid-range',
    bookingType: 'group',
    travelType: 'Safari',
    ...over,
  };
}

export const ADMIN_USER = { ...TEST_USER, role: 'admin', permissions: ['tours:write'] };

/** The answer of the Me query for a user of the given role. */
export const meAnswer = (role: 'admin' | 'user' = 'admin') => ({
  data: { me: role === 'admin' ? ADMIN_USER : TEST_USER },
});

/** One page holding every given tour. */
export const toursAnswer = (tours: AdminTourFieldsFragment[]) => ({
  data: {
    tours: {
      __typename: 'TourConnection',
      pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null },
      nodes: tours,
    },
  },
});
