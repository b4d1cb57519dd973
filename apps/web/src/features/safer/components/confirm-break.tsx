/** The dialog that confirms a time-out or a self-exclusion, and takes it. */
import type { ExclusionPeriod } from '@backlay/contract/safer';
import { useId, useState } from 'react';
import { Modal } from '../../../ui/modal';
import { useExclude } from '../api/exclude';
import { exclusionStatement } from '../limits';
import { failureText } from './safer-texts';
import buttons from '../../../ui/buttons.module.css';
import styles from './safer-betting.module.css';

export interface ConfirmBreakProps {
  /** The dialog's title: the break's action ("Take a time-out"). */
  readonly title: string;
  readonly confirmLabel: string;
  readonly period: ExclusionPeriod;
  readonly onClose: () => void;
  /** The break was taken (`message` is the server's). */
  readonly onExcluded: (period: ExclusionPeriod, message: string) => void;
}

/** The confirm step: what will happen, in words, before the client is logged out. */
export function ConfirmBreak({
  title,
  confirmLabel,
  period,
  onClose,
  onExcluded,
}: ConfirmBreakProps) {
  const errorId = useId();
  const exclude = useExclude();
  const [error, setError] = useState<string | null>(null);
  // The end named is counted from when the step opened; the server counts from its answer.
  const [openedAt] = useState(() => Date.now());

  async function confirm() {
    if (exclude.isPending) return;
    setError(null);
    try {
      const answer = await exclude.mutateAsync(period);
      if (answer.Status) onExcluded(period, answer.Result);
      else setError(answer.Result);
    } catch (caught) {
      const message = failureText(caught);
      if (message !== null) setError(message);
    }
  }

  return (
    <Modal
      title={title}
      onClose={onClose}
      footer={
        <>
          <button
            type="button"
            className={`${buttons.secondary} ${styles.dialogButton}`}
            onClick={onClose}
            disabled={exclude.isPending}
          >
            Cancel
          </button>
          <button
            type="button"
            className={`${styles.danger} ${styles.dialogButton}`}
            onClick={() => void confirm()}
            disabled={exclude.isPending}
            aria-describedby={error ? errorId : undefined}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      <p className={styles.statement}>{exclusionStatement(period, openedAt)}</p>
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}
