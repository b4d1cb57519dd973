import { AccountStatement } from '../../features/reports/components/account-statement';
import styles from './pages.module.css';

/** `/ac_statement`: the account statement (SPEC §2). */
export function AccountStatementPage() {
  return (
    <section className={styles.screen}>
      <h1 className={styles.screenTitle}>Account Statement</h1>
      <AccountStatement />
    </section>
  );
}
