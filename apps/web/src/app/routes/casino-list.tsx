import { CasinoLobby } from '../../features/casino/components/casino-lobby';
import { paths } from '../paths';
import styles from './pages.module.css';

/** `/casinolist` (docs/product.md#screens): the five games, each opening `/casino/{gameid}`. */
export function CasinoListPage() {
  return (
    <section className={styles.screen}>
      <h1 className={styles.screenTitle}>Casino</h1>
      <CasinoLobby gameHref={paths.casino.href} />
    </section>
  );
}
