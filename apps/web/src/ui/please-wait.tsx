import styles from './please-wait.module.css';

/** The generic in-page loading indicator (SPEC §2). */
export function PleaseWait({ label = 'Please wait…' }: { label?: string }) {
  return (
    <div className={styles.wait} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      {label}
    </div>
  );
}
