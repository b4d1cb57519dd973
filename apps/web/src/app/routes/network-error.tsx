import { Link, useSearchParams } from 'react-router';
import { paths } from '../paths';
import styles from './pages.module.css';

/** `/network_err?statusCode=`: reachable logged in or not (docs/decisions.md#silent-rules). */
export function NetworkErrorPage() {
  const [search] = useSearchParams();
  const statusCode = search.get('statusCode') ?? '';
  return (
    <main className={`${styles.centered} ${styles.fullScreen}`}>
      <section className={styles.errorCard}>
        <p className={styles.errorCode}>Error Code {statusCode}</p>
        <h1>Network Error</h1>
        <p>We could not reach the server. Please check your internet connection and try again.</p>
        <Link to={paths.home.href()} className={styles.primaryButton}>
          Retry
        </Link>
      </section>
    </main>
  );
}
