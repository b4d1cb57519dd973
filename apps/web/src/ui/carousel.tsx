import { useDataSaver } from '../lib/data-saver';
import { autoplayCarousel } from './carousel-autoplay';
import styles from './carousel.module.css';

/** The strip's autoplay while it is mounted: React calls the stop it answers when it unmounts. */
const autoplay = (strip: HTMLDivElement | null) => (strip ? autoplayCarousel(strip) : undefined);

export interface Slide {
  readonly src: string;
  readonly alt: string;
}

/**
 * The home and landing slider (docs/product.md#screens): a CSS scroll-snap strip the bettor can swipe, moved on
 * to the next slide every 3 s (`autoplayCarousel`, which the landing page's script runs on the
 * same markup). No library: the browser does the snapping, the autoplay only scrolls. The data
 * saver leaves it out, banners and all.
 *
 * docs/accessibility.md: the strip is a named region in the Tab order, so the arrow keys scroll
 * it too; it holds still while the pointer or the focus is on it, and never moves by itself for
 * a bettor who asked for reduced motion.
 */
export function Carousel({ slides }: { slides: readonly Slide[] }) {
  const dataSaver = useDataSaver();
  if (dataSaver) return null;
  return (
    <div
      className={styles.viewport}
      ref={autoplay}
      role="region"
      aria-roledescription="carousel"
      aria-label="Highlights"
      tabIndex={0}
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
