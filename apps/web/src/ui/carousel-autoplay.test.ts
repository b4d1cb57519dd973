import { describe, expect, it } from 'vitest';
import { nextSlideLeft } from './carousel-autoplay';

describe('nextSlideLeft', () => {
  it('moves one slide on, and from the last back to the first', () => {
    expect(nextSlideLeft(0, 300, 3)).toBe(300);
    expect(nextSlideLeft(300, 300, 3)).toBe(600);
    expect(nextSlideLeft(600, 300, 3)).toBe(0);
  });

  it('counts a slide half swiped as the one nearest', () => {
    expect(nextSlideLeft(320, 300, 3)).toBe(600);
    expect(nextSlideLeft(280, 300, 3)).toBe(600);
  });

  it('stays put with no width or no slides', () => {
    expect(nextSlideLeft(0, 0, 3)).toBe(0);
    expect(nextSlideLeft(0, 300, 0)).toBe(0);
  });
});
