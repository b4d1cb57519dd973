import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { PleaseWait } from '../../../ui/please-wait';
import { useEvents } from '../api/get-events';
import { lockEvent } from '../api/lock-event';
import { rollBack } from '../api/roll-back';
import { suspendMarket } from '../api/suspend-market';
import { voidMarket } from '../api/void-market';
import { useInstantAction } from '../hooks/use-instant-action';
import {
  EVENT_FILTERS,
  filterEvents,
  NO_FILTER,
  sportsOf,
  type EventFilter,
  type MarketsFilter,
} from '../market-filters';
import { backofficeKeys } from '../query-keys';
import { sportName } from '../words';
import { ActionDialog } from './action-dialog';
import { CustomRows } from './custom-rows';
import { DeclareRunsDialog, DeclareWinnerDialog } from './declare-dialogs';
import { EventCard, type MarketDialog } from './event-card';
import styles from './backoffice.module.css';

const REFRESH = [backofficeKeys.events(), backofficeKeys.risk()];

/**
 * The markets, found by the event's name, its sport and its state (`filterEvents`): per event Lock/Unlock; per market Suspend/Resume, Declare (the winner picked),
 * Void and Roll back (with a reason); per fancy session Declare (the final runs), Void and Roll
 * back; and the forms for custom fancy and bookmaker rows. Results, voids and rollbacks move
 * money: each is confirmed in a dialog and sent with its own Idempotency-Key (`ActionDialog`).
 */
export function MarketsBoard() {
  const events = useEvents();
  const queryClient = useQueryClient();
  const { busy, run } = useInstantAction(REFRESH);
  const [dialog, setDialog] = useState<MarketDialog | null>(null);
  const [filter, setFilter] = useState<MarketsFilter>(NO_FILTER);
  const shown = events.data ? filterEvents(events.data, filter) : [];
  const refresh = () => {
    for (const queryKey of REFRESH) void queryClient.invalidateQueries({ queryKey });
  };
  const close = () => setDialog(null);

  return (
    <section className={styles.screen} aria-label="Markets">
      <h1 className={styles.title}>Markets</h1>
      <MarketsFilters
        filter={filter}
        sports={events.data ? sportsOf(events.data) : []}
        onChange={setFilter}
      />
      {events.isPending ? (
        <PleaseWait />
      ) : events.isError ? (
        <p className={styles.error} role="alert">
          {events.error.message}
        </p>
      ) : events.data.length === 0 ? (
        <p className={styles.empty}>No open or recent event.</p>
      ) : shown.length === 0 ? (
        <p className={styles.empty} role="status">
          No event matches these filters.
        </p>
      ) : (
        shown.map((event) => (
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

/** The search box and the sport and state filters; each change filters at once. */
function MarketsFilters({
  filter,
  sports,
  onChange,
}: {
  filter: MarketsFilter;
  sports: readonly number[];
  onChange: (filter: MarketsFilter) => void;
}) {
  const ids = { search: useId(), sport: useId(), status: useId() };
  return (
    <form className={styles.form} role="search" onSubmit={(event) => event.preventDefault()}>
      <div className={styles.field}>
        <label htmlFor={ids.search}>Search events</label>
        <input
          id={ids.search}
          type="search"
          value={filter.search}
          maxLength={64}
          onChange={(event) => onChange({ ...filter, search: event.target.value })}
        />
      </div>
      <div className={styles.field}>
        <label htmlFor={ids.sport}>Sport</label>
        <select
          id={ids.sport}
          value={filter.sportId}
          onChange={(event) => onChange({ ...filter, sportId: Number(event.target.value) })}
        >
          <option value={0}>All sports</option>
          {sports.map((sportId) => (
            <option key={sportId} value={sportId}>
              {sportName(sportId)}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor={ids.status}>State</label>
        <select
          id={ids.status}
          value={filter.status}
          onChange={(event) => onChange({ ...filter, status: event.target.value as EventFilter })}
        >
          {EVENT_FILTERS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {(filter.search !== '' || filter.sportId !== 0 || filter.status !== 'all') && (
        <button type="button" className={styles.secondary} onClick={() => onChange(NO_FILTER)}>
          Clear filters
        </button>
      )}
    </form>
  );
}
