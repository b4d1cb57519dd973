import { GameCards } from '../../features/home/components/game-cards';
import { PublicNewsMarquee } from '../../features/news/components/news-ticker';
import { PageFooter } from '../../features/site/components/page-footer';
import { Carousel } from '../../ui/carousel';
import { PublicHeader } from '../layout/public-header';
import { LANDING_CARDS, SLIDES } from './cards';
import styles from './pages.module.css';

/**
 * `/`: header, Login button, news marquee with the first message, slider, four cards (docs/product.md#screens),
 * and the page footer (docs/product.md#purpose).
 */
export function LandingPage() {
  return (
    <div className={styles.public}>
      <PublicHeader />
      <PublicNewsMarquee />
      <main className={styles.publicContent}>
        <Carousel slides={SLIDES} />
        <GameCards cards={LANDING_CARDS} />
      </main>
      <PageFooter />
    </div>
  );
}
