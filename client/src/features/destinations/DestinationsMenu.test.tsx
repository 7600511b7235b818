import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DestinationsMenu } from './DestinationsMenu';
import { destinationDetail, ZONES } from './destinations-data';

describe('DestinationsMenu', () => {
  afterEach(cleanup);

  it('has four zones of five destinations, each with a written guide', () => {
    expect(ZONES.map((z) => z.name)).toEqual(['Lake', 'Coast', 'Eastern', 'Northern']);
    for (const z of ZONES) {
      expect(z.destinations).toHaveLength(5);
      for (const d of z.destinations) expect(destinationDetail(d).description).not.toMatch(/one of the many places/);
    }
  });

  it('gives an unknown destination the generic text', () => {
    const g = destinationDetail('Kondoa');
    expect(g.name).toBe('Kondoa');
    expect(g.description).toMatch(/one of the many places/);
    expect(g.highlights.length).toBeGreaterThan(0);
  });

  it('opens on click, shows a guide, goes Back to Zones and closes on Escape', () => {
    render(<DestinationsMenu />);
    const trigger = screen.getByRole('button', { name: /Destinations/ });
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Zanzibar' }));
    expect(screen.getByRole('heading', { name: 'Zanzibar' })).toBeTruthy();
    expect(screen.getByText('Best time to visit')).toBeTruthy();
    expect(screen.getByText('Famous for')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Back to Zones/ }));
    expect(screen.getByRole('heading', { name: 'Coast Zone' })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('button', { name: 'Zanzibar' }), { key: 'Escape' });
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
  });
});
