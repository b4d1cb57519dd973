import { GameCards } from '../../features/home/components/game-cards';
import { Carousel } from '../../ui/carousel';
import { HOME_CARDS, SLIDES } from './cards';

/** `/home`: the carousel (autoplay every 3 s) and five cards (SPEC §2). */
export function HomePage() {
  return (
    <>
      <Carousel slides={SLIDES} />
      <GameCards cards={HOME_CARDS} />
    </>
  );
}
