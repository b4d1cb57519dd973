import type { MarketType } from '@backlay/domain';
import { betTypeFromSide, cellIsSuspended, positionTone } from '@backlay/domain';
import { memo, Suspense, useCallback, useMemo, useDeferredValue, useState } from 'react';
import {
  betCellKey,
  cellChosen,
  useMarketChoice,
  type BetChoiceStore,
} from '../../../lib/bet-selection';
import { formatAmount, formatMoney } from '../../../lib/format';
import { LiveOddsCell, SuspendedBand } from '../../../ui/odds-cell';
import type { RunnerBook } from '../api/get-profit-loss-on-runners';
import { cashOutMarketOf, hasOpenPosition } from '../cash-out';
import { PriceAge } from '../freshness';
import {
  LADDER_DEPTH,
  runnerSide,
  type TableBoard,
  type TableMarket,
  type TableRunner,
} from '../market-model';
import { liveFigures, useSourceSelect, type PriceSource } from '../price-source';
import { runnerWhatIf } from '../what-if';
import { WhatIf } from './what-if-figure';
import { lazyComponent } from '../../../ui/lazy-component';
import styles from './event-tables.module.css';

/** The cash out dialog, fetched when opened. */
const CashOutModal = lazyComponent(async () => (await import('./cash-out-modal')).CashOutModal);

/** docs/product.md#states: anything but an open event and an ACTIVE runner is suspended, said in words. */
export const SUSPENDED = 'SUSPENDED';

/** Who is betting where, and where a click on a price goes (the screen's open slip). */
export interface SelectionContext {
  readonly sportsId: number;
  readonly eventId: number;
  readonly choice: BetChoiceStore;
}

interface MarketInfo {
  readonly marketId: string;
  readonly marketName: string;
  readonly marketType: MarketType;
  readonly minStake: number;
  readonly maxStake: number;
  readonly sportsId: number;
  readonly eventId: number;
  readonly choice: BetChoiceStore;
  readonly board: PriceSource<TableBoard>;
  readonly onOpenBook: () => void;
}

type Side = 'back' | 'lay';

/** A deeper level the feed does not quote: an empty, inert slot. */
const EMPTY_LEVEL = <span className={styles.emptyLevel} aria-hidden="true" />;

/** The levels past the best, 1 … depth − 1. */
const deeperLevels = (depth: number) => Array.from({ length: depth - 1 }, (_, i) => i + 1);

/**
 * One level of one side of a runner. Its figures reach its cell from the cache on their own, so
 * a tick renders no row and no table (docs/conventions.md#memoised-rows).
 */
const LadderCell = memo(function LadderCell({
  info,
  selectionId,
  runnerName,
  side,
  level,
  isSuspended,
}: {
  info: MarketInfo;
  selectionId: string;
  runnerName: string;
  side: Side;
  level: number;
  isSuspended: boolean;
}) {
  const pick = useCallback(
    (board: TableBoard) => runnerSide(board.byId.get(selectionId), side)[level],
    [selectionId, side, level],
  );
  const figures = useMemo(
    () =>
      liveFigures(info.board, (board) => {
        const quote = pick(board);
        return { price: quote?.price, size: quote?.size };
      }),
    [info.board, pick],
  );
  const betType = betTypeFromSide(side === 'back' ? 0 : 1, false);
  const cell = betCellKey({ marketId: info.marketId, selectionId, betType }, level);
  const isChosen = useMemo(() => cellChosen(info.choice, cell), [info.choice, cell]);
  const choose = useCallback(() => {
    const odds = pick(info.board.read())?.price;
    if (odds === undefined || isSuspended) return;
    info.choice.choose(
      {
        sportsId: info.sportsId,
        eventId: info.eventId,
        marketId: info.marketId,
        marketName: info.marketName,
        marketType: info.marketType,
        selectionId,
        runnerName,
        betType,
        odds,
        price: 0,
        minStake: info.minStake,
        maxStake: info.maxStake,
      },
      cell,
    );
  }, [info, pick, isSuspended, selectionId, runnerName, betType, cell]);
  return (
    <LiveOddsCell
      side={side}
      figures={figures}
      whenPriceless={level > 0 ? EMPTY_LEVEL : undefined}
      isDeep={level > 0}
      isDisabled={isSuspended}
      selected={isChosen}
      onSelect={choose}
    />
  );
});

