import { BetHistoryReport } from '../../features/reports/components/bet-history';
import { useSiteConfig } from '../../features/site/api/get-site-config';
import { SPORTS } from '../paths';
import styles from './pages.module.css';

/** `/bethistory`: the bet history (docs/product.md#screens). */
export function BetHistoryPage() {
  const reportTimeZone = useSiteConfig()?.reportTimeZone;
  return (
    <section className={styles.screen}>
      <h1 className={styles.screenTitle}>Bet History</h1>
      <BetHistoryReport sports={SPORTS} reportTimeZone={reportTimeZone} />
    </section>
  );
}
