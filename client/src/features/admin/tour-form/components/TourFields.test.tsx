import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { newTourForm, type TourFormState } from '../lib/form-values';
import { discountMismatch, TourFields } from './TourFields';

function Harness({ initial }: { initial: Partial<TourFormState> }) {
  const [value, setValue] = useState({ ...newTourForm(), ...initial });
  return <TourFields value={value} onChange={(patch) => setValue((v) => ({ ...v, ...patch }))} invalid={new Set()} />;
}

describe('discountMismatch', () => {
  it('warns when the original price less the discount is not the price', () => {
    expect(discountMismatch('150', '200', '10')).toBe(
      'Filtered lists will show $180.00 (the original price less 10%), while the tour page and bookings use the price, $150.00.',
    );
  });
  it('is quiet when they agree (after rounding), or when there is no discount or original price', () => {
    expect(discountMismatch('180', '200', '10')).toBeNull();
    expect(discountMismatch('179.6', '200', '10')).toBeNull();
    expect(discountMismatch('150', '200', '0')).toBeNull();
    expect(discountMismatch('150', '0', '10')).toBeNull();
    expect(discountMismatch('150', '', '10')).toBeNull();
    expect(discountMismatch('150', '200', '')).toBeNull();
    expect(discountMismatch('', '200', '10')).toBeNull();
  });
});

describe('TourFields', () => {
  it('shows the mismatch under the discount, read with it, and drops it once the price agrees', () => {
    render(<Harness initial={{ price: '150', originalPrice: '200', discount: '10' }} />);
    const discount = screen.getByLabelText('Discount (%)');
    const hint = document.getElementById(discount.getAttribute('aria-describedby')!)!;
    expect(hint.textContent).toContain('Filtered lists will show $180.00');
    fireEvent.change(screen.getByLabelText(/^Price \(USD\)/), { target: { value: '180' } });
    expect(discount.getAttribute('aria-describedby')).toBeNull();
  });
});
