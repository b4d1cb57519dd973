import { matkaCrossingPreview, type MatkaDigit, type MatkaPreviewBets } from '@backlay/domain';
import { useState, type FormEvent } from 'react';
import { AmountField, amountOrNull, FormMessage } from './amount-field';
import { BetPreview } from './bet-preview';
import { ToggleRow, toggled } from './digit-row';
import styles from './matka.module.css';

const DIGITS: readonly MatkaDigit[] = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];

/**
 * The crossing form (docs/product.md#validation): digits of rows A and B and an amount; every A-then-B pair is one
 * bet at the amount (the domain's rule). The preview follows each choice; Confirm hands its bets
 * on, or shows its message (either row empty, then the amount).
 */
export function CrossingForm({
  payout,
  onConfirm,
}: {
  payout: number | null;
  onConfirm: (preview: MatkaPreviewBets) => void;
}) {
  const [rowA, setRowA] = useState<MatkaDigit[]>([]);
  const [rowB, setRowB] = useState<MatkaDigit[]>([]);
  const [amount, setAmount] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const preview = matkaCrossingPreview(rowA, rowB, amountOrNull(amount), payout);
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
    <form className={styles.form} aria-label="Crossing" onSubmit={submit} noValidate>
      <h2 className={styles.formTitle}>Crossing</h2>
      <ToggleRow
        label="Row A"
        entries={DIGITS}
        selected={rowA}
        onToggle={(d) => edit(() => setRowA(toggled(rowA, d as MatkaDigit)))}
      />
      <ToggleRow
        label="Row B"
        entries={DIGITS}
        selected={rowB}
        onToggle={(d) => edit(() => setRowB(toggled(rowB, d as MatkaDigit)))}
      />
      <AmountField value={amount} onChange={(value) => edit(() => setAmount(value))} />
      <FormMessage message={message} />
      <BetPreview label="Crossing preview" preview={preview} showMessage={message === null} />
      <button type="submit" className={styles.primary}>
        Confirm
      </button>
    </form>
  );
}
