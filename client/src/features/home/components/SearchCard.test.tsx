import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { localIsoDate } from '@tembea/schema';
import { SearchCard } from './SearchCard';
import { searchHref } from '../lib/search-query';

function Where() {
  const l = useLocation();
  return <p data-testid="where">{l.pathname + l.search}</p>;
}

function renderCard(
  destinations: string[] | null = ['zanzibar', 'serengeti'],
  travelTypes: string[] | null = ['Safari', 'Beach sands'],
) {
  return render(
    <MemoryRouter>
      <Routes>
        <Route path="/" element={<SearchCard destinations={destinations} travelTypes={travelTypes} />} />
        <Route path="/tourfilter" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('SearchCard', () => {
  afterEach(cleanup);

  it('keeps both selects disabled until the options have loaded', () => {
    renderCard(null, null);
    expect((screen.getByLabelText('Destination') as HTMLSelectElement).disabled).toBe(true);
    expect((screen.getByLabelText('Travel Type') as HTMLSelectElement).disabled).toBe(true);
    expect(screen.getByRole('option', { name: 'All Destinations' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'All Travel Types' })).toBeTruthy();
  });

  it('sends only the non-empty fields to /tourfilter', () => {
    renderCard();
    fireEvent.change(screen.getByLabelText('Travel Type'), { target: { value: 'Safari' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find Tours' }));
    expect(screen.getByTestId('where').textContent).toBe('/tourfilter?travelType=Safari');
  });

  it('sends every field when all are filled', () => {
    renderCard();
    fireEvent.change(screen.getByLabelText('Destination'), { target: { value: 'zanzibar' } });
    fireEvent.change(screen.getByLabelText('Travel Type'), { target: { value: 'Beach sands' } });
    fireEvent.change(screen.getByLabelText('Departure Date'), { target: { value: '2099-01-10' } });
    fireEvent.change(screen.getByLabelText('Return Date'), { target: { value: '2099-01-15' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find Tours' }));
    expect(screen.getByTestId('where').textContent).toBe(
      '/tourfilter?destination=zanzibar&travelType=Beach+sands&departureTime=2099-01-10&returnTime=2099-01-15',
    );
  });

  it('an empty search goes to /tourfilter without a query string', () => {
    expect(searchHref({ destination: '', travelType: ' ', departureTime: '', returnTime: '' })).toBe('/tourfilter');
  });

  it('limits departure to today onwards and return to the chosen departure', () => {
    renderCard();
    const today = localIsoDate();
    const dep = screen.getByLabelText('Departure Date') as HTMLInputElement;
    const ret = screen.getByLabelText('Return Date') as HTMLInputElement;
    expect(dep.min).toBe(today);
    expect(ret.min).toBe(today);
    fireEvent.change(dep, { target: { value: '2099-03-01' } });
    expect(ret.min).toBe('2099-03-01');
  });
});
