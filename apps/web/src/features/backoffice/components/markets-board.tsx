import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PleaseWait } from '../../../ui/please-wait';
import { useEvents } from '../api/get-events';
import { lockEvent } from '../api/lock-event';
import { rollBack } from '../api/roll-back';
import { suspendMarket } from '../api/suspend-market';
import { voidMarket } from '../api/void-market';
import { useInstantAction } from '../hooks/use-instant-action';
import { backofficeKeys } from '../query-keys';
import { ActionDialog } from './action-dialog';
import { CustomRows } from './custom-rows';
import { DeclareRunsDialog, DeclareWinnerDialog } from './declare-dialogs';
import { EventCard, type MarketDialog } from './event-card';
import styles from './backoffice.module.css';

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
  const [dialog, setDialog] = useState<MarketDialog | null>(null);
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
