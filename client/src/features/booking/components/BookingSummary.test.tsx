import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addDays, travellerToday } from '@tembea/schema';
import { mockClient, Providers } from '../../../test/auth';
import { quoteAnswer } from '../../../test/quote-fixtures';
import { BookingSummary } from './BookingSummary';

/** The summary for two people starting `daysAway` days from the server's today, the parks adding $150 each. */
async function renderSummary(daysAway: number) {
  const { client } = mockClient((call) =>
    call.operationName === 'BookingQuote'
      ? quoteAnswer(call.variables, { parkFeeCentsPerPerson: 15_000 })
      : { data: {} },
  );
  render(
    <Providers client={client}>
      <BookingSummary
        variables={{
          tourId: '12',
          startDate: addDays(travellerToday(), daysAway),
          numberOfPeople: 2,
          bookingType: 'group',
          tier: 'Budget',
        }}
      />
    </Providers>,
  );
  return screen.findByTestId('booking-quote');
}

describe('BookingSummary payment terms', () => {
  it('splits a trip 60 days away into the 3% deposit and the balance due 30 days before', async () => {
    const quote = await renderSummary(60);
    expect(within(quote).getByText('Deposit (3%, non-refundable)')).toBeTruthy();
    expect(within(quote).getByTestId('booking-deposit').textContent).toBe('$60.00');
    expect(within(quote).getByText(/^Balance, due /)).toBeTruthy();
    expect(within(quote).getByTestId('booking-balance').textContent).toBe('$1,940.00');
    expect(within(quote).queryByText(/Paid in full/)).toBeNull();
  });

  it('asks for the grand total, park fees included, at once for a trip 10 days away, with no deposit or balance', async () => {
    const quote = await renderSummary(10);
    expect(within(quote).getByText('Paid in full at booking (departure within 30 days)')).toBeTruthy();
    expect(within(quote).getByTestId('booking-grand-total').textContent).toBe('$2,300.00');
    expect(within(quote).getByTestId('booking-full').textContent).toBe('$2,300.00');
    expect(within(quote).queryByText(/Deposit/)).toBeNull();
    expect(within(quote).queryByText(/Balance/)).toBeNull();
  });
});
