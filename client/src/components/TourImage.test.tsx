import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TourImage } from './TourImage';

const srcOf = (tour: Parameters<typeof TourImage>[0]['tour']) => {
  render(<TourImage tour={tour} alt="Tour" />);
  const src = screen.getByRole('img').getAttribute('src');
  cleanup();
  return src;
};

describe('TourImage', () => {
  afterEach(cleanup);

  it('resolves bg first, then the first image, keeping absolute URLs and placing paths under /uploads of the same site', () => {
    expect(srcOf({ bg: 'https://cdn.example.com/a.jpg', images: ['/uploads/b.jpg'] })).toBe(
      'https://cdn.example.com/a.jpg',
    );
    expect(srcOf({ bg: null, images: ['/uploads/tours/b.jpg', 'c.jpg'] })).toBe('/uploads/tours/b.jpg');
    expect(srcOf({ images: ['uploads/tours/b.jpg'] })).toBe('/uploads/tours/b.jpg');
    expect(srcOf({ images: ['b.jpg'] })).toBe('/uploads/b.jpg');
    expect(srcOf({ bg: '  ', images: ['', 'HTTP://x.example/y.png'] })).toBe('HTTP://x.example/y.png');
  });

  it('offers a stored photo in two widths for the slot, keeps its 8:5 place, and fetches a priority image first', () => {
    render(<TourImage tour={{ images: ['/uploads/tours/ab12.webp'] }} alt="Tour" sizes="50vw" priority />);
    const img = screen.getByRole('img');
    expect(img.getAttribute('srcset')).toBe('/uploads/tours/ab12-thumb.webp 480w, /uploads/tours/ab12.webp 1600w');
    expect(img.getAttribute('sizes')).toBe('50vw');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['800', '500']);
    expect(img.getAttribute('fetchpriority')).toBe('high');
    expect(img.getAttribute('loading')).toBe('eager');
    cleanup();

    render(<TourImage tour={{ images: ['/uploads/demo/kilimanjaro-dawn.svg'] }} alt="Tour" />);
    const art = screen.getByRole('img');
    expect(art.getAttribute('srcset')).toBeNull();
    expect(art.getAttribute('fetchpriority')).toBeNull();
    expect(art.getAttribute('loading')).toBe('lazy');
  });

  it("shows 'No Image' when the tour has no image at all", () => {
    render(<TourImage tour={{ title: 'Tarangire', images: [] }} />);
    expect(screen.getByTestId('tour-image-fallback').textContent).toBe('No Image');
    expect(screen.getByRole('img', { name: 'Tarangire' })).toBeTruthy();
  });

  it("falls back to 'Image Not Found' when the image fails to load", () => {
    render(<TourImage tour={{ title: 'Zanzibar', images: ['/uploads/missing.jpg'] }} alt="Zanzibar" />);
    fireEvent.error(screen.getByRole('img', { name: 'Zanzibar' }));
    expect(screen.getByTestId('tour-image-fallback').textContent).toBe('Image Not Found');
    expect(screen.getByRole('img', { name: 'Zanzibar' }).tagName).toBe('DIV');
  });

  it('keeps a decorative fallback (alt="") out of the accessibility tree rather than an unnamed image', () => {
    render(<TourImage tour={{ images: null }} alt="" />);
    const fallback = screen.getByTestId('tour-image-fallback');
    expect(fallback.getAttribute('aria-hidden')).toBe('true');
    expect(fallback.getAttribute('role')).toBeNull();
    expect(fallback.textContent).toBe('No Image');
  });
});
