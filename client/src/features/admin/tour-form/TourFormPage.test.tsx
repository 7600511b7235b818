import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '@tembea/schema';
import { mockClient, Providers, type MockResult } from '../../../test/auth';
import { adminTour, meAnswer, toursAnswer } from '../../../test/admin-fixtures';
import { TourFormPage } from './TourFormPage';

type Handler = (name: string | undefined, vars: Record<string, unknown>) => MockResult | Promise<MockResult>;

const base =
  (extra: Handler = () => ({ data: null })): Handler =>
  (name, vars) => {
    if (name === 'Me') return meAnswer();
    if (name === 'AdminTours') return toursAnswer([adminTour()]);
    if (name === 'TourDepartures') return { data: { departures: [] } };
    return extra(name, vars);
  };

function renderForm(handler: Handler, path = '/admin/new-tour', state?: unknown) {
  const mock = mockClient((c) => handler(c.operationName, c.variables));
  render(
    <Providers client={mock.client} path={path} state={state}>
      <Routes>
        <Route path="/admin/new-tour" element={<TourFormPage />} />
        <Route path="/admin/edit/:id" element={<TourFormPage />} />
      </Routes>
    </Providers>,
  );
  return mock;
}

const form = () => screen.getByRole('form', { name: /tour/i });
// Required fields' labels end in an asterisk.
const field = (label: string) =>
  within(form()).getByLabelText((text) => text.replace(/\s*\*$/, '') === label, {
    selector: 'input, textarea, select',
  }) as HTMLInputElement;
const fill = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const save = (name = 'Create Tour') => fireEvent.click(screen.getByRole('button', { name }));

function fillValid() {
  fill('Title', 'Ngorongoro Crater Day');
  fill('Description', 'Down into the crater.');
  fill('Country', 'Tanzania');
  fill('Price (USD)', '320.50');
  fill('Features', ' Lunch box ,  Park fees,, ');
  fill('Tier', 'Budget, Luxury');
}

