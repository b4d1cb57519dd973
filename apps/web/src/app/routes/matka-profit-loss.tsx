import { useLocation } from 'react-router';
import { MatkaProfitLossReport } from '../../features/matka/components/profit-loss';
import { useMatkaProfitLossFilters } from '../../features/matka/hooks/use-profit-loss-filters';
import { useSiteConfig } from '../../features/site/api/get-site-config';
import { paths } from '../paths';
import styles from './pages.module.css';

/** `/matka-profit-loss` (docs/product.md#screens): Bet Profit Loss of matka; a market opens `/show-matka-bet`. */
export function MatkaProfitLossPage() {
  const { search } = useLocation();
  const { filters, apply } = useMatkaProfitLossFilters(useSiteConfig()?.reportTimeZone);
  return (
    <section className={styles.screen}>
      <h1 className={styles.screenTitle}>Bet Profit Loss</h1>
      <MatkaProfitLossReport
        filters={filters}
        onApply={apply}
        betsLink={(row) => ({
          to: paths.showMatkaBet.href(String(row.MarketId)),
          state: { backSearch: search, marketName: row.MarketName },
        })}
      />
    </section>
  );
}
