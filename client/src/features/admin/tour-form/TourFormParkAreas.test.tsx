import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient, Providers, type MockResult } from '../../../test/auth';
import { adminTour, meAnswer, toursAnswer } from '../../../test/admin-fixtures';
import { TourFormPage } from './TourFormPage';

const area = (areaCode: string, areaName: string) => ({ __typename: 'ParkAreaFees', areaCode, areaName });
const schedule = (id: string, validFrom: string, validTo: string, areas: ReturnType<typeof area>[]) => ({
  __typename: 'ParkFeeSchedule',
  id,
  validFrom,
  validTo,
  areas,
});
// One schedule long over, one in force or to come whatever day the test runs.
const SCHEDULES = [
  schedule('2', '2026-07-01', '2999-06-30', [
    area('SERENGETI_NP', 'Serengeti National Park'),
    area('NGORONGORO_CA', 'Ngorongoro Conservation Area'),
  ]),
  schedule('1', '2001-07-01', '2002-06-30', [area('SELOUS_GR', 'Selous Game Reserve')]),
];

function renderEdit(tour = adminTour({ id: '7' }), schedules: MockResult = { data: { parkFeeSchedules: SCHEDULES } }) {
  const mock = mockClient((c) => {
    if (c.operationName === 'Me') return meAnswer();
    if (c.operationName === 'AdminTours') return toursAnswer([tour]);
    if (c.operationName === 'TourDepartures') return { data: { departures: [] } };
    if (c.operationName === 'ParkAreaOptions') return schedules;
    if (c.operationName === 'UpdateTour') return { data: { updateTour: { __typename: 'UpdateTourPayload', tour } } };
    return { data: null };
  });
  render(
    <Providers client={mock.client} path={`/admin/edit/${tour.id}`} state={{ tour }}>
      <Routes>
        <Route path="/admin/edit/:id" element={<TourFormPage />} />
      </Routes>
    </Providers>,
  );
  return mock;
}

const rows = () => screen.getAllByTestId('itinerary-row');
const select = (row: number, label: string) => within(rows()[row]!).getByLabelText(label) as HTMLSelectElement;
const optionTexts = (s: HTMLSelectElement) => Array.from(s.options).map((o) => o.textContent);

describe('The itinerary editor’s protected area of each day', () => {
  beforeEach(() => localStorage.clear());

  it('offers the areas of the current and upcoming schedules and shows each day’s area and night', async () => {
    renderEdit();
    await waitFor(() => expect(select(0, 'Protected area').options).toHaveLength(3));
    expect(optionTexts(select(0, 'Protected area'))).toEqual([
      'Not in a protected area',
      'Ngorongoro Conservation Area',
      'Serengeti National Park',
    ]);
    expect(optionTexts(select(0, 'Night inside the area'))).toEqual([
      'None (spent outside the area)',
      'Concession lodge or camp',
      'Camping',
      'Mountain hut',
    ]);
    expect(select(0, 'Protected area').value).toBe('');
    expect(select(0, 'Night inside the area').disabled).toBe(true);
    expect(select(1, 'Protected area').value).toBe('SERENGETI_NP');
    expect(select(1, 'Night inside the area').value).toBe('CONCESSION');
    expect(select(1, 'Night inside the area').disabled).toBe(false);
  });

  it('saves each day’s area and night; leaving the area drops the night', async () => {
    const { calls } = renderEdit();
    await waitFor(() => expect(select(0, 'Protected area').options).toHaveLength(3));
    fireEvent.change(select(0, 'Protected area'), { target: { value: 'NGORONGORO_CA' } });
    fireEvent.change(select(0, 'Night inside the area'), { target: { value: 'CAMPING' } });
    fireEvent.change(select(1, 'Protected area'), { target: { value: '' } });
    expect(select(1, 'Night inside the area').value).toBe('');
    expect(select(1, 'Night inside the area').disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Update Tour' }));
    expect(await screen.findByText('Tour updated successfully!', undefined, { timeout: 5000 })).toBeTruthy();
    const input = calls.find((c) => c.operationName === 'UpdateTour')!.variables.input as {
      itinerary: Record<string, unknown>[];
    };
    expect(input.itinerary).toEqual([
      expect.objectContaining({ day: 1, parkArea: 'NGORONGORO_CA', overnight: 'CAMPING' }),
      expect.objectContaining({ day: 2, parkArea: null, overnight: null }),
    ]);
  });

  it('keeps a day’s area that no current schedule lists, named by its code', async () => {
    const base = adminTour({ id: '8' });
    const tour = adminTour({
      id: '8',
      itinerary: [{ ...base.itinerary[0]!, parkArea: 'SELOUS_GR', overnight: null }],
    });
    renderEdit(tour);
    await waitFor(() => expect(select(0, 'Protected area').options).toHaveLength(4));
    expect(select(0, 'Protected area').value).toBe('SELOUS_GR');
    expect(optionTexts(select(0, 'Protected area'))).toContain('SELOUS_GR (in no current or upcoming schedule)');
  });

  it('says when the areas cannot be loaded, and still offers no area', async () => {
    renderEdit(undefined, { errors: [{ message: 'Server unavailable' }] });
    expect(
      await screen.findByText('The protected areas could not be loaded; reload the page to choose a day’s area.'),
    ).toBeTruthy();
    expect(optionTexts(select(0, 'Protected area'))).toEqual(['Not in a protected area']);
  });
});
