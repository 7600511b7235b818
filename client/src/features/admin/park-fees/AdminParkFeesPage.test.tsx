import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '@tembea/schema';
import { fakeJwt, mockClient, Providers, type Call, type MockResult } from '../../../test/auth';
import { meAnswer } from '../../../test/admin-fixtures';
import { AdminParkFeesPage } from './AdminParkFeesPage';

const fee = (kind: string, residency: string, ageBand: string, amount: number, currency = 'USD') => ({
  __typename: 'ParkFee',
  kind,
  residency,
  ageBand,
  amount,
  currency,
});
const SAMPLE = {
  __typename: 'ParkFeeSchedule',
  id: '1',
  name: 'Sample 2026/27: check every fee against the parks’ published tariffs',
  validFrom: '2026-07-01',
  validTo: '2027-06-30',
  updatedAt: '2026-05-02T09:30:00.000Z',
  vatPercent: 18,
  tzsPerUsd: 2600,
  peakSeasons: [{ __typename: 'SeasonRange', from: '05-16', to: '03-14' }],
  areas: [
    {
      __typename: 'ParkAreaFees',
      areaCode: 'SERENGETI_NP',
      areaName: 'Serengeti National Park',
      fees: [
        fee('ENTRY_PEAK', 'NON_RESIDENT', 'ADULT', 7000),
        fee('ENTRY_PEAK', 'EAST_AFRICAN_CITIZEN', 'ADULT', 10000, 'TZS'),
      ],
    },
  ],
};
const OLD = { ...SAMPLE, id: '0', name: '2025/26', validFrom: '2025-07-01', validTo: '2026-06-30' };
const listAnswer = (schedules: object[]) => ({ data: { parkFeeSchedules: schedules } });

type Handler = (call: Call) => MockResult | Promise<MockResult> | undefined;

function renderPage(handler: Handler = () => undefined, path = '/admin/park-fees') {
  localStorage.setItem(TOKEN_KEY, fakeJwt({ sub: '1', role: 'admin', exp: Math.floor(Date.now() / 1000) + 900 }));
  const mock = mockClient((call) => {
    const answer = handler(call);
    if (answer) return answer;
    if (call.operationName === 'Me') return meAnswer();
    if (call.operationName === 'AdminParkFeeSchedules') return listAnswer([SAMPLE, OLD]);
    if (call.operationName === 'AdminParkFeeSchedule')
      return { data: { parkFeeSchedule: call.variables.id === '1' ? SAMPLE : OLD } };
    if (call.operationName === 'ParkAreaOptions') return { data: { parkFeeSchedules: [] } };
    return { data: null };
  });
  render(
    <Providers client={mock.client} path={path}>
      <AdminParkFeesPage />
    </Providers>,
  );
  const saves = () => mock.calls.filter((c) => c.operationName === 'SaveParkFeeSchedule');
  return { ...mock, saves };
}

const editor = () => screen.getByRole('form');
const field = (label: string) => within(editor()).getByLabelText(label) as HTMLInputElement;
const feeRows = () => within(editor()).getAllByTestId('fee-row');
const amountOf = (row: number) => within(feeRows()[row]!).getByLabelText(/amount/) as HTMLInputElement;
const type = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });
const saved = (schedule: object) => ({
  data: { saveParkFeeSchedule: { __typename: 'SaveParkFeeSchedulePayload', schedule } },
});

