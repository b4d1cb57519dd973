/**
 * One event of the markets screen: its lock, then a row per market (Suspend/Resume, Declare,
 * Void or Roll back) and per fancy session (Declare runs, Void or Roll back).
 */
import type { BoEvent } from '@backlay/contract/backoffice';
import { useId } from 'react';
import { formatTime } from '../format';
import { sportName, statusWord } from '../words';
import styles from './backoffice.module.css';

export type BoMarket = BoEvent['markets'][number];
export type BoFancy = BoEvent['fancy'][number];

/** The confirmation a row asks the screen to open. */
export type MarketDialog =
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

interface EventCardProps {
  readonly event: BoEvent;
  /** The instant action in flight (`useInstantAction`), whose button holds. */
  readonly busy: string | null;
  readonly onLock: (locked: boolean) => void;
  readonly onSuspend: (market: BoMarket, suspended: boolean) => void;
  readonly onDialog: (dialog: MarketDialog) => void;
}

export function EventCard({ event, busy, onLock, onSuspend, onDialog }: EventCardProps) {
  const titleId = useId();
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <div className={styles.cardHead}>
        <div>
          <h2 id={titleId} className={styles.cardTitle}>
            {event.name}
          </h2>
          <span className={styles.muted}>
            {sportName(event.sportId)} · {event.seriesName} ·{' '}
            <time dateTime={event.startTime}>{formatTime(event.startTime)}</time> ·{' '}
            {statusWord(event.status)}
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
            {event.markets.map((market) => (
              <MarketRow
                key={market.marketId}
                event={event}
                market={market}
                isSuspending={busy === `suspend-${market.marketId}`}
                onSuspend={onSuspend}
                onDialog={onDialog}
              />
            ))}
            {event.fancy.map((session) => (
              <FancyRow
                key={session.selectionId}
                event={event}
                session={session}
                onDialog={onDialog}
              />
            ))}
          </tbody>
        </table>
      </div>
    </article>
  );
}

interface MarketRowProps extends Pick<EventCardProps, 'event' | 'onSuspend' | 'onDialog'> {
  readonly market: BoMarket;
  /** Its suspension or resumption is in flight. */
  readonly isSuspending: boolean;
}

function MarketRow({ event, market, isSuspending, onSuspend, onDialog }: MarketRowProps) {
  const label = `${market.name} (${event.name})`;
  return (
    <tr>
      <td>
        {market.name}
        <div className={styles.muted}>{market.marketId}</div>
      </td>
      <td>
        {statusWord(market.status)}
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
            disabled={isSuspending}
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
                onClick={() => onDialog({ kind: 'void', target: market.marketId, label })}
              >
                Void
              </button>
            </>
          ) : (
            <button
              type="button"
              className={styles.secondary}
              aria-label={`Roll back ${label}`}
              onClick={() => onDialog({ kind: 'rollback', target: market.marketId, label })}
            >
              Roll back
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}

interface FancyRowProps extends Pick<EventCardProps, 'event' | 'onDialog'> {
  readonly session: BoFancy;
}

function FancyRow({ event, session, onDialog }: FancyRowProps) {
  const label = `the fancy session ${session.name} (${event.name})`;
  return (
    <tr>
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
                onClick={() => onDialog({ kind: 'void', target: session.selectionId, label })}
              >
                Void
              </button>
            </>
          ) : (
            <button
              type="button"
              className={styles.secondary}
              aria-label={`Roll back ${session.name} (${event.name})`}
              onClick={() => onDialog({ kind: 'rollback', target: session.selectionId, label })}
            >
              Roll back
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}
