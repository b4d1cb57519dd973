import { Link } from 'react-router';
import { useDataSaver } from '../lib/data-saver';
import styles from './card-grid.module.css';

export interface GridCard {
  /** Stable and unique within the grid. */
  readonly key: string;
  readonly name: string;
  /** Our own artwork, drawn 4:3. */
  readonly image: string;
  readonly href: string;
}

/**
 * A grid of picture cards linking onwards: the landing and home cards, the casino lobby. The data
 * saver leaves the pictures out: the names still lead on.
 */
export function CardGrid({ cards }: { cards: readonly GridCard[] }) {
  const dataSaver = useDataSaver();
  return (
    <ul className={styles.grid}>
      {cards.map((card) => (
        <li key={card.key}>
          <Link to={card.href} className={styles.card}>
            {!dataSaver && <img src={card.image} alt="" width="400" height="300" />}
            <span>{card.name}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
