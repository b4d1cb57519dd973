import { useLocation } from 'react-router';
import { ProfitLossReport } from '../../features/reports/components/profit-loss';
import { useSiteConfig } from '../../features/site/api/get-site-config';
import { SPORTS } from '../paths';
import { showMatchBetLink } from './report-links';
import styles from './pages.module.css';

/** `/profit-loss`: the profit and loss listing (docs/product.md#screens); an event opens `/showmatchbet`. */
export function ProfitLossPage() {
  const { search } = useLocation();
  const reportTimeZone = useSiteConfig()?.reportTimeZone;
  return (
    <section className={styles.screen}>
      <h1 className={styles.screenTitle}>Profit Loss Listing</h1>
      <ProfitLossReport
        sports={SPORTS}
        reportTimeZone={reportTimeZone}
        eventLink={(row) => showMatchBetLink(row.EventId, row.Discription, search)}
      />
    </section>
  );
}
