import { matkaBoardNumbers, type MatkaBetNo } from '@backlay/domain';
import styles from './matka.module.css';

const NUMBERS = matkaBoardNumbers();

/** The 10×10 board (SPEC §2, §9): 01 … 99 then 00; a cell opens the single-bet dialog. */
export function MatkaBoard({
  onPick,
  disabled = false,
}: {
  onPick: (betNo: MatkaBetNo) => void;
  disabled?: boolean;
}) {
  return (
    <div className={styles.board} role="group" aria-label="Matka board">
      {NUMBERS.map((betNo) => (
        <button
          key={betNo}
          type="button"
          className={styles.cell}
          disabled={disabled}
          onClick={() => onPick(betNo)}
        >
          {betNo}
        </button>
      ))}
    </div>
  );
}
