import type { MatkaBetRow } from '@backlay/contract/matka';
import {
  betStatusLabel,
  matkaSingleBet,
  type MatkaBet,
  type MatkaBetNo,
  type Paise,
} from '@backlay/domain';
import { useState, type FormEvent } from 'react';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { Modal } from '../../../ui/modal';
import { CLOSED_FOR_BETTING } from '../hooks/use-market-state';
import { AmountField, amountOf, FormMessage } from './amount-field';
import { rupeesText } from './bet-preview';
import styles from './matka.module.css';

/** The player's bets on the number, newest first, as a short list with their total. */
function YourBets({
  betNo,
  bets,
  stake,
}: {
  betNo: MatkaBetNo;
  bets: readonly MatkaBetRow[];
  stake: Paise;
}) {
  if (bets.length === 0) return null;
  const title = `Your bets on ${betNo}`;
  return (
    <section className={styles.yourBets} aria-label={title}>
      <h3 className={styles.yourBetsTitle}>{title}</h3>
      <ul>
        {bets.map((bet, index) => (
          <li key={`${bet.CreatedOn}-${index}`}>
            <span className={styles.numeric}>₹{formatMoney(bet.Amount)}</span>
            <span>{betStatusLabel(bet.BetStatus)}</span>
            <time dateTime={bet.CreatedOn}>{formatDateTime(bet.CreatedOn)}</time>
          </li>
        ))}
      </ul>
      {bets.length > 1 && (
        <p className={styles.yourBetsTotal} data-testid="matka-your-total">
          Total {rupeesText(stake)}
        </p>
      )}
    </section>
  );
}

/**
 * The single-bet dialog of a board cell (docs/product.md#states, #validation): the player's bets on the number so far,
 * then an amount greater than 0, otherwise 'Please enter a valid bet amount greater than 0.';
 * Place Bet hands the one bet on. Once the market closes, Place Bet is off and says why.
 */
export function SingleBetDialog({
  betNo,
  yourBets = [],
  yourStake = 0 as Paise,
  isSending,
  isClosed = false,
  onPlace,
  onClose,
}: {
  betNo: MatkaBetNo;
  yourBets?: readonly MatkaBetRow[];
  /** The player's stake on the number: their bets' amounts summed. */
  yourStake?: Paise;
  isSending: boolean;
  isClosed?: boolean;
  onPlace: (bets: readonly MatkaBet[]) => void;
  onClose: () => void;
}) {
  const [amount, setAmount] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isClosed) return;
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
      <YourBets betNo={betNo} bets={yourBets} stake={yourStake} />
      <form className={styles.form} aria-label={`Bet on ${betNo}`} onSubmit={submit} noValidate>
        <p className={styles.pickedNumber}>
          Number <strong>{betNo}</strong>
        </p>
        <AmountField value={amount} onChange={setAmount} />
        <FormMessage message={message} />
        {isClosed && (
          <p role="status" className={styles.closedNote}>
            {CLOSED_FOR_BETTING}
          </p>
        )}
        <div className={styles.actions}>
          <button type="button" className={styles.secondary} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={styles.primary} disabled={isSending || isClosed}>
            Place Bet
          </button>
        </div>
      </form>
    </Modal>
  );
}
