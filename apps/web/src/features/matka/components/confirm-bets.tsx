import { paiseToRupees, type MatkaBet, type Paise } from '@backlay/domain';
import { formatMoney } from '../../../lib/format';
import { Modal } from '../../../ui/modal';
import { CLOSED_FOR_BETTING } from '../hooks/use-market-state';
import styles from './matka.module.css';

/**
 * The confirm dialog of a form (docs/product.md#states): the bets, their total, then Submit or Cancel — the bets
 * of the form's preview, so what the player saw is what is listed and sent. Once the market
 * closes, Submit is off and says why.
 */
export function ConfirmBets({
  bets,
  total,
  isSending,
  summary,
  isClosed = false,
  onSubmit,
  onClose,
}: {
  bets: readonly MatkaBet[];
  total: Paise;
  isSending: boolean;
  /** The form preview's line (count, total, what one hit pays). */
  summary?: string;
  isClosed?: boolean;
  onSubmit: () => void;
  onClose: () => void;
}) {
  return (
    <Modal title="Confirm Bets" onClose={onClose}>
      {summary && (
        <p className={styles.confirmSummary} data-testid="matka-confirm-summary">
          {summary}
        </p>
      )}
      <table className={styles.confirmTable} aria-label="Bets to place">
        <thead>
          <tr>
            <th scope="col">Number</th>
            <th scope="col" className={styles.numeric}>
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {bets.map((bet, index) => (
            // Duplicate numbers are separate bets, so the position is part of the key.
            <tr key={`${bet.betNo}-${index}`}>
              <td>{bet.betNo}</td>
              <td className={styles.numeric}>{formatMoney(paiseToRupees(bet.amount))}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td className={styles.numeric} data-testid="matka-total">
              {formatMoney(paiseToRupees(total))}
            </td>
          </tr>
        </tfoot>
      </table>
      {isClosed && (
        <p role="status" className={styles.closedNote}>
          {CLOSED_FOR_BETTING}
        </p>
      )}
      <div className={styles.actions}>
        <button type="button" className={styles.secondary} onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className={styles.primary}
          disabled={isSending || isClosed}
          onClick={onSubmit}
        >
          Submit
        </button>
      </div>
    </Modal>
  );
}
