import styles from './dice-overlay.module.css';

/**
 * The full-screen spinning dice while session state loads (docs/product.md#screens), under the brand's logo (the
 * root element's `--brand-logo`, which the page's HTML already carries), so a phone shows whose
 * site this is from its first paint.
 */
export function DiceOverlay() {
  return (
    <div className={styles.overlay} role="status" aria-live="polite" aria-label="Loading">
      <span className={styles.logo} aria-hidden="true" />
      <svg className={styles.dice} viewBox="0 0 64 64" aria-hidden="true">
        <rect
          x="4"
          y="4"
          width="56"
          height="56"
          rx="12"
          fill="#fff"
          stroke="currentColor"
          strokeWidth="3"
        />
        {[
          [18, 18],
          [46, 18],
          [32, 32],
          [18, 46],
          [46, 46],
        ].map(([cx, cy]) => (
          <circle key={`${cx}-${cy}`} cx={cx} cy={cy} r="5" fill="currentColor" />
        ))}
      </svg>
    </div>
  );
}
