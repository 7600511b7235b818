import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { TourCard } from './TourCard';

const tour = {
  __typename: 'Tour' as const,
  id: '7',
  title: 'Ngorongoro Crater Day',
  description: 'Into the crater.',
  price: 320,
  priceText: null,
  bookingType: 'group',
  tiers: ['Standard'],
  originalPrice: 320,
  discount: 0,
  images: ['/uploads/demo/ngorongoro-crater.svg'],
  bg: null,
  rating: 0,
  numRatings: 0,
  status: 'active',
};

describe('TourCard', () => {
  it('shows $ price, title, description, default rating and review fallback, and links to the tour', () => {
    render(
      <MemoryRouter>
        <TourCard tour={tour} />
      </MemoryRouter>,
    );
    expect(screen.getByText('$320.00')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Ngorongoro Crater Day' })).toBeTruthy();
    expect(screen.getByText('Into the crater.')).toBeTruthy();
    expect(screen.getByText('4.5')).toBeTruthy();
    expect(screen.getByText('(25+)')).toBeTruthy();
    expect(screen.getByRole('link').getAttribute('href')).toBe('/tour/7');
  });
});
