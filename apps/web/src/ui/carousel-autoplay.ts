import { prefersReducedMotion } from './motion';

/** docs/product.md#constants: the carousel advances every 3 s. */
export const CAROUSEL_AUTOPLAY_MS = 3000;

/** The slide after the one in view, back to the first after the last (the carousel loops). */
export function nextSlideLeft(scrollLeft: number, slideWidth: number, count: number): number {
  if (slideWidth <= 0 || count === 0) return 0;
  const current = Math.round(scrollLeft / slideWidth);
  return ((current + 1) % count) * slideWidth;
}

/**
 * Moves the slider's strip (its slides its children, one to a width) on to the next slide every
 * 3 s (docs/product.md#constants), from the last back to the first; answers what stops it.
 * docs/accessibility.md: it holds still while the pointer or the focus is on the strip, and never
 * moves by itself for a bettor who asked for reduced motion. React-free: the React `Carousel` and
 * the landing page's script (app/landing-page.ts) both run it on the same markup.
 */
export function autoplayCarousel(strip: HTMLElement): () => void {
  if (prefersReducedMotion()) return () => {};
  let isHeld = false;
  const hold = (isHolding: boolean) => () => {
    isHeld = isHolding;
  };
  const holds = [
    ['pointerenter', hold(true)],
    ['pointerleave', hold(false)],
    ['focusin', hold(true)],
    ['focusout', hold(false)],
  ] as const;
  for (const [type, listener] of holds) strip.addEventListener(type, listener);
  const timer = setInterval(() => {
    if (isHeld) return;
    const left = nextSlideLeft(strip.scrollLeft, strip.clientWidth, strip.children.length);
    strip.scrollTo({ left, behavior: 'smooth' });
  }, CAROUSEL_AUTOPLAY_MS);
  return () => {
    clearInterval(timer);
    for (const [type, listener] of holds) strip.removeEventListener(type, listener);
  };
}
