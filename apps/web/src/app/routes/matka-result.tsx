import { MatkaResults } from '../../features/matka/components/results';
import styles from './pages.module.css';

/** `/makta_bethistory` (docs/product.md#screens): Bet Result of matka. */
export function MatkaResultPage() {
  return (
    <section className={styles.screen}>
      <h1 className={styles.screenTitle}>Bet Result</h1>
      <MatkaResults />
    </section>
  );
}
