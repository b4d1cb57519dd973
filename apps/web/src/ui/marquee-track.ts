import styles from './marquee.module.css';

/** How long one pass of a marquee's line takes, in seconds: 15 at least, longer for a long line. */
export const marqueeSeconds = (items: readonly string[]): number =>
  Math.max(15, items.join(' ').length / 6);

/**
 * Shows `items` in a moving marquee bar rendered with none (the landing page's prerender): the
 * track `Marquee` renders, its classes and its pace, so the landing page needs no React for it
 * (app/landing-page.ts). Reduced motion is the stylesheet's, as for `Marquee`.
 */
export function showMarqueeItems(bar: Element, items: readonly string[]): void {
  const viewport = bar.querySelector(`.${styles.viewport}`);
  if (!viewport) return;
  if (items.length === 0) {
    viewport.replaceChildren();
    return;
  }
  const track = document.createElement('div');
  track.className = styles.track ?? '';
  track.style.animationDuration = `${marqueeSeconds(items)}s`;
  for (const text of items) {
    const item = document.createElement('span');
    item.className = styles.item ?? '';
    item.textContent = text;
    track.append(item);
  }
  viewport.replaceChildren(track);
}
