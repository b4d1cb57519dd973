import { MyMarkets } from '../../features/reports/components/my-markets';
import { SPORTS } from '../paths';
import { myMarketLink } from './report-links';
import styles from './pages.module.css';

/** `/mymarket`: the client's open markets with each side's profit or loss (docs/product.md#screens). */
export function MyMarketPage() {
  return (
    <section className={styles.screen}>
      <h1 className={styles.screenTitle}>My Market</h1>
      <MyMarkets sports={SPORTS} eventLink={myMarketLink} />
    </section>
  );
}
