import type { GameCard } from '../../features/home/components/game-cards';
import type { Slide } from '../../ui/carousel';
import { paths } from '../paths';

export const SLIDES: readonly Slide[] = [
  { src: '/banners/banner-cricket.svg', alt: 'Live cricket: back and lay every ball' },
  { src: '/banners/banner-soccer.svg', alt: 'Football nights: in-play odds, updated live' },
  { src: '/banners/banner-matka.svg', alt: 'Matka: pick your number, 00 to 99' },
];

/** docs/product.md#screens /home: sport ids 4, 1, 2, the casino card's 5, and matka. */
export const HOME_CARDS: readonly GameCard[] = [
  { id: 4, name: 'Cricket', image: '/cards/cricket.svg', href: paths.match.href(4) },
  { id: 1, name: 'Soccer', image: '/cards/soccer.svg', href: paths.match.href(1) },
  { id: 2, name: 'Tennis', image: '/cards/tennis.svg', href: paths.match.href(2) },
  { id: 5, name: 'Casino', image: '/cards/casino.svg', href: paths.casinoList.href() },
  { id: 6, name: 'Matka', image: '/cards/matka.svg', href: paths.matkaMarket.href() },
];

/** docs/product.md#screens landing: cricket, soccer, tennis, casino; a visitor is asked to log in first. */
export const LANDING_CARDS: readonly GameCard[] = HOME_CARDS.filter((card) => card.id !== 6).map(
  (card) => ({
    ...card,
    href: paths.login.href(),
  }),
);
