import { useId, useState, type FormEvent } from 'react';
import { publishNews } from '../api/publish-news';
import { useInstantAction } from '../hooks/use-instant-action';
import styles from './backoffice.module.css';

const NEWS_MAX = 500;

/** Publishes a news message to the clients' ticker; the server's answer is toasted. */
export function NewsForm() {
  const id = useId();
  const hintId = useId();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useInstantAction([]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (message.trim() === '') {
      setError('Write the message first');
      return;
    }
    setError(null);
    const isPublished = await run('news', () => publishNews({ message: message.trim() }));
    if (isPublished) setMessage('');
  }

  return (
    <section className={styles.screen} aria-label="News">
      <h1 className={styles.title}>News</h1>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <div className={styles.wideField}>
          <label htmlFor={id}>Message</label>
          <textarea
            id={id}
            rows={4}
            maxLength={NEWS_MAX}
            value={message}
            aria-describedby={hintId}
            aria-invalid={error !== null}
            onChange={(event) => setMessage(event.target.value)}
          />
          <span id={hintId} className={styles.muted}>
            {message.length} / {NEWS_MAX} characters
          </span>
        </div>
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        <button type="submit" className={styles.primary} disabled={busy !== null}>
          {busy ? 'Publishing…' : 'Publish'}
        </button>
      </form>
    </section>
  );
}
