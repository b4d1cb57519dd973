import { matkaPasteConfirm, matkaPasteParse, type MatkaBetsResult } from '@backlay/domain';
import { useId, useState, type FormEvent } from 'react';
import { FormMessage } from './amount-field';
import styles from './matka.module.css';

/**
 * The paste form (SPEC §5): a line like `45-46-50@100`. While typing, a malformed line shows
 * 'Invalid input format! Expected format: 45-46-50@100'; the confirm step refuses it with
 * 'Invalid input format! Please correct it first.'; a valid line goes to the confirm dialog.
 */
export function PasteForm({
  onConfirm,
}: {
  onConfirm: (result: MatkaBetsResult & { ok: true }) => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const change = (value: string) => {
    setText(value);
    const parsed = matkaPasteParse(value);
    setMessage(value.trim() === '' || parsed.ok ? null : parsed.message);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = matkaPasteConfirm(text);
    if (!result.ok) {
      setMessage(result.message);
      return;
    }
    onConfirm(result);
  };
  return (
    <form className={styles.form} aria-label="Paste" onSubmit={submit} noValidate>
      <h2 className={styles.formTitle}>Paste</h2>
      <div className={styles.field}>
        <label htmlFor={id}>Numbers@Amount</label>
        <input
          id={id}
          type="text"
          autoComplete="off"
          placeholder="45-46-50@100"
          value={text}
          onChange={(event) => change(event.target.value)}
        />
      </div>
      <FormMessage message={message} />
      <button type="submit" className={styles.primary}>
        Confirm
      </button>
    </form>
  );
}
