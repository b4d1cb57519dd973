import { matkaCrossing, type MatkaBetsResult, type MatkaDigit } from '@backlay/domain';
import { useState, type FormEvent } from 'react';
import { AmountField, amountOf, FormMessage } from './amount-field';
import { ToggleRow, toggled } from './digit-row';
import styles from './matka.module.css';

const DIGITS: readonly MatkaDigit[] = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];

/**
 * The crossing form (SPEC §5): digits of rows A and B and an amount; every A-then-B pair is one
 * bet at the amount (the domain's rule). Either row empty → its message.
 */
export function CrossingForm({
  onConfirm,
}: {
  onConfirm: (result: MatkaBetsResult & { ok: true }) => void;
}) {
  const [rowA, setRowA] = useState<string[]>([]);
  const [rowB, setRowB] = useState<string[]>([]);
  const [amount, setAmount] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = matkaCrossing(rowA as MatkaDigit[], rowB as MatkaDigit[], amountOf(amount));
    if (!result.ok) {
      setMessage(result.message);
      return;
    }
    setMessage(null);
    onConfirm(result);
  };
  return (
    <form className={styles.form} aria-label="Crossing" onSubmit={submit} noValidate>
      <h2 className={styles.formTitle}>Crossing</h2>
      <ToggleRow
        label="Row A"
        entries={DIGITS}
        selected={rowA}
        onToggle={(d) => setRowA(toggled(rowA, d))}
      />
      <ToggleRow
        label="Row B"
        entries={DIGITS}
        selected={rowB}
        onToggle={(d) => setRowB(toggled(rowB, d))}
      />
      <AmountField value={amount} onChange={setAmount} />
      <FormMessage message={message} />
      <button type="submit" className={styles.primary}>
        Confirm
      </button>
    </form>
  );
}
