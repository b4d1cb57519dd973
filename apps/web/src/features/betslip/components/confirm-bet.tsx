import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import type { Stake } from '@backlay/domain';
import type { BetSelection } from '../../../lib/bet-selection';
import { formatAmount } from '../../../lib/format';
import { Modal } from '../../../ui/modal';
import styles from './bet-slip.module.css';

/**
 * The confirm step of 'Confirm bet before placing' (docs/product.md#screens): the bet once more, in words, with
 * its profit and liability; Confirm (or Enter) places it, Cancel (or Escape) goes back to the slip.
 */
export function ConfirmBet({
  selection,
  odds,
  stake,
  profit,
  liability,
  staleReason = null,
  onConfirm,
  onCancel,
}: {
  selection: BetSelection;
  odds: string;
  stake: Stake;
  profit: string;
  liability: string;
  /** Set while the market's prices are out of date: Confirm waits, saying why. */
  staleReason?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const confirm = useRef(onConfirm);
  useEffect(() => {
    confirm.current = onConfirm;
  }, [onConfirm]);
  const isStale = staleReason !== null;
  useEffect(() => {
    // Enter confirms from anywhere in the dialog but its buttons, which Enter presses themselves.
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || event.repeat || isStale) return;
      if (event.target instanceof HTMLButtonElement) return;
      event.preventDefault();
      confirm.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [isStale]);
  return createPortal(
    <Modal title="Confirm Bet" onClose={onCancel}>
      <dl className={styles.confirm} data-side={selection.betType}>
        <div>
          <dt>Selection</dt>
          <dd>{selection.runnerName}</dd>
        </div>
        <div>
          <dt>Market</dt>
          <dd>{selection.marketName}</dd>
        </div>
        <div>
          <dt>Bet Type</dt>
          <dd>{selection.betType}</dd>
        </div>
        <div>
          <dt>Odds</dt>
          <dd>{odds}</dd>
        </div>
        <div>
          <dt>Stake</dt>
          <dd>{formatAmount(stake)}</dd>
        </div>
        <div>
          <dt>Est Profit</dt>
          <dd>{profit}</dd>
        </div>
        <div>
          <dt>Liability</dt>
          <dd>{liability}</dd>
        </div>
      </dl>
      {staleReason !== null && <p className={styles.stale}>{staleReason}</p>}
      <div className={styles.confirmActions}>
        <button type="button" className={styles.cancel} onClick={onCancel}>
          Cancel
        </button>
        <button
          type="button"
          className={styles.place}
          disabled={staleReason !== null}
          onClick={onConfirm}
        >
          Confirm
        </button>
      </div>
    </Modal>,
    document.body,
  );
}
