import { act, fireEvent, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Carousel } from './carousel';
import { CAROUSEL_AUTOPLAY_MS } from './carousel-autoplay';

const SLIDES = [
  { src: '/a.svg', alt: 'A' },
  { src: '/b.svg', alt: 'B' },
  { src: '/c.svg', alt: 'C' },
];

describe('Carousel', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('scrolls to the next slide every 3 s (docs/product.md#constants), not before', () => {
    const { container } = render(<Carousel slides={SLIDES} />);
    const strip = container.querySelector<HTMLElement>('[aria-roledescription="carousel"]')!;
    Object.defineProperty(strip, 'clientWidth', { value: 300 });
    const scrollTo = vi.fn();
    strip.scrollTo = scrollTo as typeof strip.scrollTo;

    act(() => {
      vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS - 1);
    });
    expect(scrollTo).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(scrollTo).toHaveBeenLastCalledWith({ left: 300, behavior: 'smooth' });
  });

  /** The strip, one slide 300 px wide, with its scrolls recorded. */
  function renderStrip() {
    const { container } = render(<Carousel slides={SLIDES} />);
    const strip = container.querySelector<HTMLElement>('[aria-roledescription="carousel"]')!;
    Object.defineProperty(strip, 'clientWidth', { value: 300 });
    const scrollTo = vi.fn();
    strip.scrollTo = scrollTo as typeof strip.scrollTo;
    return { strip, scrollTo };
  }

  it('never moves by itself for a bettor who asked for reduced motion', () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) =>
        ({ matches: query === '(prefers-reduced-motion: reduce)', media: query }) as MediaQueryList,
    );
    const { scrollTo } = renderStrip();
    act(() => {
      vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS * 5);
    });
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('holds still while it has the focus, and moves on again once the focus leaves', () => {
    const { strip, scrollTo } = renderStrip();
    fireEvent.focus(strip);
    act(() => {
      vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS * 3);
    });
    expect(scrollTo).not.toHaveBeenCalled();
    fireEvent.blur(strip);
    act(() => {
      vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS);
    });
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });

  it('holds still while the pointer is on it', () => {
    const { strip, scrollTo } = renderStrip();
    fireEvent.pointerEnter(strip);
    act(() => {
      vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS * 3);
    });
    expect(scrollTo).not.toHaveBeenCalled();
    fireEvent.pointerLeave(strip);
    act(() => {
      vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS);
    });
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });

  it('is a named region in the Tab order, each slide saying where it stands', () => {
    const { getByRole, getAllByRole } = render(<Carousel slides={SLIDES} />);
    expect(getByRole('region', { name: 'Highlights' }).tabIndex).toBe(0);
    expect(getAllByRole('group').map((slide) => slide.getAttribute('aria-label'))).toEqual([
      '1 of 3',
      '2 of 3',
      '3 of 3',
    ]);
  });

  it('shows every slide with its text, the first loaded at once and the others lazily', () => {
    const { getAllByRole } = render(<Carousel slides={SLIDES} />);
    const images = getAllByRole('img');
    expect(images.map((image) => image.getAttribute('alt'))).toEqual(['A', 'B', 'C']);
    expect(images.map((image) => image.getAttribute('loading'))).toEqual(['eager', 'lazy', 'lazy']);
  });
});
