import { useEffect, useRef } from 'react';
import { useDataSaver } from '../lib/data-saver';
import { prefersReducedMotion } from './motion';
import styles from './carousel.module.css';

/** docs/product.md#constants: the carousel advances every 3 s. */
export const CAROUSEL_AUTOPLAY_MS = 3000;

export interface Slide {
  readonly src: string;
  readonly alt: string;
}

/** The slide after the one in view, back to the first after the last (the carousel loops). */
export function nextSlideLeft(scrollLeft: number, slideWidth: number, count: number): number {
  if (slideWidth <= 0 || count === 0) return 0;
  const current = Math.round(scrollLeft / slideWidth);
  return ((current + 1) % count) * slideWidth;
}

/**
 * The home and landing slider (docs/product.md#screens): a CSS scroll-snap strip the bettor can swipe, moved on
 * to the next slide every 3 s (docs/product.md#constants), from the last back to the first. No library: the
 * browser does the snapping, this only scrolls. The data saver leaves it out, banners and all.
 *
 * docs/accessibility.md: the strip is a named region in the Tab order, so the arrow keys scroll
 * it too; it holds still while the pointer or the focus is on it, and never moves by itself for
 * a bettor who asked for reduced motion.
 */
export function Carousel({ slides }: { slides: readonly Slide[] }) {
  const strip = useRef<HTMLDivElement>(null);
  const isHeld = useRef(false);
  const dataSaver = useDataSaver();
  useEffect(() => {
    if (prefersReducedMotion()) return;
    const timer = setInterval(() => {
      const element = strip.current;
      if (!element || isHeld.current) return;
      const left = nextSlideLeft(element.scrollLeft, element.clientWidth, slides.length);
      element.scrollTo({ left, behavior: 'smooth' });
    }, CAROUSEL_AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [slides.length]);
  if (dataSaver) return null;
  const hold = (isHolding: boolean) => () => {
    isHeld.current = isHolding;
  };
  return (
    <div
      className={styles.viewport}
      ref={strip}
      role="region"
      aria-roledescription="carousel"
      aria-label="Highlights"
      tabIndex={0}
      onPointerEnter={hold(true)}
      onPointerLeave={hold(false)}
      onFocus={hold(true)}
      onBlur={hold(false)}
    >
      {slides.map((slide, index) => (
        <div
          className={styles.slide}
          key={slide.src}
          role="group"
          aria-roledescription="slide"
          aria-label={`${index + 1} of ${slides.length}`}
        >
          <img
            src={slide.src}
            alt={slide.alt}
            width={1200}
            height={400}
            draggable={false}
            // The first slide is what the page is judged by (LCP); the others wait their turn.
            loading={index === 0 ? 'eager' : 'lazy'}
            fetchPriority={index === 0 ? 'high' : 'auto'}
          />
        </div>
      ))}
    </div>
  );
}
