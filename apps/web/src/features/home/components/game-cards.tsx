import { CardGrid } from '../../../ui/card-grid';

export interface GameCard {
  readonly id: number;
  readonly name: string;
  readonly image: string;
  readonly href: string;
}

/** The sport and game cards of the landing and home pages (docs/product.md#screens). */
export function GameCards({ cards }: { cards: readonly GameCard[] }) {
  return <CardGrid cards={cards.map((card) => ({ ...card, key: String(card.id) }))} />;
}