/** A row renders when its runner's status changes; its cells follow their own figures. */
const RunnerRow = memo(function RunnerRow({
  info,
  selectionId,
  name,
  depth,
  isEventOpen,
  book,
  whatIf,
}: {
  info: MarketInfo;
  selectionId: string;
  name: string;
  /** Levels a side shows on wider screens (phones show the best only, by CSS). */
  depth: number;
  isEventOpen: boolean;
  book: number | undefined;
  /** The runner's book if the open slip's bet is placed (rupees), while the client types. */
  whatIf: number | undefined;
}) {
  const status = useSourceSelect(
    info.board,
    useCallback(
      (board: TableBoard) => board.byId.get(selectionId)?.status ?? SUSPENDED,
      [selectionId],
    ),
  );
  const isSuspended = cellIsSuspended(isEventOpen, status);
  const cell = (side: Side, level: number) => (
    <LadderCell
      key={`${side}${level}`}
      info={info}
      selectionId={selectionId}
      runnerName={name}
      side={side}
      level={level}
      isSuspended={isSuspended}
    />
  );
  const deeper = deeperLevels(depth);
  return (
    <li
      className={styles.row}
      data-testid="runner-row"
      data-selection-id={selectionId}
      data-depth={depth}
    >
      <div className={styles.runner}>
        <span className={styles.runnerName}>{name}</span>
        {(book !== undefined || whatIf !== undefined) && (
          <span className={styles.book}>
            {book !== undefined && (
              <button
                type="button"
                className={styles.figure}
                data-tone={positionTone(book)}
                aria-label={`Book of ${name}: ${formatMoney(book)}`}
                onClick={info.onOpenBook}
              >
                {formatMoney(book)}
              </button>
            )}
            {whatIf !== undefined && <WhatIf figure={whatIf} />}
          </span>
        )}
      </div>
      <div className={styles.cells} data-depth={depth} data-suspended={isSuspended}>
        {deeper.length > 0 && (
          <span className={styles.deeper}>
            {[...deeper].reverse().map((level) => cell('back', level))}
          </span>
        )}
        {cell('back', 0)}
        {cell('lay', 0)}
        {deeper.length > 0 && (
          <span className={styles.deeper}>{deeper.map((level) => cell('lay', level))}</span>
        )}
        {isSuspended && <SuspendedBand label={SUSPENDED} />}
      </div>
    </li>
  );
});

const blank = (level: number) => <span key={level} />;

type Head = Pick<TableMarket, 'marketId' | 'marketName' | 'marketType' | 'minStake' | 'maxStake'>;

const headOf = (board: TableBoard): Head => board.table;
const sameHead = (a: Head, b: Head) =>
  a.marketId === b.marketId &&
  a.marketName === b.marketName &&
  a.marketType === b.marketType &&
  a.minStake === b.minStake &&
  a.maxStake === b.maxStake;

const runnersOf = (board: TableBoard): readonly TableRunner[] => board.table.runners;
/** The rows of a table: the same runners, in the same order, with the same names. */
const sameRows = (a: readonly TableRunner[], b: readonly TableRunner[]) =>
  a.length === b.length &&
  a.every((runner, i) => runner.selectionId === b[i]?.selectionId && runner.name === b[i]?.name);

const NO_BOOK: RunnerBook = new Map();
const nothing = () => {};

/**
 * One market of the event (docs/product.md#screens): its name and Min/Max stake, then per runner its name, its
 * book figure (green or red; a click opens the user book) and its back and lay, price large and
 * size small. Match odds show three levels a side on wider screens, as exchanges do: backs worst
 * to best, then the best lay and the lays best to worst, the best two strong under the "Back" and
 * "Lay" headers, the deeper ones lighter; phones show the best only. A cell is a button choosing
 * that price for the slip (the server re-checks it); unless the event is unlocked and the runner
 * ACTIVE a red SUSPENDED band covers the runner's cells. While the client types a stake for one
 * of its prices, each runner shows what its book would become ("» figure"). The table renders
 * when its runners change or that stake does; prices reach their cells alone. A match odds or
 * bookmaker market where the client holds a position (a book not the same on every runner) has
 * Cash Out in its header, which opens the cash out of that position (docs/architecture.md,
 * "Cash out").
 */
