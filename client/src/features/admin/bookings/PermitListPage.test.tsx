import { render, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '@tembea/schema';
import { fakeJwt, mockClient, Providers, type Call } from '../../../test/auth';
import { PermitListPage } from './PermitListPage';

const traveller = (over: Record<string, unknown>) => ({
  __typename: 'PermitTraveller',
  bookingId: '11',
  bookingReference: 'TB-7K2M9Q',
  position: 1,
  fullName: 'Amani Mushi',
  nationality: 'Tanzanian',
  residency: 'EAST_AFRICAN_CITIZEN',
  passportNumber: 'TA1234567',
  assumed: false,
  ageBands: ['ADULT', 'ADULT'],
  feesCents: [472, 0],
  totalCents: 472,
  ...over,
});
const LIST = {
  data: {
    permitList: {
      __typename: 'PermitList',
      tourId: '4',
      tourTitle: 'Serengeti and Ngorongoro',
      startDate: '2031-07-01',
      totalCents: 472 + 8260 + 7080,
      assumedCount: 1,
      areas: [
        {
          __typename: 'PermitAreaTotal',
          areaCode: 'SERENGETI_NP',
          areaName: 'Serengeti National Park',
          totalCents: 8732,
        },
        {
          __typename: 'PermitAreaTotal',
          areaCode: 'NGORONGORO_CA',
          areaName: 'Ngorongoro Conservation Area',
          totalCents: 7080,
        },
      ],
      days: [
        {
          __typename: 'PermitDay',
          date: '2031-07-01',
          areaCode: 'SERENGETI_NP',
          areaName: 'Serengeti National Park',
          priced: true,
          totalCents: 8732,
        },
        {
          __typename: 'PermitDay',
          date: '2031-07-02',
          areaCode: 'NGORONGORO_CA',
          areaName: 'Ngorongoro Conservation Area',
          priced: true,
          totalCents: 7080,
        },
      ],
      travellers: [
        traveller({}),
        traveller({
          position: 2,
          fullName: null,
          nationality: null,
          residency: 'NON_RESIDENT',
          passportNumber: null,
          assumed: true,
          feesCents: [8260, 7080],
          totalCents: 15340,
        }),
      ],
    },
  },
};

function renderAt(path: string, answer: (call: Call) => unknown) {
  localStorage.setItem(TOKEN_KEY, fakeJwt({ sub: '1', role: 'admin', exp: Math.floor(Date.now() / 1000) + 900 }));
  const mock = mockClient((call) => {
    if (call.operationName === 'Me') return { data: { me: null } };
    return answer(call) as never;
  });
  render(
    <Providers client={mock.client} path={path}>
      <Routes>
        <Route path="/admin/departures/:tourId/:date/permits" element={<PermitListPage />} />
      </Routes>
    </Providers>,
  );
  return mock;
}

describe('PermitListPage', () => {
  beforeEach(() => localStorage.clear());

  it('prints a table per area and day with everyone, their age band, passport and fees', async () => {
    const mock = renderAt('/admin/departures/4/2031-07-01/permits', () => LIST);
    expect(await screen.findByRole('heading', { level: 1, name: 'Park permit list' })).toBeTruthy();
    expect(mock.calls.find((c) => c.operationName === 'PermitList')?.variables).toEqual({
      tourId: '4',
      date: '2031-07-01',
    });
    expect(
      screen.getByText(/Serengeti and Ngorongoro, departing 2031-07-01\. 2 people; park fees with VAT \$158\.12\./),
    ).toBeTruthy();
    expect(screen.getByRole('note').textContent).toMatch(/^1 person is priced on assumed details/);
    const tables = screen.getAllByRole('table');
    expect(screen.getByRole('heading', { level: 2, name: 'Serengeti National Park, 2031-07-01' })).toBeTruthy();
    const rows = within(tables[0]!)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows[1]).toBe('1Amani MushiTanzanianEast African citizenAdult (16 and over)TA1234567#11 TB-7K2M9Q$4.72');
    expect(rows[2]).toBe('2details not yet given *Non-residentAdult (16 and over)#11 TB-7K2M9Q$82.60');
    expect(rows[3]).toBe('Day total$87.32');
    expect(within(tables[1]!).getAllByRole('row')[2]!.textContent).toContain('$70.80');
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download permit list (CSV)' })).toBeTruthy();
  });

  it('says why when the server refuses the list', async () => {
    renderAt('/admin/departures/4/2031-07-01/permits', () => ({
      errors: [{ message: 'Admin access required', extensions: { code: 'FORBIDDEN' } }],
    }));
    expect((await screen.findByRole('alert')).textContent).toBe('Admin access required');
  });
});
