import { describe, expect, it } from 'vitest';
import { altTextFor, imageProblem, MAX_IMAGE_BYTES } from './images';

describe('images', () => {
  it('takes PNG, JPEG, GIF and WebP up to 10 MB', () => {
    expect(imageProblem({ type: 'image/png', size: 10 })).toBeNull();
    expect(imageProblem({ type: 'image/webp', size: MAX_IMAGE_BYTES })).toBeNull();
    expect(imageProblem({ type: 'image/svg+xml', size: 10 })).toBe('Images must be PNG, JPEG, GIF or WebP');
    expect(imageProblem({ type: 'image/jpeg', size: MAX_IMAGE_BYTES + 1 })).toBe('Images can be at most 10 MB');
  });

  it('makes alt text from the file name', () => {
    expect(altTextFor('sunrise_over-the_sea.final.jpg')).toBe('sunrise over the sea.final');
    expect(altTextFor('noext')).toBe('noext');
  });
});
