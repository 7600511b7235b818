import { cleanup, act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HeroSlideshow } from './HeroSlideshow';
import { HERO_SLIDES, SLIDE_INTERVAL_MS } from './slides';

function activeEyebrow(): string {
  const active = screen.getAllByTestId('hero-slide').find((s) => s.getAttribute('aria-hidden') === 'false');
  return active?.querySelector('.hero-slide__eyebrow')?.textContent ?? '';
}

function mockReducedMotion(reduce: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
    onchange: null,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
}

const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

describe('HeroSlideshow', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    mockReducedMotion(false);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('has the three slides: Kilimanjaro, Serengeti migration, Zanzibar, each with the Explore Now link to /tours', () => {
    render(
      <MemoryRouter>
        <HeroSlideshow />
      </MemoryRouter>,
    );
    expect(HERO_SLIDES.map((s) => s.eyebrow)).toEqual(['Kilimanjaro', 'Serengeti Migration', 'Zanzibar']);
    expect(screen.getAllByTestId('hero-slide')).toHaveLength(3);
    expect(screen.getAllByText('Explore Now').every((a) => a.getAttribute('href') === '/tours')).toBe(true);
  });

  it('advances every 4000 ms in order and wraps to the first', () => {
    render(
      <MemoryRouter>
        <HeroSlideshow />
      </MemoryRouter>,
    );
    expect(activeEyebrow()).toBe('Kilimanjaro');
    advance(SLIDE_INTERVAL_MS - 1);
    expect(activeEyebrow()).toBe('Kilimanjaro');
    advance(1);
    expect(activeEyebrow()).toBe('Serengeti Migration');
    advance(SLIDE_INTERVAL_MS);
    expect(activeEyebrow()).toBe('Zanzibar');
    advance(SLIDE_INTERVAL_MS);
    expect(activeEyebrow()).toBe('Kilimanjaro');
  });

  it('stops with the pause button and goes on with play', () => {
    render(
      <MemoryRouter>
        <HeroSlideshow />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }));
    advance(SLIDE_INTERVAL_MS * 3);
    expect(activeEyebrow()).toBe('Kilimanjaro');
    fireEvent.click(screen.getByRole('button', { name: 'Play slideshow' }));
    advance(SLIDE_INTERVAL_MS);
    expect(activeEyebrow()).toBe('Serengeti Migration');
  });

  it('pauses while hovered and while keyboard focus is inside the slides', () => {
    render(
      <MemoryRouter>
        <HeroSlideshow />
      </MemoryRouter>,
    );
    const carousel = screen.getByRole('region', { name: 'Highlights' });
    fireEvent.mouseEnter(carousel);
    advance(SLIDE_INTERVAL_MS * 2);
    expect(activeEyebrow()).toBe('Kilimanjaro');
    fireEvent.mouseLeave(carousel);
    advance(SLIDE_INTERVAL_MS);
    expect(activeEyebrow()).toBe('Serengeti Migration');
    fireEvent.focus(screen.getByRole('button', { name: 'Show slide 3: Zanzibar' }));
    advance(SLIDE_INTERVAL_MS * 2);
    expect(activeEyebrow()).toBe('Serengeti Migration');
  });

  it('a dot shows its slide', () => {
    render(
      <MemoryRouter>
        <HeroSlideshow />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show slide 3: Zanzibar' }));
    expect(activeEyebrow()).toBe('Zanzibar');
  });

  it('starts paused when the visitor prefers reduced motion', () => {
    mockReducedMotion(true);
    render(
      <MemoryRouter>
        <HeroSlideshow />
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: 'Play slideshow' })).toBeTruthy();
    advance(SLIDE_INTERVAL_MS * 2);
    expect(activeEyebrow()).toBe('Kilimanjaro');
  });
});
