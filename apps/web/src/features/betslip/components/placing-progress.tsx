import { createPortal } from 'react-dom';
import styles from './bet-slip.module.css';

/**
 * docs/product.md#screens: on mobile a progress indicator shows while a bet is being placed — a bar under the
 * header and a veil that keeps a second tap off the screen. Wide screens show the slip's
 * 'Placing Bet…' button alone (the CSS hides this there). A bet held for the in-play delay shows
 * its countdown on the card too, since the veil dims the slip's own.
 */
export function PlacingProgress({ held }: { held?: string | undefined }) {
  return createPortal(
    <div className={styles.progress} role="status" aria-label="Placing bet">
      <span className={styles.progressBar} aria-hidden="true" />
      <span className={styles.progressCard}>
        <span className={styles.spinner} aria-hidden="true" />
        Placing bet…
        {/* The in-play delay's countdown, above the veil (docs/architecture.md). */}
        {held !== undefined && <span className={styles.progressHeld}>{held}</span>}
      </span>
    </div>,
    document.body,
  );
}
