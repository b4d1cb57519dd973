import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import styles from './carousel.module.css';

/** SPEC §9: the carousel advances every 3 s. */
export const CAROUSEL_AUTOPLAY_MS = 3000;

export interface Slide {
  readonly src: string;
  readonly alt: string;
}

export function Carousel({ slides }: { slides: readonly Slide[] }) {
  const [viewport] = useEmblaCarousel({ loop: true }, [
    Autoplay({ delay: CAROUSEL_AUTOPLAY_MS, stopOnInteraction: false }),
  ]);
  return (
    <div className={styles.viewport} ref={viewport} aria-roledescription="carousel">
      <div className={styles.container}>
        {slides.map((slide) => (
          <div className={styles.slide} key={slide.src} aria-roledescription="slide">
            <img src={slide.src} alt={slide.alt} draggable={false} />
          </div>
        ))}
      </div>
    </div>
  );
}
