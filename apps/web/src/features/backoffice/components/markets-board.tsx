import type { BoEvent } from '@backlay/contract/backoffice';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useId, useState } from 'react';
import { PleaseWait } from '../../../ui/please-wait';
import { declareResult } from '../api/declare-result';
import { useEvents } from '../api/get-events';
import { lockEvent } from '../api/lock-event';
import { rollBack } from '../api/roll-back';
import { suspendMarket } from '../api/suspend-market';
import { voidMarket } from '../api/void-market';
import { useInstantAction } from '../hooks/use-instant-action';
import { backofficeKeys } from '../query-keys';
import { ActionDialog } from './action-dialog';
import { CustomRows } from './custom-rows';
import styles from './backoffice.module.css';

type BoMarket = BoEvent['markets'][number];
type BoFancy = BoEvent['fancy'][number];

type Dialog =
  | { readonly kind: 'declare'; readonly event: BoEvent; readonly market: BoMarket }
  | { readonly kind: 'declareFancy'; readonly event: BoEvent; readonly session: BoFancy }
  | {
      readonly kind: 'void' | 'rollback';
      readonly target: string;
      /** The market or session and its event, as the dialog names it. */
      readonly label: string;
    };

/** A market or session with no result in force may be declared or voided; one with, rolled back. */
const isOpen = (settlement: string) => settlement === 'none' || settlement === 'rolled_back';

const REFRESH = [backofficeKeys.events(), backofficeKeys.risk()];

/**
 * The markets: per event Lock/Unlock; per market Suspend/Resume, Declare (the winner picked),
 * Void and Roll back (with a reason); per fancy session Declare (the final runs), Void and Roll
 * back; and the forms for custom fancy and bookmaker rows. Results, voids and rollbacks move
 * money: each is confirmed in a dialog and sent with its own Idempotency-Key (`ActionDialog`).
 */
export function MarketsBoard() {
  const events = useEvents();
  const queryClient = useQueryClient();
  const { busy, run } = useInstantAction(REFRESH);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const refresh = () => {
    for (const queryKey of REFRESH) void queryClient.invalidateQueries({ queryKey });
  };
  const close = () => setDialog(null);

  return (
    <section className={styles.screen} aria-label="Markets">
      <h1 className={styles.title}>Markets</h1>
      {events.isPending ? (
        <PleaseWait />
      ) : events.isError ? (
        <p className={styles.error} role="alert">
          {events.error.message}
        </p>
      ) : events.data.length === 0 ? (
        <p className={styles.empty}>No open or recent event.</p>
      ) : (
        events.data.map((event) => (
          <EventCard
            key={event.eventId}
            event={event}
            busy={busy}
            onLock={(locked) =>
              void run(`lock-${event.eventId}`, () => lockEvent({ eventId: event.eventId, locked }))
            }
            onSuspend={(market, suspended) =>
              void run(`suspend-${market.marketId}`, () =>
                suspendMarket({ marketId: market.marketId, suspended }),
              )
            }
            onDialog={setDialog}
          />
        ))
      )}
      {events.data && <CustomRows events={events.data} onSaved={refresh} />}
      {dialog?.kind === 'declare' && (
        <DeclareWinnerDialog
          event={dialog.event}
          market={dialog.market}
          onAnswered={refresh}
          onClose={close}
        />
      )}
      {dialog?.kind === 'declareFancy' && (
        <DeclareRunsDialog
          event={dialog.event}
          session={dialog.session}
          onAnswered={refresh}
          onClose={close}
        />
      )}
      {dialog?.kind === 'void' && (
        <ActionDialog
          title="Void"
          statement={`Void ${dialog.label}? Every stake is returned, and the clients see your reason.`}
          confirmLabel="Void"
          needsReason
          send={({ idempotencyKey, reason }) =>
            voidMarket({ target: dialog.target, reason }, idempotencyKey)
          }
          onAnswered={refresh}
          onClose={close}
        />
      )}
      {dialog?.kind === 'rollback' && (
        <ActionDialog
          title="Roll back"
          statement={`Roll back the result of ${dialog.label}? Its payouts are reversed and its bets go back to pending.`}
          confirmLabel="Roll back"
          needsReason
          send={({ idempotencyKey, reason }) =>
            rollBack({ target: dialog.target, reason }, idempotencyKey)
          }
          onAnswered={refresh}
          onClose={close}
        />
      )}
    </section>
  );
}

