import { createPortal } from 'react-dom';
import styles from './bet-slip.module.css';

/**
 * SPEC §2: on mobile a progress indicator shows while a bet is being placed — a bar under the
 * header and a veil that keeps a second tap off the screen. Wide screens show the slip's
 * 'Placing Bet…' button alone (the CSS hides this there).
 */
export function PlacingProgress() {
  return createPortal(
    <div className={styles.progress} role="status" aria-label="Placing bet">
      <span className={styles.progressBar} aria-hidden="true" />
      <span className={styles.progressCard}>
        <span className={styles.spinner} aria-hidden="true" />
        Placing bet…
      </span>
    </div>,
    document.body,
  );
}