describe('TourFormPage', () => {
  beforeEach(() => localStorage.clear());

  it('starts a new tour with the catalogue defaults', () => {
    renderForm(base());
    const expected: [string, string][] = [
      ['Destination', 'zanzibar'],
      ['Days', '1'],
      ['Nights', '0'],
      ['Original price (USD)', '0'],
      ['Discount (%)', '0'],
      ['Rating', '4.5'],
      ['Number of ratings', '25'],
      ['Tour type', 'Tour'],
      ['Capacity', '20'],
      ['Status', 'active'],
      ['Tier', 'Budget'],
      ['Booking type', 'group'],
      ['Travel type', 'Beach sands'],
      ['Title', ''],
      ['Price (USD)', ''],
    ];
    for (const [label, value] of expected) expect([label, field(label).value]).toEqual([label, value]);
    expect(field('Price (USD)').min).toBe('0');
    expect(field('Price (USD)').step).toBe('0.01');
    expect(field('Rating').max).toBe('5');
    expect(field('Rating').step).toBe('0.1');
  });

  it('shows every validation message, one a line, before sending anything', async () => {
    const { calls } = renderForm(base());
    fill('Discount (%)', '150');
    fill('Days', '0');
    save();
    const box = await screen.findByTestId('tour-form-errors', undefined, { timeout: 5000 });
    expect(box.textContent).toBe(
      [
        'Title is required',
        'Description is required',
        'Valid price is required',
        'Discount must be between 0 and 100',
        'Country is required',
        'Please specify either duration text or at least 1 day',
      ].join('\n'),
    );
    expect(box.getAttribute('role')).toBe('alert');
    expect(field('Title').getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.operationName === 'CreateTour' || c.operationName === 'Me')).toBe(false);
  });

  it('edits the itinerary: add days, move them, remove one; a day below 1 is refused', async () => {
    renderForm(base());
    const add = screen.getByRole('button', { name: 'Add day' });
    fireEvent.click(add);
    fireEvent.click(add);
    const rows = () => screen.getAllByTestId('itinerary-row');
    expect(rows().map((r) => (within(r).getByLabelText('Day') as HTMLInputElement).value)).toEqual(['1', '2']);
    fireEvent.change(within(rows()[0]!).getByLabelText('Day title'), { target: { value: 'Arrival' } });
    fireEvent.change(within(rows()[1]!).getByLabelText('Day title'), { target: { value: 'Crater' } });
    fireEvent.click(screen.getByRole('button', { name: 'Move day 2 up' }));
    expect(rows().map((r) => (within(r).getByLabelText('Day title') as HTMLInputElement).value)).toEqual([
      'Crater',
      'Arrival',
    ]);
    expect((screen.getByRole('button', { name: 'Move day 2 up' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Move day 2 down' }));
    expect(rows().map((r) => (within(r).getByLabelText('Day title') as HTMLInputElement).value)).toEqual([
      'Arrival',
      'Crater',
    ]);
    fireEvent.change(within(rows()[1]!).getByLabelText('Day'), { target: { value: '0' } });
    fillValid();
    save();
    expect((await screen.findByTestId('tour-form-errors', undefined, { timeout: 5000 })).textContent).toBe(
      'Itinerary day must be 1 or more',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove day 0' }));
    expect(rows()).toHaveLength(1);
  });

  it('re-checks the profile, then creates the tour with trimmed lists and opens it for editing', async () => {
    const created = adminTour({ id: '42', title: 'Ngorongoro Crater Day' });
    const { calls } = renderForm(
      base((name) =>
        name === 'CreateTour'
          ? { data: { createTour: { __typename: 'CreateTourPayload', tour: created } } }
          : { data: null },
      ),
    );
    fillValid();
    save();
    expect(await screen.findByText('Tour created successfully!', undefined, { timeout: 5000 })).toBeTruthy();
    const names = calls.map((c) => c.operationName);
    expect(names.lastIndexOf('Me')).toBeLessThan(names.indexOf('CreateTour'));
    const input = calls.find((c) => c.operationName === 'CreateTour')!.variables.input as Record<string, unknown>;
    expect(input).toMatchObject({
      title: 'Ngorongoro Crater Day',
      country: 'Tanzania',
      price: '320.50',
      destination: 'zanzibar',
      durationDays: 1,
      durationNights: 0,
      features: ['Lunch box', 'Park fees'],
      tier: 'Budget,Luxury',
      rating: 4.5,
      numRatings: 25,
      capacity: 20,
      status: 'active',
      bookingType: 'group',
      travelType: 'Beach sands',
      tourType: 'Tour',
      images: [],
      itinerary: [],
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Edit Tour: Ngorongoro Crater Day');
  });

  it('refuses to save for a non-admin with the current role', async () => {
    const { calls } = renderForm((name, vars) => (name === 'Me' ? meAnswer('user') : base()(name, vars)));
    fillValid();
    save();
    expect((await screen.findByTestId('tour-form-errors', undefined, { timeout: 5000 })).textContent).toBe(
      'Admin access required. Current role: user',
    );
    expect(calls.some((c) => c.operationName === 'CreateTour')).toBe(false);
  });

  it.each([
    ['Forbidden', 'FORBIDDEN', "You don't have permission to edit tours. Admin access is required."],
    ['Authentication required. Please login.', 'UNAUTHENTICATED', 'You are not logged in. Please login to continue.'],
    ['Invalid token. Please login again.', 'UNAUTHENTICATED', 'Your login session is invalid. Please login again.'],
    ['Session expired. Please login again.', 'UNAUTHENTICATED', 'Your session has expired. Please login again.'],
    ['Title must be at most 200 characters', 'BAD_USER_INPUT', 'Title must be at most 200 characters'],
  ])('maps the save failure %s', async (message, code, shown) => {
    localStorage.setItem(TOKEN_KEY, 'not-a-jwt');
    renderForm(
      base((name) => (name === 'CreateTour' ? { errors: [{ message, extensions: { code } }] } : { data: null })),
    );
    fillValid();
    save();
    const box = await screen.findByTestId('tour-form-errors', undefined, { timeout: 5000 });
    expect(box.textContent).toBe(`Error saving tour${shown}`);
    expect(within(box).getByText('Error saving tour').tagName).toBe('STRONG');
  });

  it('edits a tour passed in navigation state and replaces every field', async () => {
    const tour = adminTour({ id: '7' });
    const { calls } = renderForm(
      base((name, vars) =>
        name === 'UpdateTour'
          ? { data: { updateTour: { __typename: 'UpdateTourPayload', tour: { ...tour, price: 1500 } } } }
          : ({ data: null, vars } as MockResult),
      ),
      '/admin/edit/7',
      { tour },
    );
    expect(field('Title').value).toBe('Serengeti Migration Safari');
    expect(field('Features').value).toBe('Game drives, Park fees');
    expect(field('Tier').value).toBe('Luxury,Mid-range');
    expect(screen.getAllByTestId('itinerary-row')).toHaveLength(2);
    expect(screen.getAllByTestId('kept-image')).toHaveLength(1);
    fill('Price (USD)', '1500');
    fireEvent.click(screen.getByRole('button', { name: 'Remove image 1' }));
    save('Update Tour');
    expect(await screen.findByText('Tour updated successfully!', undefined, { timeout: 5000 })).toBeTruthy();
    const update = calls.find((c) => c.operationName === 'UpdateTour')!;
    expect(update.variables.id).toBe('7');
    expect(update.variables.input).toMatchObject({
      price: '1500',
      images: [],
      features: ['Game drives', 'Park fees'],
      itinerary: [
        { day: 1, title: 'Arrive in Arusha', description: 'Transfer to the lodge.' },
        { day: 2, title: 'Central Serengeti', description: 'Full day game drive.' },
      ],
    });
    await waitFor(() => expect(calls.filter((c) => c.operationName === 'AdminTours').length).toBeGreaterThan(1));
  });
});