function EventCard({
  event,
  busy,
  onLock,
  onSuspend,
  onDialog,
}: {
  event: BoEvent;
  busy: string | null;
  onLock: (locked: boolean) => void;
  onSuspend: (market: BoMarket, suspended: boolean) => void;
  onDialog: (dialog: Dialog) => void;
}) {
  const titleId = useId();
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <div className={styles.cardHead}>
        <div>
          <h2 id={titleId} className={styles.cardTitle}>
            {event.name}
          </h2>
          <span className={styles.muted}>
            {event.seriesName} ·{' '}
            <time dateTime={event.startTime}>
              {dayjs(event.startTime).format('D MMM YYYY hh:mm A')}
            </time>{' '}
            · {event.status}
          </span>
        </div>
        <div className={styles.actions}>
          {event.isLocked && <span className={styles.alert}>Betting locked</span>}
          <button
            type="button"
            className={styles.secondary}
            disabled={busy === `lock-${event.eventId}`}
            aria-label={`${event.isLocked ? 'Unlock' : 'Lock'} betting on ${event.name}`}
            onClick={() => onLock(!event.isLocked)}
          >
            {event.isLocked ? 'Unlock' : 'Lock'}
          </button>
        </div>
      </div>
      <div className={styles.scroll}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Market</th>
              <th scope="col">Status</th>
              <th scope="col">Result</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {event.markets.map((market) => {
              const label = `${market.name} (${event.name})`;
              return (
                <tr key={market.marketId}>
                  <td>
                    {market.name}
                    <div className={styles.muted}>{market.marketId}</div>
                  </td>
                  <td>
                    {market.status}
                    {market.isSuspendedByOperator && (
                      <div>
                        <span className={styles.alert}>Suspended by operator</span>
                      </div>
                    )}
                  </td>
                  <td>{settlementLabel(market.settlement)}</td>
                  <td>
                    <div className={styles.actions}>
                      <button
                        type="button"
                        className={styles.secondary}
                        disabled={busy === `suspend-${market.marketId}`}
                        aria-label={`${market.isSuspendedByOperator ? 'Resume' : 'Suspend'} ${label}`}
                        onClick={() => onSuspend(market, !market.isSuspendedByOperator)}
                      >
                        {market.isSuspendedByOperator ? 'Resume' : 'Suspend'}
                      </button>
                      {isOpen(market.settlement) ? (
                        <>
                          <button
                            type="button"
                            className={styles.primary}
                            aria-label={`Declare ${label}`}
                            onClick={() => onDialog({ kind: 'declare', event, market })}
                          >
                            Declare
                          </button>
                          <button
                            type="button"
                            className={styles.secondary}
                            aria-label={`Void ${label}`}
                            onClick={() =>
                              onDialog({ kind: 'void', target: market.marketId, label })
                            }
                          >
                            Void
                          </button>
                        </>
                      ) : (
                        <button
                          type="button"
                          className={styles.secondary}
                          aria-label={`Roll back ${label}`}
                          onClick={() =>
                            onDialog({ kind: 'rollback', target: market.marketId, label })
                          }
                        >
                          Roll back
                        </button>
                      )}
                    </div>
                  </td>
                </tr>
              );
            })}
            {event.fancy.map((session) => {
              const label = `the fancy session ${session.name} (${event.name})`;
              return (
                <tr key={session.selectionId}>
                  <td>
                    {session.name}
                    <div className={styles.muted}>
                      Fancy {session.selectionId}
                      {session.isCustom ? ' · custom' : ''}
                    </div>
                  </td>
                  <td>—</td>
                  <td>{settlementLabel(session.settlement)}</td>
                  <td>
                    <div className={styles.actions}>
                      {isOpen(session.settlement) ? (
                        <>
                          <button
                            type="button"
                            className={styles.primary}
                            aria-label={`Declare runs of ${session.name} (${event.name})`}
                            onClick={() => onDialog({ kind: 'declareFancy', event, session })}
                          >
                            Declare runs
                          </button>
                          <button
                            type="button"
                            className={styles.secondary}
                            aria-label={`Void ${session.name} (${event.name})`}
                            onClick={() =>
                              onDialog({ kind: 'void', target: session.selectionId, label })
                            }
                          >
                            Void
                          </button>
                        </>
                      ) : (
                        <button
                          type="button"
                          className={styles.secondary}
                          aria-label={`Roll back ${session.name} (${event.name})`}
                          onClick={() =>
                            onDialog({ kind: 'rollback', target: session.selectionId, label })
                          }
                        >
                          Roll back
                        </button>
                      )}
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </article>
  );
}

function settlementLabel(settlement: string): string {
  switch (settlement) {
    case 'none':
      return 'Open';
    case 'settled':
      return 'Settled';
    case 'voided':
      return 'Voided';
    case 'rolled_back':
      return 'Rolled back';
    default:
      return settlement;
  }
}

function DeclareWinnerDialog({
  event,
  market,
  onAnswered,
  onClose,
}: {
  event: BoEvent;
  market: BoMarket;
  onAnswered: () => void;
  onClose: () => void;
}) {
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

function DeclareRunsDialog({
  event,
  session,
  onAnswered,
  onClose,
}: {
  event: BoEvent;
  session: BoFancy;
  onAnswered: () => void;
  onClose: () => void;
}) {
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
