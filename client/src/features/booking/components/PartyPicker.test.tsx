import { useState } from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY, addDays, localIsoDate } from '@tembea/schema';
import { useAuth } from '../../../auth/AuthProvider';
import { fakeJwt, mockClient, Providers, TEST_USER, type Call } from '../../../test/auth';
import { quoteAnswer } from '../../../test/quote-fixtures';
import { DEFAULT_MEMBER, partyGroups, resizeParty, type PartyMember } from '../lib/party';
import { BookingModal } from './BookingModal';
import { PartyPicker } from './PartyPicker';

const today = localIsoDate();
const start = addDays(today, 60);

function Picker({ initial }: { initial: PartyMember[] }) {
  const [members, setMembers] = useState(initial);
  return (
    <>
      <PartyPicker members={members} onChange={setMembers} />
      <output data-testid="groups">{JSON.stringify(partyGroups(members))}</output>
    </>
  );
}

const row = (name: string) => screen.getByRole('group', { name });
const select = (scope: HTMLElement, label: string) => within(scope).getByLabelText(label) as HTMLSelectElement;
const choose = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });

describe('party rules', () => {
  it('keeps the people described when the count changes, adding non-resident adults', () => {
    const child: PartyMember = { residency: 'TANZANIA_RESIDENT', ageBand: 'CHILD' };
    expect(resizeParty([child], 3)).toEqual([child, DEFAULT_MEMBER, DEFAULT_MEMBER]);
    expect(resizeParty([child, DEFAULT_MEMBER], 1)).toEqual([child]);
    expect(resizeParty([child], Number.NaN)).toEqual([child]);
  });

  it('counts the party by residency and age band, leaving out empty groups', () => {
    expect(partyGroups([DEFAULT_MEMBER, { residency: 'NON_RESIDENT', ageBand: 'CHILD' }, DEFAULT_MEMBER])).toEqual([
      { residency: 'NON_RESIDENT', ageBand: 'ADULT', count: 2 },
      { residency: 'NON_RESIDENT', ageBand: 'CHILD', count: 1 },
    ]);
  });
});

describe('PartyPicker', () => {
  it('asks residency and age of each traveller, the lead first, every one a non-resident adult at first', () => {
    render(<Picker initial={resizeParty([], 3)} />);
    const picker = screen.getByRole('group', { name: 'Who travels' });
    expect(within(picker).getAllByRole('group')).toHaveLength(3);
    expect(select(row('Traveller 1 (lead)'), 'Residency').value).toBe('NON_RESIDENT');
    expect(select(row('Traveller 3'), 'Age').value).toBe('ADULT');
    expect(select(row('Traveller 3'), 'Age').selectedOptions[0]!.textContent).toBe('Adult (16 and over)');

    choose(select(row('Traveller 3'), 'Age'), 'CHILD');
    choose(select(row('Traveller 2'), 'Residency'), 'EAST_AFRICAN_CITIZEN');
    expect(JSON.parse(screen.getByTestId('groups').textContent!)).toEqual([
      { residency: 'NON_RESIDENT', ageBand: 'ADULT', count: 1 },
      { residency: 'NON_RESIDENT', ageBand: 'CHILD', count: 1 },
      { residency: 'EAST_AFRICAN_CITIZEN', ageBand: 'ADULT', count: 1 },
    ]);
  });
});

const quote = (vars: Record<string, unknown>) => quoteAnswer(vars, { seatsLeft: 8, parkFeeCentsPerPerson: 12345 });

function Harness({ onPartyPriced }: { onPartyPriced: (p: { numberOfPeople: number; grandTotal: number }) => void }) {
  const { user } = useAuth();
  if (!user) return <p>Checking session</p>;
  return (
    <BookingModal
      open
      tour={{ id: '12', title: 'Serengeti Safari', capacity: 8, durationNights: 2 }}
      loaded
      bookingType="group"
      tier="Budget"
      onClose={() => undefined}
      onBooked={() => undefined}
      onLoginRequired={() => undefined}
      onPartyPriced={onPartyPriced}
    />
  );
}

