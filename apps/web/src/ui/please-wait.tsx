import styles from './please-wait.module.css';

/** The generic in-page loading indicator (docs/product.md#screens). */
export function PleaseWait({ label = 'Please wait…' }: { label?: string }) {
  return (
    <div className={styles.wait} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      {label}
    </div>
  );
}
