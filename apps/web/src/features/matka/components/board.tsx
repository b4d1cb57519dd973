import {
  matkaBoardNumbers,
  matkaHeat,
  paiseToRupees,
  type MatkaBetNo,
  type MatkaHeat,
  type MatkaStakes,
  type Paise,
} from '@backlay/domain';
import { formatSize } from '../../../lib/format';
import { rupeesText } from './bet-preview';
import styles from './matka.module.css';

const NUMBERS = matkaBoardNumbers();

/**
 * A cell's accessible name: the number, then the player's stake on it and its heat
 * (`45, your stake ₹100.00, heavy`), then `winning number` on the drawn one.
 */
export function cellName(betNo: MatkaBetNo, stake: Paise, heat: MatkaHeat, isResult: boolean) {
  const parts: string[] = [betNo];
  if (heat !== 'none') parts.push(`your stake ${rupeesText(stake)}`, heat);
  if (isResult) parts.push('winning number');
  return parts.join(', ');
}

/**
 * The 10×10 board (docs/product.md#screens, #constants): 01 … 99 then 00; a cell opens the single-bet dialog. Each cell
 * shows the player's stake on its number (`data-heat` none / some / heavy, domain `matkaHeat`:
 * heavy from half the largest stake on one number on) in figures as well as in colour, and the
 * drawn number is marked (`data-result`). Closed, every cell is disabled.
 */
export function MatkaBoard({
  onPick,
  disabled = false,
  stakes,
  result = null,
}: {
  onPick: (betNo: MatkaBetNo) => void;
  disabled?: boolean;
  stakes?: MatkaStakes;
  /** The winning number, once drawn. */
  result?: string | null;
}) {
  return (
    <div className={styles.board} role="group" aria-label="Matka board">
      {NUMBERS.map((betNo) => {
        const stake = stakes?.byNumber.get(betNo) ?? (0 as Paise);
        const heat = matkaHeat(stake, stakes?.largest ?? (0 as Paise));
        const isResult = result === betNo;
        return (
          <button
            key={betNo}
            type="button"
            className={styles.cell}
            data-heat={heat}
            data-result={isResult ? 'win' : undefined}
            aria-label={cellName(betNo, stake, heat, isResult)}
            disabled={disabled}
            onClick={() => onPick(betNo)}
          >
            <span className={styles.cellNumber}>{betNo}</span>
            {heat !== 'none' && (
              // Drawn by the stylesheet from data-stake: the name holds the stake in full, and
              // only the number is text inside the named cell (WCAG 2.5.3, docs/accessibility.md).
              <span
                className={styles.cellStake}
                data-stake={formatSize(paiseToRupees(stake))}
                aria-hidden="true"
              />
            )}
          </button>
        );
      })}
    </div>
  );
}
