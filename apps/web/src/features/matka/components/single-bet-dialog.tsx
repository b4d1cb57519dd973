import { matkaSingleBet, type MatkaBet, type MatkaBetNo } from '@backlay/domain';
import { useState, type FormEvent } from 'react';
import { Modal } from '../../../ui/modal';
import { AmountField, amountOf, FormMessage } from './amount-field';
import styles from './matka.module.css';

/**
 * The single-bet dialog of a board cell (SPEC §4, §5): an amount greater than 0, otherwise
 * 'Please enter a valid bet amount greater than 0.'; Place Bet hands the one bet on.
 */
export function SingleBetDialog({
  betNo,
  isSending,
  onPlace,
  onClose,
}: {
  betNo: MatkaBetNo;
  isSending: boolean;
  onPlace: (bets: readonly MatkaBet[]) => void;
  onClose: () => void;
}) {
  const [amount, setAmount] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = matkaSingleBet(betNo, amountOf(amount));
    if (!result.ok) {
      setMessage(result.message);
      return;
    }
    setMessage(null);
    onPlace(result.bets);
  };
  return (
    <Modal title={`Bet on ${betNo}`} onClose={onClose}>
      <form className={styles.form} aria-label={`Bet on ${betNo}`} onSubmit={submit} noValidate>
        <p className={styles.pickedNumber}>
          Number <strong>{betNo}</strong>
        </p>
        <AmountField value={amount} onChange={setAmount} />
        <FormMessage message={message} />
        <div className={styles.actions}>
          <button type="button" className={styles.secondary} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={styles.primary} disabled={isSending}>
            Place Bet
          </button>
        </div>
      </form>
    </Modal>
  );
}
