import { Link } from 'react-router';
import styles from './game-cards.module.css';

export interface GameCard {
  readonly id: number;
  readonly name: string;
  readonly image: string;
  readonly href: string;
}

/** The sport and game cards of the landing and home pages (SPEC §2). */
export function GameCards({ cards }: { cards: readonly GameCard[] }) {
  return (
    <ul className={styles.grid}>
      {cards.map((card) => (
        <li key={card.name}>
          <Link to={card.href} className={styles.card} data-sport-id={card.id}>
            <img src={card.image} alt="" />
            <span>{card.name}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
