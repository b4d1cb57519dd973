import styles from './pages.module.css';

/** A route whose screen is delivered by a later issue; it renders its title from the URL alone. */
export function PendingPage({ title, subtitle }: { title: string; subtitle?: string | undefined }) {
  return (
    <section className={styles.pending}>
      <h1>{title}</h1>
      {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
      <p>This screen is on its way.</p>
    </section>
  );
}
