// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { addMonths, travellerToday, type SsrOperation, type SsrOperationResult } from '@tembea/schema';
import { render } from './entry-server';

const TEMPLATE =
  '<!doctype html><html lang="en"><head><meta name="description" content="Tembea" /><title>Tembea</title></head>' +
  '<body><div id="root"></div></body></html>';

/** A tour as the TourDetail query answers it, leaving at 06:00 UTC on `departureDay`. */
function tourAnswer(departureDay: string) {
  return {
    __typename: 'Tour',
    id: '5',
    title: 'Serengeti Migration Safari',
    description: 'The herds cross the Mara.',
    destination: 'serengeti',
    country: 'Tanzania',
    durationDays: 3,
    durationNights: 2,
    duration: null,
    price: 900,
    priceText: null,
    originalPrice: null,
    discount: 0,
    images: [],
    bg: null,
    featured: false,
    popular: false,
    trending: false,
    rating: 4.5,
    numRatings: 25,
    tourType: 'Safari',
    features: [],
    categories: [],
    included: [],
    notIncluded: [],
    capacity: 8,
    status: 'active',
    departureLocation: 'Arusha',
    departureTime: `${departureDay}T06:00:00.000Z`,
    returnTime: null,
    tier: 'Budget',
    bookingType: 'group',
    travelType: 'Safari',
    itinerary: [],
    tiers: ['Budget'],
  };
}

/** A quote of one person as the server answers it. */
function quoteAnswer(startDate: string) {
  return {
    __typename: 'Quote',
    tourId: '5',
    startDate,
    numberOfPeople: 1,
    bookingType: 'group',
    tier: 'Budget',
    seatsLeft: 8,
    availability: 'AVAILABLE',
    priced: true,
    priceLabel: '$950.00',
    unitPrice: 950,
    subtotal: 950,
    earlyBird: false,
    earlyBirdDiscount: 0,
    total: 950,
    grandTotal: 950,
    deposit: 28.5,
    balance: 921.5,
    balanceDueDate: null,
    parkFees: null,
  };
}

const REFUSED = 'Start date can be at most 12 months ahead';

/** Renders /tour/5 with the server's answers given by `answer`, keeping the names of the operations run. */
async function renderTour(answer: (op: SsrOperation) => SsrOperationResult) {
  const operations: string[] = [];
  const page = render({
    url: '/tour/5',
    origin: 'https://tembea.example',
    template: TEMPLATE,
    execute: (op) => {
      operations.push(op.operationName ?? '');
      return Promise.resolve(answer(op));
    },
  });
  return { page, operations };
}

describe('server render of a tour page', () => {
  it('shows the quote of a departure within the booking horizon', async () => {
    const day = addMonths(travellerToday(), 2);
    const { page } = await renderTour((op) =>
      op.operationName === 'TourDetail' ? { data: { tour: tourAnswer(day) } } : { data: { quote: quoteAnswer(day) } },
    );
    const result = await page;
    expect(result?.status).toBe(200);
    expect(result?.html).toContain('data-testid="quote-price">$950.00<');
  });

  it('asks no quote for a departure past the booking horizon, and renders the page with the tour price', async () => {
    const { page, operations } = await renderTour(() => ({
      data: { tour: tourAnswer(addMonths(travellerToday(), 40)) },
    }));
    const result = await page;
    expect(result?.status).toBe(200);
    expect(result?.html).toContain('Serengeti Migration Safari');
    expect(result?.html).toContain('data-testid="panel-price">$900.00<');
    expect(result?.html).toContain('Bookings for this departure open closer to the date.');
    expect(operations).toEqual(['TourDetail']);
  });

  it('renders the page when the server refuses the quote (a shorter horizon configured)', async () => {
    const day = addMonths(travellerToday(), 20);
    const { page, operations } = await renderTour((op) =>
      op.operationName === 'TourDetail'
        ? { data: { tour: tourAnswer(day) } }
        : { data: null, errors: [{ message: REFUSED, extensions: { code: 'BAD_USER_INPUT' } }] },
    );
    const result = await page;
    expect(operations).toContain('BookingQuote');
    expect(result?.status).toBe(200);
    expect(result?.html).toContain('data-testid="panel-price">$900.00<');
    expect(result?.html).not.toContain('Checking the price');
    expect(result?.html).not.toContain(REFUSED);
  });

  it('still fails when the tour itself cannot be read: the browser renders the page instead', async () => {
    const { page } = await renderTour(() => ({ data: null, errors: [{ message: 'Database unavailable' }] }));
    await expect(page).rejects.toThrow('GraphQL errors: TourDetail: Database unavailable');
  });
});
