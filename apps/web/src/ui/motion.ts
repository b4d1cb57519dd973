/** The media query of a bettor who asked their system for less motion. */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/**
 * Whether the bettor asked for reduced motion (docs/accessibility.md): what moves by itself —
 * the carousel's autoplay — stays still. CSS animations obey the same query in app/theme.css.
 */
export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION_QUERY).matches;
}
