import { CardGrid } from '../../../ui/card-grid';

export interface GameCard {
  readonly id: number;
  readonly name: string;
  readonly image: string;
  readonly href: string;
}

/** The sport and game cards of the landing and home pages (SPEC §2). */
export function GameCards({ cards }: { cards: readonly GameCard[] }) {
  return <CardGrid cards={cards.map((card) => ({ ...card, key: String(card.id) }))} />;
}