describe('BookingModal: who travels', () => {
  beforeEach(() => localStorage.clear());

  it('prices the park fees for the party given, the lead described by their own details', async () => {
    localStorage.setItem(TOKEN_KEY, fakeJwt({ sub: '7', role: 'user', exp: Math.floor(Date.now() / 1000) + 900 }));
    const calls: Call[] = [];
    const mock = mockClient((call) => {
      if (call.operationName === 'Me') return { data: { me: TEST_USER } };
      calls.push(call);
      if (call.operationName === 'CreateBooking')
        return { errors: [{ message: 'Stop here', extensions: { code: 'CONFLICT' } }] };
      return quote(call.variables);
    });
    const onPartyPriced = vi.fn();
    render(
      <Providers client={mock.client}>
        <Harness onPartyPriced={onPartyPriced} />
      </Providers>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Book Serengeti Safari' });
    fireEvent.change(within(dialog).getByLabelText(/^Start Date/), { target: { value: start } });
    fireEvent.change(within(dialog).getByLabelText(/^Number of People/), { target: { value: '3' } });
    const picker = await within(dialog).findByRole('group', { name: 'Who travels' });
    await waitFor(() => expect(within(picker).getAllByRole('group')).toHaveLength(3));
    const lastParty = () => calls.filter((c) => c.operationName === 'BookingQuote').at(-1)?.variables.party;
    await waitFor(() => expect(lastParty()).toEqual([{ residency: 'NON_RESIDENT', ageBand: 'ADULT', count: 3 }]));

    choose(select(row('Traveller 3'), 'Age'), 'CHILD');
    await waitFor(() =>
      expect(lastParty()).toEqual([
        { residency: 'NON_RESIDENT', ageBand: 'ADULT', count: 2 },
        { residency: 'NON_RESIDENT', ageBand: 'CHILD', count: 1 },
      ]),
    );

    // The lead's residency and date of birth (10 on the first day) describe Traveller 1.
    const lead = within(dialog).getByRole('group', { name: 'Lead traveller' });
    choose(within(lead).getByLabelText(/^Residency/), 'TANZANIA_RESIDENT');
    fireEvent.change(within(lead).getByLabelText(/^Date of birth/), {
      target: { value: `${Number(start.slice(0, 4)) - 10}${start.slice(4)}` },
    });
    expect(select(row('Traveller 1 (lead)'), 'Residency').value).toBe('TANZANIA_RESIDENT');
    expect(select(row('Traveller 1 (lead)'), 'Age').value).toBe('CHILD');
    await waitFor(() =>
      expect(lastParty()).toEqual([
        { residency: 'NON_RESIDENT', ageBand: 'ADULT', count: 1 },
        { residency: 'NON_RESIDENT', ageBand: 'CHILD', count: 1 },
        { residency: 'TANZANIA_RESIDENT', ageBand: 'CHILD', count: 1 },
      ]),
    );
    expect(within(dialog).getByTestId('park-fees-total').textContent).toBe('$370.35');
    expect(within(dialog).getByTestId('booking-grand-total').textContent).toBe('$3,370.35');
    // The tour page hears what the party pays in all, for its booking bar.
    expect(onPartyPriced).toHaveBeenLastCalledWith({ numberOfPeople: 3, grandTotal: 3370.35 });

    // The booking carries the same party and the lead's details, named as the booking is.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm Booking' }));
    await waitFor(() => expect(calls.some((c) => c.operationName === 'CreateBooking')).toBe(true));
    const input = calls.find((c) => c.operationName === 'CreateBooking')!.variables.input as Record<string, unknown>;
    expect(input.party).toEqual(lastParty());
    expect(input.leadTraveller).toEqual({
      fullName: TEST_USER.name,
      dateOfBirth: `${Number(start.slice(0, 4)) - 10}${start.slice(4)}`,
      nationality: null,
      residency: 'TANZANIA_RESIDENT',
      passportNumber: null,
      dietaryNeeds: null,
      notes: null,
    });
  });
});
