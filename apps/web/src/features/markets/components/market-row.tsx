import type { MarketBookWire, MarketListItem } from '@backlay/contract/markets';
import { cellIsSuspended, RUNNER_ACTIVE, runnerDisplayOrder } from '@backlay/domain';
import { memo } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { OddsCell } from '../../../ui/odds-cell';
import { IN_PLAY } from '../api/get-market-list';
import styles from './market-list.module.css';

/** Where a market row leads: the event route and its router state (built by the app). */
export interface MarketLink {
  readonly to: string;
  readonly state?: unknown;
}

type Runner = MarketBookWire['runners'][number];

/**
 * SUSPENDED in words, never colour alone (docs/decisions.md#look). On the list screens there is no event lock
 * to read, so only the runner's status decides (docs/product.md#states: anything but ACTIVE is suspended).
 */
const SUSPENDED = 'SUSPENDED';

const runnerSuspended = (runner: Runner | undefined) =>
  runner !== undefined && cellIsSuspended(true, runner.status);

/**
 * One runner's back and lay. `isCovered` when the row's own band lies over every pair: then the
 * pair draws no label of its own, so the band is the one SUSPENDED the row shows.
 */
function RunnerCells({ runner, isCovered }: { runner: Runner | undefined; isCovered: boolean }) {
  const back = runner?.ex.availableToBack[0];
  const lay = runner?.ex.availableToLay[0];
  const suspended = !isCovered && runnerSuspended(runner);
  return (
    <span className={styles.pair} data-testid="runner-odds">
      <OddsCell side="back" price={back?.price} size={back?.size} />
      <OddsCell side="lay" price={lay?.price} size={lay?.size} />
      {suspended && <span className={styles.pairSuspended}>{SUSPENDED}</span>}
    </span>
  );
}

/**
 * One market of a list: match name (the link), series, start time, the in-play marker, and the
 * first back and lay of each runner in display order (docs/product.md#screens; three runners show 1, X, 2).
 * Memoised on the market and its book: the merge keeps an unchanged book's reference.
 */
export const MarketRow = memo(function MarketRow({
  market,
  book,
  columns,
  marketLink,
}: {
  market: MarketListItem;
  book: MarketBookWire | undefined;
  columns: number;
  marketLink: (market: MarketListItem) => MarketLink;
}) {
  const link = marketLink(market);
  const runners = book ? runnerDisplayOrder(book.runners) : [];
  const slots = Array.from({ length: Math.max(columns, runners.length) }, (_, i) => runners[i]);
  // A market suspended as a whole, or with every runner suspended, shows one band across all its
  // price cells; a lone suspended runner of an open market shows its own.
  const rowSuspended =
    book !== undefined &&
    (book.status !== RUNNER_ACTIVE ||
      (runners.length > 0 && runners.every((runner) => runnerSuspended(runner))));
  const inPlay = market.MarketStatus === IN_PLAY || book?.inplay === true;
  return (
    <li className={styles.row} data-testid="market-row" data-market-id={market.MarketId}>
      <div className={styles.event}>
        <Link to={link.to} state={link.state} className={styles.name}>
          {market.MarketName}
        </Link>
        <span className={styles.meta}>
          {inPlay && <span className={styles.inPlay}>In-play</span>}
          <span className={styles.series}>{market.SeriesName}</span>
          <time dateTime={market.MarketTime}>{formatDateTime(market.MarketTime)}</time>
        </span>
      </div>
      <div className={styles.odds} data-columns={slots.length}>
        {slots.map((runner, index) => (
          <RunnerCells
            key={runner?.selectionId ?? `slot-${index}`}
            runner={runner}
            isCovered={rowSuspended}
          />
        ))}
        {rowSuspended && (
          <span className={styles.suspended} data-testid="row-suspended">
            {SUSPENDED}
          </span>
        )}
      </div>
    </li>
  );
});
