import { matkaPastePreview, type MatkaPreviewBets } from '@backlay/domain';
import { useId, useState, type FormEvent } from 'react';
import { FormMessage } from './amount-field';
import { BetPreview } from './bet-preview';
import styles from './matka.module.css';

/**
 * The paste form (docs/product.md#validation): a line like `45-46-50@100`. While typing, a malformed line shows
 * 'Invalid input format! Expected format: 45-46-50@100' and a valid one its preview (the
 * domain's `matkaPastePreview`); the confirm step refuses a line without bets with
 * 'Invalid input format! Please correct it first.' and hands the preview's bets on.
 */
export function PasteForm({
  payout,
  onConfirm,
}: {
  /** MATKA_PAYOUT, null until the site's configuration is known. */
  payout: number | null;
  onConfirm: (preview: MatkaPreviewBets) => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const preview = matkaPastePreview(text, payout);
  const message = refusal ?? (preview.kind === 'message' ? preview.message : null);
  const change = (value: string) => {
    setText(value);
    setRefusal(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (preview.kind !== 'bets') {
      setRefusal(preview.refusal);
      return;
    }
    onConfirm(preview);
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
      <BetPreview label="Paste preview" preview={preview} showMessage={message === null} />
      <button type="submit" className={styles.primary}>
        Confirm
      </button>
    </form>
  );
}
