import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { addDays, travellerToday } from '@tembea/schema';
import { mockClient, Providers, type Call, type MockResult } from '../../../test/auth';
import { travellerAnswer } from '../../../test/traveller-fixtures';
import { TravellerEditor } from './TravellerEditor';

const today = travellerToday();
const traveller = (over: Record<string, unknown>) => travellerAnswer({ fullName: 'Amani Kileo', ...over });
const list = (travellers: ReturnType<typeof traveller>[], missing: string[], dueDate = addDays(today, 30)) => ({
  __typename: 'BookingTravellers',
  dueDate,
  missing,
  travellers,
});
const leadOnly = list(
  [traveller({})],
  [
    'Traveller 1: date of birth, nationality, residency',
    'Traveller 2: full name, date of birth, nationality, residency',
  ],
);

function renderEditor(
  handler: (call: Call) => MockResult | Promise<MockResult>,
  props: Partial<Parameters<typeof TravellerEditor>[0]> = {},
) {
  const mock = mockClient(handler);
  render(
    <Providers client={mock.client}>
      <TravellerEditor bookingId="5" numberOfPeople={2} tourTitle="Serengeti Safari" open {...props} />
    </Providers>,
  );
  return mock;
}

const group = (name: string) => screen.getByRole('group', { name });
/** A field by its label; `marked` for a required field, whose label ends in an asterisk. */
const input = (scope: HTMLElement, label: string, marked = false) =>
  within(scope).getByLabelText(marked ? `${label}*` : label) as HTMLInputElement;
const type = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });

