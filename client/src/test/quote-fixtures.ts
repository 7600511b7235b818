import { addDays } from '@tembea/schema';

/**
 * A quote as the API answers it for the variables sent: $1,000 a person, no early bird, a 3%
 * deposit and the balance due 30 days before. With `parkFeeCentsPerPerson` the tour spends days in
 * the parks and each person adds that much (priced for the party when one was sent).
 */
export function quoteAnswer(
  vars: Record<string, unknown>,
  opts: { seatsLeft?: number; parkFeeCentsPerPerson?: number } = {},
) {
  const people = vars.numberOfPeople as number;
  const feeCents = opts.parkFeeCentsPerPerson;
  return {
    data: {
      quote: {
        __typename: 'Quote',
        tourId: '12',
        startDate: vars.startDate,
        numberOfPeople: people,
        bookingType: vars.bookingType,
        tier: vars.tier,
        seatsLeft: opts.seatsLeft ?? 5,
        availability: 'AVAILABLE',
        priced: true,
        priceLabel: '$1,000.00',
        unitPrice: 1000,
        subtotal: 1000 * people,
        earlyBird: false,
        earlyBirdDiscount: 0,
        total: 1000 * people,
        grandTotal: 1000 * people + ((feeCents ?? 0) * people) / 100,
        deposit: 30 * people,
        balance: 970 * people,
        balanceDueDate: addDays(vars.startDate as string, -30),
        parkFees:
          feeCents == null
            ? null
            : {
                __typename: 'ParkFeesQuote',
                partyAssumed: !vars.party,
                totalCents: feeCents * people,
                areas: [],
                unpricedDays: [],
              },
      },
    },
  };
}
