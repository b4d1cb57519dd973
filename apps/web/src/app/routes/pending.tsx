import styles from './pages.module.css';

/** A route whose screen is delivered by a later issue; it renders its title from the URL alone. */
export function PendingPage({ title }: { title: string }) {
  return (
    <section className={styles.pending}>
      <h1>{title}</h1>
      <p>This screen is on its way.</p>
    </section>
  );
}
