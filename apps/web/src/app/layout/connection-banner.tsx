import { CONNECTION_LOST, useIsConnectionLost } from '../../lib/connection';
import styles from './connection-banner.module.css';

/**
 * Under the header while the browser is offline or the hub connection is lost: the stale prices
 * grey out in their tables, and this says why. It goes by itself once the link is back. The
 * live region stays in the page, so the words are announced when they appear.
 */
export function ConnectionBanner() {
  const isLost = useIsConnectionLost();
  return (
    <div className={styles.banner} role="status" data-lost={isLost}>
      {isLost ? CONNECTION_LOST : null}
    </div>
  );
}
