import { AccountStatement } from '../../features/reports/components/account-statement';
import { useSiteConfig } from '../../features/site/api/get-site-config';
import styles from './pages.module.css';

/** `/ac_statement`: the account statement (docs/product.md#screens). */
export function AccountStatementPage() {
  const reportTimeZone = useSiteConfig()?.reportTimeZone;
  return (
    <section className={styles.screen}>
      <h1 className={styles.screenTitle}>Account Statement</h1>
      <AccountStatement reportTimeZone={reportTimeZone} />
    </section>
  );
}
