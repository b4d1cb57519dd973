import {
  MATKA_HARUP_ROW_A,
  MATKA_HARUP_ROW_B,
  matkaHarupPreview,
  type MatkaPreviewBets,
} from '@backlay/domain';
import { useState, type FormEvent } from 'react';
import { AmountField, amountOrNull, FormMessage } from './amount-field';
import { BetPreview } from './bet-preview';
import { ToggleRow, toggled } from './digit-row';
import styles from './matka.module.css';

/**
 * The Harup form (docs/product.md#validation, #constants): row A entries (`0000` … `9999`) bet a first digit, row B entries
 * (`000` … `999`) a second digit, each on all ten numbers at the amount divided by 10 (the
 * domain's rule). Nothing chosen → the crossing message. A number both rows give (A `5555`, B
 * `555`: 55) is previewed, confirmed and sent once, with both tenths (the domain's
 * `matkaHarupPreview`).
 */
export function HarupForm({
  payout,
  onConfirm,
}: {
  payout: number | null;
  onConfirm: (preview: MatkaPreviewBets) => void;
}) {
  const [rowA, setRowA] = useState<string[]>([]);
  const [rowB, setRowB] = useState<string[]>([]);
  const [amount, setAmount] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const preview = matkaHarupPreview(rowA, rowB, amountOrNull(amount), payout);
  // A change of the entry retires the last refusal: the preview says where it stands now.
  const edit = (change: () => void) => {
    change();
    setMessage(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (preview.kind !== 'bets') {
      setMessage(preview.refusal);
      return;
    }
    setMessage(null);
    onConfirm(preview);
  };
  return (
    <form className={styles.form} aria-label="Harup" onSubmit={submit} noValidate>
      <h2 className={styles.formTitle}>Harup</h2>
      <ToggleRow
        label="Harup A"
        entries={MATKA_HARUP_ROW_A}
        selected={rowA}
        onToggle={(entry) => edit(() => setRowA(toggled(rowA, entry)))}
      />
      <ToggleRow
        label="Harup B"
        entries={MATKA_HARUP_ROW_B}
        selected={rowB}
        onToggle={(entry) => edit(() => setRowB(toggled(rowB, entry)))}
      />
      <AmountField value={amount} onChange={(value) => edit(() => setAmount(value))} />
      <p className={styles.hint}>
        Each chosen entry bets its ten numbers at a tenth of the amount.
      </p>
      <FormMessage message={message} />
      <BetPreview label="Harup preview" preview={preview} showMessage={message === null} />
      <button type="submit" className={styles.primary}>
        Confirm
      </button>
    </form>
  );
}
