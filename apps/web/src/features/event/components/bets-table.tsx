import type { BetListItem } from '@backlay/contract/bets';
import { betOddsDisplay, betRowIsLay } from '@backlay/domain';
import { useRef, useState } from 'react';
import { toast } from '../../../lib/toast';
import { newIdempotencyKey } from '../../../lib/api';
import { formatCountdown, secondsLeft, useCountdownNow } from '../../../lib/countdown';
import { formatAmount, formatCompactTime, formatDateTime } from '../../../lib/format';
import { marketTypeLabel } from '../../../lib/market-type-label';
import { Tabs } from '../../../ui/tabs';
import { useCancelBet } from '../api/cancel-bet';
import styles from './bets-table.module.css';

export const NO_DATA = 'No data available';

/** What a cancelled bet says beside its time. */
export const CANCELLED = 'Cancelled';

type BetTab = 'all' | 'match' | 'fancy';

const isFancy = (bet: BetListItem) => bet.MarketType === 'FANCY';

const TAB_BETS: Record<BetTab, (bet: BetListItem) => boolean> = {
  all: () => true,
  match: (bet) => !isFancy(bet),
  fancy: isFancy,
};

const COLUMNS = ['No.', 'Runner', 'Odds', 'Stack', 'Bet Type', 'Market Type', 'Time'] as const;

/** Until when an open bet may be cancelled (epoch ms, the server's word), or null. */
const cancelUntil = (bet: BetListItem): number | null =>
  bet.Status === 'Pending' && bet.CancelUntil !== null ? Date.parse(bet.CancelUntil) : null;

/** A time in the list: compact, with the full date as its title. */
function BetTime({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {formatCompactTime(iso)}
    </time>
  );
}

/**
 * Cancel on an open bet while the server allows it (docs/architecture.md, "Cancelling a bet"),
 * with the time left as `m:ss`: it sends the bet's id with an Idempotency-Key (kept by retries)
 * and toasts the answer, and the screen refreshes the bets, books and balance whatever it was.
 * Gone once the time is up on the client's clock (the server is the judge), unless a press is
 * already out.
 */
function CancelButton({
  betId,
  left,
  onAnswered,
}: {
  betId: string;
  left: number;
  onAnswered: () => void;
}) {
  const cancelling = useCancelBet();
  // A double tap lands before the disabled button renders: one cancel at a time.
  const isSending = useRef(false);
  if (left <= 0 && !cancelling.isPending) return null;

  async function cancel() {
    if (isSending.current) return;
    isSending.current = true;
    try {
      const answer = await cancelling.mutateAsync({ betId, idempotencyKey: newIdempotencyKey() });
      if (answer.Status) toast.success(answer.Result);
      else toast.error(answer.Result);
    } catch (error) {
      toast.error(error instanceof Error && error.message !== '' ? error.message : 'Cancel failed');
    } finally {
      isSending.current = false;
      onAnswered();
    }
  }

  const countdown = formatCountdown(left);
  return (
    <button
      type="button"
      className={styles.cancel}
      disabled={cancelling.isPending}
      title={`Cancel this bet: ${countdown} left`}
      onClick={() => void cancel()}
    >
      {cancelling.isPending ? (
        'Cancelling…'
      ) : (
        <>
          Cancel <span className={styles.countdown}>{countdown}</span>
        </>
      )}
    </button>
  );
}

/**
 * The event's bets (docs/product.md#screens): tabs All, Match Bets and Fancy Bets, each with its count; columns
 * No., Runner, Odds (fancy as `line (rate)`), Stack, Bet Type, Market Type (as a reader names it)
 * and Time (compact: today's bets by the clock alone); a No or Lay row is styled lay, any other
 * back; 'No data available' when a tab is empty. Words wrap between words, never inside one.
 * An open bet the server still lets the client cancel shows Cancel with the time left, counting
 * down; a cancelled bet shows muted, with the time it was cancelled.
 */
export function BetsTable({
  bets,
  onCancelAnswered,
}: {
  bets: readonly BetListItem[];
  /** A cancel was answered: the screen refreshes balance, bets and positions. */
  onCancelAnswered: () => void;
}) {
  const [tab, setTab] = useState<BetTab>('all');
  const now = useCountdownNow(
    bets.flatMap((bet) => {
      const until = cancelUntil(bet);
      return until === null ? [] : [until];
    }),
  );
  const count = (key: BetTab) => bets.filter(TAB_BETS[key]).length;
  const shown = bets.filter(TAB_BETS[tab]);
  return (
    <section className={styles.bets} aria-label="Bets">
      <Tabs
        label="Bets"
        selected={tab}
        onSelect={setTab}
        tabs={[
          { key: 'all', label: `All (${count('all')})` },
          { key: 'match', label: `Match Bets (${count('match')})` },
          { key: 'fancy', label: `Fancy Bets (${count('fancy')})` },
        ]}
      >
        <table className={styles.table}>
          <thead>
            <tr>
              {COLUMNS.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.length === 0 ? (
              <tr>
                <td colSpan={COLUMNS.length} className={styles.empty}>
                  {NO_DATA}
                </td>
              </tr>
            ) : (
              shown.map((bet, index) => {
                const isLay = betRowIsLay(bet.BetType);
                const isCancelled = bet.Status === 'Cancelled';
                const until = cancelUntil(bet);
                return (
                  <tr
                    key={bet.BetId}
                    className={isCancelled ? styles.cancelled : isLay ? styles.lay : styles.back}
                    data-side={isLay ? 'lay' : 'back'}
                    data-status={bet.Status}
                  >
                    <td>{index + 1}</td>
                    <td className={styles.runner}>{bet.SelectionName}</td>
                    <td>{betOddsDisplay(bet)}</td>
                    <td>{formatAmount(bet.Stack)}</td>
                    <td>{bet.BetType}</td>
                    <td className={styles.marketType}>{marketTypeLabel(bet.MarketType)}</td>
                    <td className={styles.time}>
                      <BetTime iso={bet.createdOn} />
                      {isCancelled && bet.cancelledOn !== null && (
                        <span className={styles.cancelledOn}>
                          {CANCELLED} <BetTime iso={bet.cancelledOn} />
                        </span>
                      )}
                      {until !== null && (
                        <CancelButton
                          betId={bet.BetId}
                          left={secondsLeft(until, now)}
                          onAnswered={onCancelAnswered}
                        />
                      )}
                    </td>
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </Tabs>
    </section>
  );
}
