import { paiseToRupees, type MatkaBet, type Paise } from '@backlay/domain';
import { formatMoney } from '../../../lib/format';
import { Modal } from '../../../ui/modal';
import styles from './matka.module.css';

/** The confirm dialog of a form (SPEC §4): the bets, their total, then Submit or Cancel. */
export function ConfirmBets({
  bets,
  total,
  isSending,
  onSubmit,
  onClose,
}: {
  bets: readonly MatkaBet[];
  total: Paise;
  isSending: boolean;
  onSubmit: () => void;
  onClose: () => void;
}) {
  return (
    <Modal title="Confirm Bets" onClose={onClose}>
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
      <div className={styles.actions}>
        <button type="button" className={styles.secondary} onClick={onClose}>
          Cancel
        </button>
        <button type="button" className={styles.primary} disabled={isSending} onClick={onSubmit}>
          Submit
        </button>
      </div>
    </Modal>
  );
}