describe('TravellerEditor', () => {
  beforeEach(() => localStorage.clear());

  it('shows who travels, what is missing and until when, then saves the completed list', async () => {
    const saved = list(
      [
        traveller({ dateOfBirth: '1990-02-01', nationality: 'Tanzanian', residency: 'TANZANIA_RESIDENT' }),
        traveller({
          position: 2,
          fullName: 'Neema Kileo',
          dateOfBirth: '2014-05-05',
          nationality: 'Tanzanian',
          residency: 'TANZANIA_RESIDENT',
          passportNumber: 'TA1234567',
          dietaryNeeds: 'Vegetarian',
        }),
      ],
      [],
    );
    const m = renderEditor((call) =>
      call.operationName === 'UpdateTravellers'
        ? { data: { updateTravellers: { __typename: 'UpdateTravellersPayload', bookingId: '5', travellers: saved } } }
        : { data: { bookingTravellers: leadOnly } },
    );
    expect(await screen.findByText('Amani Kileo')).toBeTruthy();
    const missing = screen.getByTestId('travellers-missing');
    expect(missing.textContent).toContain('Traveller 1: date of birth, nationality, residency');
    expect(missing.textContent).toContain('Traveller 2: full name');
    expect(screen.getByTestId('travellers-due').textContent).toContain('You can add or change travellers until');

    fireEvent.click(screen.getByRole('button', { name: /^Add travellers/ }));
    const lead = group('Traveller 1 (lead)');
    expect(document.activeElement).toBe(input(lead, 'Full name', true));
    expect(input(lead, 'Full name', true).value).toBe('Amani Kileo');
    type(input(lead, 'Date of birth'), '1990-02-01');
    type(input(lead, 'Nationality'), ' Tanzanian ');
    type(within(lead).getByLabelText('Residency'), 'TANZANIA_RESIDENT');

    // Room for the people booked, and no more.
    fireEvent.click(screen.getByRole('button', { name: 'Add traveller 2 of 2' }));
    expect(screen.queryByRole('button', { name: /^Add traveller/ })).toBeNull();
    const second = group('Traveller 2');
    // The button is gone: the new traveller's first field has the focus.
    expect(document.activeElement).toBe(input(second, 'Full name', true));
    type(input(second, 'Full name', true), 'Neema Kileo');
    type(input(second, 'Date of birth'), '2014-05-05');
    type(input(second, 'Nationality'), 'Tanzanian');
    type(within(second).getByLabelText('Residency'), 'TANZANIA_RESIDENT');
    type(input(second, 'Passport number (optional)'), 'ta 1234567');
    type(input(second, 'Dietary needs'), 'Vegetarian');
    fireEvent.click(screen.getByRole('button', { name: 'Save travellers' }));

    await waitFor(() => expect(screen.getByTestId('travellers-status').textContent).toBe('Travellers saved.'));
    expect(m.calls.find((c) => c.operationName === 'UpdateTravellers')?.variables).toEqual({
      bookingId: '5',
      travellers: [
        {
          fullName: 'Amani Kileo',
          dateOfBirth: '1990-02-01',
          nationality: 'Tanzanian',
          residency: 'TANZANIA_RESIDENT',
          passportNumber: null,
          dietaryNeeds: null,
          notes: null,
        },
        {
          fullName: 'Neema Kileo',
          dateOfBirth: '2014-05-05',
          nationality: 'Tanzanian',
          residency: 'TANZANIA_RESIDENT',
          passportNumber: 'ta 1234567',
          dietaryNeeds: 'Vegetarian',
          notes: null,
        },
      ],
    });
    // The list shows the saved answer; the passport number itself is not repeated on the card.
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.getByTestId('travellers-missing').textContent).toBe('Every traveller’s details are in.');
    expect(screen.getByText('Neema Kileo')).toBeTruthy();
    expect(screen.getByTestId('travellers').textContent).toContain('passport given');
    expect(screen.getByTestId('travellers').textContent).not.toContain('1234567');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /^Edit travellers/ }));
  });

  it('checks fields before sending, and shows the server’s field errors next to the right traveller', async () => {
    const m = renderEditor((call) =>
      call.operationName === 'UpdateTravellers'
        ? {
            errors: [
              {
                message: 'Please check the fields',
                extensions: {
                  code: 'BAD_USER_INPUT',
                  fields: [
                    {
                      field: 'travellers.1.passportNumber',
                      message: 'A passport number is 5 to 20 letters and digits',
                    },
                  ],
                },
              },
            ],
          }
        : { data: { bookingTravellers: leadOnly } },
    );
    fireEvent.click(await screen.findByRole('button', { name: /^Add travellers/ }));
    type(input(group('Traveller 1 (lead)'), 'Date of birth'), addDays(today, 2));
    fireEvent.click(screen.getByRole('button', { name: 'Add traveller 2 of 2' }));
    type(input(group('Traveller 2'), 'Full name', true), 'Neema Kileo');
    type(input(group('Traveller 2'), 'Passport number (optional)'), 'AB12');
    fireEvent.click(screen.getByRole('button', { name: 'Save travellers' }));

    const dob = input(group('Traveller 1 (lead)'), 'Date of birth');
    expect(dob.getAttribute('aria-invalid')).toBe('true');
    expect(within(group('Traveller 1 (lead)')).getByText('The date of birth cannot be in the future')).toBeTruthy();
    expect(document.activeElement).toBe(dob);
    expect(m.calls.some((c) => c.operationName === 'UpdateTravellers')).toBe(false);

    // The shared rule does not know every passport: the server's answer lands under Traveller 2's field.
    type(dob, '1990-02-01');
    type(input(group('Traveller 2'), 'Passport number (optional)'), 'AB123');
    fireEvent.click(screen.getByRole('button', { name: 'Save travellers' }));
    const passport = input(group('Traveller 2'), 'Passport number (optional)');
    await waitFor(() => expect(passport.getAttribute('aria-invalid')).toBe('true'));
    expect(within(group('Traveller 2')).getByText('A passport number is 5 to 20 letters and digits')).toBeTruthy();
    expect(document.activeElement).toBe(passport);
    expect(screen.getByTestId('travellers-status').textContent).toBe('');
  });

  it('moves the focus to each traveller added while the add button stays', async () => {
    renderEditor(() => ({ data: { bookingTravellers: leadOnly } }), { numberOfPeople: 3 });
    fireEvent.click(await screen.findByRole('button', { name: /^Add travellers/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Add traveller 2 of 3' }));
    expect(document.activeElement).toBe(input(group('Traveller 2'), 'Full name', true));
    fireEvent.click(screen.getByRole('button', { name: 'Add traveller 3 of 3' }));
    expect(document.activeElement).toBe(input(group('Traveller 3'), 'Full name', true));
  });

  it('after the deadline the list is shown without a way to change it', async () => {
    renderEditor(() => ({ data: { bookingTravellers: list([traveller({})], [], addDays(today, -1)) } }));
    expect(await screen.findByText('Amani Kileo')).toBeTruthy();
    expect(screen.getByTestId('travellers-due').textContent).toContain('Please contact us to change them.');
    expect(screen.queryByRole('button', { name: /travellers/ })).toBeNull();
  });

  it('says when the list cannot be loaded and tries again on request', async () => {
    let fail = true;
    renderEditor(() => (fail ? new Error('Network down') : { data: { bookingTravellers: leadOnly } }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Network down');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Amani Kileo')).toBeTruthy();
  });
});