export const MarketTable = memo(function MarketTable({
  board,
  isEventOpen,
  book,
  context,
  onOpenBook,
  depth,
  betDelay = 0,
  onCashedOut = nothing,
}: {
  board: PriceSource<TableBoard>;
  isEventOpen: boolean;
  book: RunnerBook | undefined;
  context: SelectionContext;
  onOpenBook: (marketId: string) => void;
  /** Levels a side shows on wider screens; default three for match odds, one otherwise. */
  depth?: 1 | typeof LADDER_DEPTH;
  /** Seconds the server holds a bet on this market (its in-play delay); 0 or none when none. */
  betDelay?: number;
  /** A cash out was answered: the screen refreshes balance, bets and books. */
  onCashedOut?: () => void;
}) {
  const { marketId, marketName, marketType, minStake, maxStake } = useSourceSelect(
    board,
    headOf,
    sameHead,
  );
  // New rows mount in a deferred render, in slices that leave the page answering (the first
  // prices of a screen are dozens of rows at once); a tick changes no row.
  const runners = useDeferredValue(useSourceSelect(board, runnersOf, sameRows));
  // While the client types a stake for a price of this market, each runner shows its book as
  // that bet would leave it; the other tables do not render.
  const chosen = useMarketChoice(context.choice, marketId);
  const whatIf = useMemo(
    () =>
      runnerWhatIf(
        chosen,
        runners.map((runner) => runner.selectionId),
        book,
      ),
    [chosen, runners, book],
  );
  const cashOutMarket = cashOutMarketOf(marketType);
  const canCashOut = useMemo(
    () =>
      cashOutMarket !== null &&
      hasOpenPosition(
        runners.map((runner) => runner.selectionId),
        book,
      ),
    [cashOutMarket, runners, book],
  );
  const [isCashingOut, setCashingOut] = useState(false);
  const closeCashOut = useCallback(() => setCashingOut(false), []);
  const levels = depth ?? (marketType === 'MATCH_ODDS' ? LADDER_DEPTH : 1);
  const { sportsId, eventId, choice } = context;
  const info = useMemo<MarketInfo>(
    () => ({
      marketId,
      marketName,
      marketType,
      minStake,
      maxStake,
      sportsId,
      eventId,
      choice,
      board,
      onOpenBook: () => onOpenBook(marketId),
    }),
    [
      marketId,
      marketName,
      marketType,
      minStake,
      maxStake,
      sportsId,
      eventId,
      choice,
      board,
      onOpenBook,
    ],
  );
  const titleId = `market-${marketId}`;
  return (
    <section className={styles.table} aria-labelledby={titleId} data-market-id={marketId}>
      <header className={styles.head}>
        <span className={styles.heading}>
          <h2 id={titleId} className={styles.title}>
            {marketName}
          </h2>
          {canCashOut && (
            <button
              type="button"
              className={styles.cashOut}
              aria-haspopup="dialog"
              aria-describedby={titleId}
              onClick={() => setCashingOut(true)}
            >
              Cash Out
            </button>
          )}
        </span>
        <PriceAge />
        <span className={styles.limits}>
          Min: {formatAmount(minStake)} Max: {formatAmount(maxStake)}
        </span>
      </header>
      <div className={styles.columns} data-depth={levels} aria-hidden="true">
        <span />
        <span className={styles.columnPair} data-depth={levels}>
          {levels > 1 && <span className={styles.deeper}>{deeperLevels(levels).map(blank)}</span>}
          <span className={styles.columnBack}>Back</span>
          <span className={styles.columnLay}>Lay</span>
          {levels > 1 && <span className={styles.deeper}>{deeperLevels(levels).map(blank)}</span>}
        </span>
      </div>
      <ul className={styles.rows}>
        {runners.map((runner) => (
          <RunnerRow
            key={runner.selectionId}
            info={info}
            selectionId={runner.selectionId}
            name={runner.name}
            depth={levels}
            isEventOpen={isEventOpen}
            book={book?.get(Number(runner.selectionId))}
            whatIf={whatIf?.get(runner.selectionId)}
          />
        ))}
      </ul>
      <Suspense fallback={null}>
        {isCashingOut && cashOutMarket !== null && (
          <CashOutModal
            market={cashOutMarket}
            marketId={marketId}
            marketName={marketName}
            eventId={eventId}
            board={board}
            isEventOpen={isEventOpen}
            book={book ?? NO_BOOK}
            betDelay={betDelay}
            onAnswered={onCashedOut}
            onClose={closeCashOut}
          />
        )}
      </Suspense>
    </section>
  );
});
