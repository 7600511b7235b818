import { describe, expect, it } from 'vitest';
import { checkTourImageFiles, imageKindOf, TOUR_IMAGE_RULES, imageSrcSet } from './tour-images.js';

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('checkTourImageFiles', () => {
  it('accepts JPEG, PNG, WebP, GIF and AVIF images up to 10 MB', () => {
    const ok = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'].map((t, i) =>
      file(`a${i}`, t, TOUR_IMAGE_RULES.maxBytes),
    );
    expect(checkTourImageFiles(ok)).toEqual([]);
  });
  it('refuses other types and larger files, naming the file', () => {
    expect(
      checkTourImageFiles([
        file('doc.pdf', 'application/pdf'),
        file('big.jpg', 'image/jpeg', TOUR_IMAGE_RULES.maxBytes + 1),
      ]),
    ).toEqual(['doc.pdf: only JPEG, PNG, WebP, GIF or AVIF images', 'big.jpg: an image must be at most 10 MB']);
  });
  it('counts the kept images against the limit of 10 per tour', () => {
    expect(checkTourImageFiles([file('a.png', 'image/png')], 9)).toEqual([]);
    expect(checkTourImageFiles([file('a.png', 'image/png'), file('b.png', 'image/png')], 9)).toEqual([
      'A tour has at most 10 images',
    ]);
  });
});

/** The first bytes of a file, from text with \x escapes, padded to 12 bytes. */
const head = (text: string) => Uint8Array.from(text.padEnd(12, '\0'), (c) => c.charCodeAt(0));

describe('imageKindOf', () => {
  it('reads the image kind from the first bytes', () => {
    expect(imageKindOf(head('\xff\xd8\xff\xe0\0\x10JFIF'))).toBe('jpeg');
    expect(imageKindOf(head('\x89PNG\r\n\x1a\n\0\0\0\r'))).toBe('png');
    expect(imageKindOf(head('GIF89a'))).toBe('gif');
    expect(imageKindOf(head('RIFF\0\0\0\0WEBP'))).toBe('webp');
    expect(imageKindOf(head('\0\0\0\x1cftypavif'))).toBe('avif');
  });
  it('refuses anything else, whatever the file is called: scripts, SVG, HEIC, a truncated header', () => {
    expect(imageKindOf(head('<?php system('))).toBeNull();
    expect(imageKindOf(head('<svg xmlns="'))).toBeNull();
    expect(imageKindOf(head('\0\0\0\x18ftypheic'))).toBeNull();
    expect(imageKindOf(Uint8Array.from([0xff, 0xd8, 0xff]))).toBeNull();
  });
  it('refuses a picked file whose bytes are not an image even when the browser calls it image/png', () => {
    expect(checkTourImageFiles([{ ...file('notes.png', 'image/png'), head: head('hello world!') }])).toEqual([
      'notes.png: only JPEG, PNG, WebP, GIF or AVIF images',
    ]);
    expect(checkTourImageFiles([{ ...file('a.png', 'image/png'), head: head('\x89PNG\r\n\x1a\n') }])).toEqual([]);
  });
});

describe('imageSrcSet', () => {
  it('offers a stored photo with its small copy, by width', () => {
    expect(imageSrcSet('/uploads/tours/4f2a.webp')).toBe(
      '/uploads/tours/4f2a-thumb.webp 480w, /uploads/tours/4f2a.webp 1600w',
    );
    expect(imageSrcSet('https://cdn.example/uploads/tours/4f2a.webp')).toBe(
      'https://cdn.example/uploads/tours/4f2a-thumb.webp 480w, https://cdn.example/uploads/tours/4f2a.webp 1600w',
    );
  });
  it("offers the demo tours' images and the home page's art the same way", () => {
    expect(imageSrcSet('/uploads/demo/kilimanjaro-dawn.webp')).toBe(
      '/uploads/demo/kilimanjaro-dawn-thumb.webp 480w, /uploads/demo/kilimanjaro-dawn.webp 1600w',
    );
    expect(imageSrcSet('/art/zanzibar-dhow.webp')).toBe(
      '/art/zanzibar-dhow-thumb.webp 480w, /art/zanzibar-dhow.webp 1600w',
    );
  });
  it('has none for pictures that exist in one size (older demo SVGs, thumbnails, other folders, external files)', () => {
    for (const url of [
      '/uploads/demo/kilimanjaro-dawn.svg',
      '/uploads/tours/4f2a-thumb.webp',
      '/uploads/profiles/1.webp',
      '/art/zanzibar-dhow-thumb.webp',
      'https://x.example/art/a.webp',
      'https://x.example/a.jpg',
      '/placeholder-tour.svg',
    ]) {
      expect(imageSrcSet(url)).toBeNull();
    }
  });
});