describe('AdminParkFeesPage', () => {
  beforeEach(() => localStorage.clear());

  it('lists the schedules with their validity and last update, the seeded one labelled as sample values', async () => {
    renderPage();
    expect(screen.getByText('Loading park fee schedules…')).toBeTruthy();
    const rows = await screen.findAllByTestId('schedule-row');
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual([
      `${SAMPLE.name} Sample values`,
      '2025/26',
    ]);
    expect(within(rows[0]!).getAllByRole('cell')[1]!.textContent).toMatch(/^1 Jul 2026 – 30 Jun 2027/);
    expect(within(rows[0]!).getAllByRole('cell')[2]!.textContent).toBe('2 May 2026, 09:30:00 UTC');
  });

  it('says when there is no schedule, and when the list cannot be loaded', async () => {
    const answers: MockResult[] = [{ errors: [{ message: 'Server unavailable' }] }, listAnswer([])];
    renderPage((c) => (c.operationName === 'AdminParkFeeSchedules' ? answers.shift() : undefined));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Server unavailable');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No fee schedules yet: add one so tours with park days are priced.')).toBeTruthy();
  });

  it('copies a schedule as next season, a fee changed, and sends dollars as cents and shillings whole', async () => {
    const m = renderPage((c) =>
      c.operationName === 'SaveParkFeeSchedule' ? saved({ ...SAMPLE, id: '2', name: 'x' }) : undefined,
    );
    fireEvent.click(await screen.findByRole('link', { name: `Copy as next season: ${SAMPLE.name}` }));
    await screen.findByRole('heading', { name: `Next season, copied from ${SAMPLE.name}` });
    expect(field('Schedule name').value).toBe('Sample 2027/28: check every fee against the parks’ published tariffs');
    expect([field('Valid from').value, field('Valid to').value]).toEqual(['2027-07-01', '2028-06-30']);
    expect(screen.getByTestId('sample-note').textContent).toContain('These are sample values');
    expect([amountOf(0).value, amountOf(1).value]).toEqual(['70.00', '10000']);
    type(field('Schedule name'), '2027/28');
    type(amountOf(0), '82.60');
    type(amountOf(1), '11,800');
    expect(screen.queryByTestId('sample-note')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save schedule' }));
    await waitFor(() => expect(m.saves()).toHaveLength(1));
    const input = m.saves()[0]!.variables.input as Record<string, unknown>;
    expect(input.id).toBeUndefined();
    expect(input).toMatchObject({ name: '2027/28', validFrom: '2027-07-01', validTo: '2028-06-30', vatPercent: 18 });
    expect((input.areas as { fees: unknown[] }[])[0]!.fees).toEqual([
      { kind: 'ENTRY_PEAK', residency: 'NON_RESIDENT', ageBand: 'ADULT', amount: 8260, currency: 'USD' },
      { kind: 'ENTRY_PEAK', residency: 'EAST_AFRICAN_CITIZEN', ageBand: 'ADULT', amount: 11800, currency: 'TZS' },
    ]);
    expect(await screen.findByText('Saved the schedule x.')).toBeTruthy();
  });

  it('moves focus to the editor it opens: Edit, Copy as next season and Add a schedule', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('link', { name: 'Edit 2025/26' }));
    const edit = await screen.findByRole('heading', { name: 'Edit 2025/26' });
    await waitFor(() => expect(document.activeElement).toBe(edit));
    fireEvent.click(screen.getByRole('link', { name: `Copy as next season: ${SAMPLE.name}` }));
    const copy = await screen.findByRole('heading', { name: `Next season, copied from ${SAMPLE.name}` });
    await waitFor(() => expect(document.activeElement).toBe(copy));
    fireEvent.click(screen.getByRole('link', { name: 'Add a schedule' }));
    const added = await screen.findByRole('heading', { name: 'New fee schedule' });
    await waitFor(() => expect(document.activeElement).toBe(added));
  });

  it('adds and removes peak season ranges, sent in order', async () => {
    const m = renderPage((c) => (c.operationName === 'SaveParkFeeSchedule' ? saved(SAMPLE) : undefined));
    fireEvent.click(await screen.findByRole('link', { name: 'Edit 2025/26' }));
    await screen.findByRole('heading', { name: 'Edit 2025/26' });
    const add = screen.getByRole('button', { name: 'Add a peak season range' });
    fireEvent.click(add);
    fireEvent.click(add);
    const season = (i: number) => within(screen.getAllByTestId('season-row')[i]!);
    expect(screen.getAllByTestId('season-row').map((r) => r.querySelector('legend')!.textContent)).toEqual([
      'Peak season 1',
      'Peak season 2',
      'Peak season 3',
    ]);
    type(season(1).getByLabelText('From (MM-DD)'), '12-15');
    type(season(1).getByLabelText('To (MM-DD)'), '01-05');
    type(season(2).getByLabelText('From (MM-DD)'), '07-01');
    type(season(2).getByLabelText('To (MM-DD)'), '08-31');
    fireEvent.click(screen.getByRole('button', { name: 'Remove peak season 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save schedule' }));
    await waitFor(() => expect(m.saves()).toHaveLength(1));
    expect((m.saves()[0]!.variables.input as { id: string; peakSeasons: unknown }).peakSeasons).toEqual([
      { from: '12-15', to: '01-05' },
      { from: '07-01', to: '08-31' },
    ]);
    expect((m.saves()[0]!.variables.input as { id: string }).id).toBe('0');
  });

  it('shows each problem next to its field and sends nothing until they are fixed', async () => {
    const m = renderPage();
    fireEvent.click(await screen.findByRole('link', { name: 'Edit 2025/26' }));
    await screen.findByRole('heading', { name: 'Edit 2025/26' });
    type(field('Schedule name'), ' ');
    type(field('Valid to'), '2025-06-30');
    fireEvent.click(screen.getByRole('button', { name: 'Add a peak season range' }));
    type(within(screen.getAllByTestId('season-row')[1]!).getByLabelText('From (MM-DD)'), '6-1');
    type(amountOf(0), '70.505');
    fireEvent.click(screen.getByRole('button', { name: 'Save schedule' }));
    expect(screen.getByTestId('schedule-errors').textContent).toBe(
      'The schedule was not saved: 4 fields need attention (marked below).',
    );
    const describedBy = (el: HTMLElement) =>
      el
        .getAttribute('aria-describedby')!
        .split(' ')
        .map((id) => document.getElementById(id)!.textContent)
        .join(' | ');
    expect(field('Schedule name').getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(field('Schedule name'))).toContain('Please give the schedule a name');
    expect(describedBy(field('Valid to'))).toBe('The last day must not be before the first day');
    const from = within(screen.getAllByTestId('season-row')[1]!).getByLabelText('From (MM-DD)');
    expect(describedBy(from)).toBe('A season runs from a month and day to a month and day (MM-DD)');
    expect(describedBy(amountOf(0))).toBe('Enter the fee in US dollars, e.g. 70 or 70.50');
    await waitFor(() => expect(document.activeElement).toBe(field('Schedule name')));
    expect(m.saves()).toHaveLength(0);
  });

  it('puts the server’s field problems next to the fields, and says why else a save failed', async () => {
    const answers: MockResult[] = [
      {
        errors: [
          {
            message: 'VAT must be between 0 and 100%\nA fee is a whole number',
            extensions: {
              code: 'BAD_USER_INPUT',
              fields: [
                { field: 'vatPercent', message: 'VAT must be between 0 and 100%' },
                {
                  field: 'areas.0.entry.peak.EAST_AFRICAN_CITIZEN.ADULT',
                  message: 'A fee is a whole number of cents (USD) or shillings (TZS), 0 or more',
                },
              ],
            },
          },
        ],
      },
      {
        errors: [
          {
            message: "The schedule '2025/26' already starts on 2025-07-01: edit that one",
            extensions: { code: 'CONFLICT' },
          },
        ],
      },
    ];
    renderPage((c) => (c.operationName === 'SaveParkFeeSchedule' ? answers.shift() : undefined));
    fireEvent.click(await screen.findByRole('link', { name: 'Edit 2025/26' }));
    await screen.findByRole('heading', { name: 'Edit 2025/26' });
    fireEvent.click(screen.getByRole('button', { name: 'Save schedule' }));
    await waitFor(() =>
      expect(screen.getByTestId('schedule-errors').textContent).toBe(
        'The schedule was not saved: 2 fields need attention (marked below).',
      ),
    );
    expect(field('VAT (%)').getAttribute('aria-invalid')).toBe('true');
    expect(amountOf(1).getAttribute('aria-invalid')).toBe('true');
    expect(within(feeRows()[1]!).getByText(/A fee is a whole number/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save schedule' }));
    await waitFor(() =>
      expect(screen.getByTestId('schedule-errors').textContent).toBe(
        "The schedule '2025/26' already starts on 2025-07-01: edit that one",
      ),
    );
    expect(field('VAT (%)').getAttribute('aria-invalid')).toBeNull();
  });
});
