import {
  MATKA_HARUP_ROW_A,
  MATKA_HARUP_ROW_B,
  matkaHarup,
  type MatkaBetsResult,
} from '@backlay/domain';
import { useState, type FormEvent } from 'react';
import { betsByNumber } from '../bets-by-number';
import { AmountField, amountOf, FormMessage } from './amount-field';
import { ToggleRow, toggled } from './digit-row';
import styles from './matka.module.css';

/**
 * The Harup form (SPEC §5, §9): row A entries (`0000` … `9999`) bet a first digit, row B entries
 * (`000` … `999`) a second digit, each on all ten numbers at the amount divided by 10 (the
 * domain's rule). Nothing chosen → the crossing message. A number both rows give (A `5555`, B
 * `555`: 55) is confirmed and sent once, with both tenths.
 */
export function HarupForm({
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
    const result = matkaHarup(rowA, rowB, amountOf(amount));
    if (!result.ok) {
      setMessage(result.message);
      return;
    }
    setMessage(null);
    onConfirm({ ...result, bets: betsByNumber(result.bets) });
  };
  return (
    <form className={styles.form} aria-label="Harup" onSubmit={submit} noValidate>
      <h2 className={styles.formTitle}>Harup</h2>
      <ToggleRow
        label="Harup A"
        entries={MATKA_HARUP_ROW_A}
        selected={rowA}
        onToggle={(entry) => setRowA(toggled(rowA, entry))}
      />
      <ToggleRow
        label="Harup B"
        entries={MATKA_HARUP_ROW_B}
        selected={rowB}
        onToggle={(entry) => setRowB(toggled(rowB, entry))}
      />
      <AmountField value={amount} onChange={setAmount} />
      <p className={styles.hint}>
        Each chosen entry bets its ten numbers at a tenth of the amount.
      </p>
      <FormMessage message={message} />
      <button type="submit" className={styles.primary}>
        Confirm
      </button>
    </form>
  );
}
