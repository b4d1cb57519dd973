import { MatkaGames } from '../../features/matka/components/games';
import { paths } from '../paths';
import styles from './pages.module.css';

/** `/matka_market` (docs/product.md#screens): the matka games, each opening its board with the game as state. */
export function MatkaMarketPage() {
  return (
    <section className={styles.screen}>
      <h1 className={styles.screenTitle}>Matka</h1>
      <MatkaGames
        gameLink={(game) => ({
          to: paths.matkaBet.href(game.EventName, String(game.EventId), String(game.Mid)),
          state: { hindi: game.hindi, StartTime: game.StartTime, EndTime: game.EndTime },
        })}
      />
    </section>
  );
}
