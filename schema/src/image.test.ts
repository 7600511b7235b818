import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_IMAGE, apiHost, resolveTourImage } from './image.js';

const API = 'https://api.tembea.example/api';

describe('resolveTourImage', () => {
  it('prefers bg over the images', () => {
    expect(resolveTourImage({ bg: 'https://cdn.example/bg.jpg', images: ['/uploads/a.jpg'] }, API)).toBe(
      'https://cdn.example/bg.jpg',
    );
  });
  it('uses the first image when there is no bg', () => {
    expect(resolveTourImage({ bg: '  ', images: ['', '/uploads/a.jpg', '/uploads/b.jpg'] }, API)).toBe(
      'https://api.tembea.example/uploads/a.jpg',
    );
  });
  it('keeps absolute http(s) URLs as they are', () => {
    expect(resolveTourImage({ images: ['http://x.example/p.png'] }, API)).toBe('http://x.example/p.png');
    expect(resolveTourImage({ images: ['HTTPS://x.example/p.png'] }, API)).toBe('HTTPS://x.example/p.png');
  });
  it('prefixes /uploads/ and uploads/ paths with the API host (the base without /api)', () => {
    expect(resolveTourImage({ images: ['/uploads/t/1.jpg'] }, API)).toBe('https://api.tembea.example/uploads/t/1.jpg');
    expect(resolveTourImage({ images: ['uploads/t/1.jpg'] }, API)).toBe('https://api.tembea.example/uploads/t/1.jpg');
    expect(resolveTourImage({ images: ['/uploads/x.jpg'] })).toBe('/uploads/x.jpg');
  });
  it('places other paths under /uploads', () => {
    expect(resolveTourImage({ images: ['tours/1.jpg'] }, API)).toBe('https://api.tembea.example/uploads/tours/1.jpg');
    expect(resolveTourImage({ images: ['/img/1.jpg'] }, API)).toBe('https://api.tembea.example/uploads/img/1.jpg');
  });
  it('uses the placeholder without any image', () => {
    expect(resolveTourImage({})).toBe(PLACEHOLDER_IMAGE);
    expect(resolveTourImage({ bg: null, images: [] })).toBe(PLACEHOLDER_IMAGE);
  });
  it('strips only a trailing /api segment from the API base', () => {
    expect(apiHost('https://h.example/api/')).toBe('https://h.example');
    expect(apiHost('https://api.example')).toBe('https://api.example');
  });
});
