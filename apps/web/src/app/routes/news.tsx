import { NewsTable } from '../../features/news/components/news-table';
import styles from './pages.module.css';

/** `/news`: the Date and News table (docs/product.md#screens). */
export function NewsPage() {
  return (
    <section className={styles.screen}>
      <h1 className={styles.screenTitle}>News</h1>
      <NewsTable />
    </section>
  );
}
