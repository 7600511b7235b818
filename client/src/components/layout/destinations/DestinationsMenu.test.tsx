import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DestinationsMenu } from './DestinationsMenu';
import { destinationDetail, ZONES } from './destinations-data';
import { headingInto } from './hover-intent';

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

  it('opens with ArrowDown on the first destination, and a trigger click closes a pinned popup', () => {
    render(<DestinationsMenu />);
    const trigger = screen.getByRole('button', { name: /Destinations/ });
    fireEvent.keyDown(trigger, { key: 'ArrowDown' });
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Mwanza' }));
    fireEvent.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes when focus moves elsewhere on the page or a click lands outside, not when a guide replaces the focused button', () => {
    render(
      <>
        <DestinationsMenu />
        <button type="button">About</button>
      </>,
    );
    const trigger = screen.getByRole('button', { name: /Destinations/ });
    fireEvent.click(trigger);
    const zanzibar = screen.getByRole('button', { name: 'Zanzibar' });
    zanzibar.focus();
    fireEvent.click(zanzibar);
    expect(screen.getByRole('heading', { name: 'Zanzibar' })).toBeTruthy();
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    act(() => screen.getByRole('button', { name: 'About' }).focus());
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(trigger);
    fireEvent.click(document.body);
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
  });

  it('keeps a hover popup open while the pointer heads from the trigger into it', () => {
    const panel = { left: 284, right: 1044, top: 50, bottom: 380 };
    // Left the trigger by its left side near the top, heading for the far-left column.
    const exit = { x: 597, y: 15 };
    const target = { x: 388, y: 115 };
    for (let i = 1; i < 10; i++) {
      const p = { x: exit.x + ((target.x - exit.x) * i) / 10, y: exit.y + ((target.y - exit.y) * i) / 10 };
      if (p.y < panel.top) expect(headingInto(p, exit, panel), `${p.x},${p.y}`).toBe(true);
    }
    // Away from the popup: up, or sideways along the bar.
    expect(headingInto({ x: 560, y: 2 }, exit, panel)).toBe(false);
    expect(headingInto({ x: 450, y: 15 }, exit, panel)).toBe(false);
    // Leaving the popup itself (through a side) is never on the way in.
    expect(headingInto({ x: 1050, y: 200 }, { x: 1044, y: 200 }, panel)).toBe(false);
  });
});
