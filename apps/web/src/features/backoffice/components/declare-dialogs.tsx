/**
 * The dialogs that declare a result and settle its bets: a market's winner, picked from its
 * runners, and a fancy session's final runs.
 */
import type { BoEvent } from '@backlay/contract/backoffice';
import { useId, useState } from 'react';
import { declareResult } from '../api/declare-result';
import { ActionDialog } from './action-dialog';
import type { BoFancy, BoMarket } from './event-card';
import styles from './backoffice.module.css';

interface DeclareDialogProps {
  readonly event: BoEvent;
  readonly onAnswered: () => void;
  readonly onClose: () => void;
}

interface DeclareWinnerDialogProps extends DeclareDialogProps {
  readonly market: BoMarket;
}

interface DeclareRunsDialogProps extends DeclareDialogProps {
  readonly session: BoFancy;
}

export function DeclareWinnerDialog({
  event,
  market,
  onAnswered,
  onClose,
}: DeclareWinnerDialogProps) {
  const id = useId();
  const [winner, setWinner] = useState('');
  const runner = market.runners.find((candidate) => candidate.selectionId === winner);
  return (
    <ActionDialog
      title="Declare result"
      statement={
        runner
          ? `Declare ${runner.name} the winner of ${market.name} (${event.name}) and settle its bets?`
          : `Pick the winner of ${market.name} (${event.name}); its bets are then settled.`
      }
      confirmLabel="Declare"
      problem={runner ? undefined : 'Pick the winner'}
      fields={({ isHeld }) => (
        <div className={styles.field}>
          <label htmlFor={id}>Winner</label>
          <select
            id={id}
            value={winner}
            disabled={isHeld}
            required
            onChange={(change) => setWinner(change.target.value)}
          >
            <option value="">Pick the winner</option>
            {market.runners.map((candidate) => (
              <option key={candidate.selectionId} value={candidate.selectionId}>
                {candidate.name}
              </option>
            ))}
          </select>
        </div>
      )}
      send={({ idempotencyKey }) =>
        declareResult(
          { marketId: market.marketId, winnerSelectionId: Number(winner) },
          idempotencyKey,
        )
      }
      onAnswered={onAnswered}
      onClose={onClose}
    />
  );
}

export function DeclareRunsDialog({ event, session, onAnswered, onClose }: DeclareRunsDialogProps) {
  const id = useId();
  const [runs, setRuns] = useState('');
  const isValid = /^\d{1,4}$/.test(runs);
  return (
    <ActionDialog
      title="Declare fancy result"
      statement={
        isValid
          ? `Declare ${Number(runs)} runs for ${session.name} (${event.name}) and settle its bets?`
          : `Enter the final runs of ${session.name} (${event.name}); its bets are then settled.`
      }
      confirmLabel="Declare"
      problem={isValid ? undefined : 'Enter the final runs as a whole number'}
      fields={({ isHeld }) => (
        <div className={styles.field}>
          <label htmlFor={id}>Final runs</label>
          <input
            id={id}
            inputMode="numeric"
            value={runs}
            readOnly={isHeld}
            required
            onChange={(change) => setRuns(change.target.value.replace(/\D/g, '').slice(0, 4))}
          />
        </div>
      )}
      send={({ idempotencyKey }) =>
        declareResult(
          { eventId: event.eventId, selectionId: session.selectionId, runs: Number(runs) },
          idempotencyKey,
        )
      }
      onAnswered={onAnswered}
      onClose={onClose}
    />
  );
}
