import type { MarketType } from '@backlay/domain';
import { betTypeFromSide, cellIsSuspended, positionTone } from '@backlay/domain';
import { memo, useMemo, useState } from 'react';
import { betSelectionKey, type BetSelection } from '../../../lib/bet-selection';
import { formatAmount, formatMoney } from '../../../lib/format';
import { OddsCell, SuspendedBand } from '../../../ui/odds-cell';
import { PriceAge } from '../freshness';
import { LADDER_DEPTH, type Quote, type TableMarket, type TableRunner } from '../market-model';
import styles from './event-tables.module.css';

/** SPEC §4: anything but an open event and an ACTIVE runner is suspended, said in words. */
export const SUSPENDED = 'SUSPENDED';

/** Who is betting where, and what a click on a price does (choose it for the slip). */
export interface SelectionContext {
  readonly sportsId: number;
  readonly eventId: number;
  /** The key of the cell chosen for the slip (see `betSelectionKey`), to mark it pressed. */
  readonly selectedKey: string | null;
  readonly onSelect: (selection: BetSelection) => void;
}

interface MarketInfo {
  readonly marketId: string;
  readonly marketName: string;
  readonly marketType: MarketType;
  readonly minStake: number;
  readonly maxStake: number;
  readonly sportsId: number;
  readonly eventId: number;
  readonly onSelect: (selection: BetSelection) => void;
  readonly onOpenBook: () => void;
}

type Side = 'back' | 'lay';

interface RowProps {
  info: MarketInfo;
  selectionId: string;
  name: string;
  status: string;
  /** Best first: the best level shows a dash when unquoted; deeper ones are the quoted levels. */
  backs: readonly Quote[];
  lays: readonly Quote[];
  /** Levels a side shows on wider screens (phones show the best only, by CSS). */
  depth: number;
  isEventOpen: boolean;
  book: number | undefined;
  selectedSide: Side | null;
}

/** The levels past the best, 1 … depth − 1. */
const deeperLevels = (depth: number) => Array.from({ length: depth - 1 }, (_, i) => i + 1);

const sameLadder = (a: readonly Quote[], b: readonly Quote[]) =>
  a === b ||
  (a.length === b.length &&
    a.every((level, i) => level.price === b[i]?.price && level.size === b[i]?.size));

/** Primitives, a stable market object and ladders compared level by level. */
const rowPropsEqual = (prev: RowProps, next: RowProps) =>
  (Object.keys(next) as (keyof RowProps)[]).every((key) =>
    key === 'backs' || key === 'lays'
      ? sameLadder(prev[key], next[key])
      : Object.is(prev[key], next[key]),
  );

/** A row renders when its own figures change, not on every tick of the market. */
const RunnerRow = memo(function RunnerRow({
  info,
  selectionId,
  name,
  status,
  backs,
  lays,
  depth,
  isEventOpen,
  book,
  selectedSide,
}: RowProps) {
  const isSuspended = cellIsSuspended(isEventOpen, status);
  // The level of the chosen side that was clicked, so that cell (not always the best) is pressed.
  const [chosenLevel, setChosenLevel] = useState(0);
  const choose = (side: Side, level: number, odds: number | undefined) => {
    if (odds === undefined || isSuspended) return noop;
    return () => {
      setChosenLevel(level);
      info.onSelect({
        sportsId: info.sportsId,
        eventId: info.eventId,
        marketId: info.marketId,
        marketName: info.marketName,
        marketType: info.marketType,
        selectionId,
        runnerName: name,
        betType: betTypeFromSide(side === 'back' ? 0 : 1, false),
        odds,
        price: 0,
        minStake: info.minStake,
        maxStake: info.maxStake,
      });
    };
  };
  const cell = (side: Side, level: number) => {
    const quote = (side === 'back' ? backs : lays)[level];
    if (level > 0 && quote === undefined)
      return <span key={`${side}${level}`} className={styles.emptyLevel} aria-hidden="true" />;
    return (
      <OddsCell
        key={`${side}${level}`}
        side={side}
        price={quote?.price}
        size={quote?.size}
        isDeep={level > 0}
        isDisabled={isSuspended}
        isSelected={selectedSide === side && chosenLevel === level}
        onSelect={choose(side, level, quote?.price)}
      />
    );
  };
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
}, rowPropsEqual);

const NO_QUOTES: readonly Quote[] = [];
const ladderOf = (ladder: readonly Quote[] | undefined, best: Quote | undefined) =>
  ladder ?? (best === undefined ? NO_QUOTES : [best]);

const noop = () => {};

const blank = (level: number) => <span key={level} />;

/**
 * One market of the event (SPEC §2): its name and Min/Max stake, then per runner its name, its
 * book figure (green or red; a click opens the user book) and its back and lay, price large and
 * size small. Match odds show three levels a side on wider screens, as exchanges do: backs worst
 * to best, then the best lay and the lays best to worst, the best two strong under the "Back" and
 * "Lay" headers, the deeper ones lighter; phones show the best only. A cell is a button choosing
 * that price for the slip (the server re-checks it); unless the event is unlocked and the runner
 * ACTIVE a red SUSPENDED band covers the runner's cells.
 */
export function MarketTable({
  market,
  isEventOpen,
  book,
  context,
  onOpenBook,
  depth = market.marketType === 'MATCH_ODDS' ? LADDER_DEPTH : 1,
}: {
  market: TableMarket;
  isEventOpen: boolean;
  book: ReadonlyMap<number, number> | undefined;
  context: SelectionContext;
  onOpenBook: (marketId: string) => void;
  /** Levels a side shows on wider screens; default three for match odds, one otherwise. */
  depth?: 1 | typeof LADDER_DEPTH;
}) {
  const { marketId, marketName, marketType, minStake, maxStake } = market;
  const { sportsId, eventId, onSelect, selectedKey } = context;
  const info = useMemo<MarketInfo>(
    () => ({
      marketId,
      marketName,
      marketType,
      minStake,
      maxStake,
      sportsId,
      eventId,
      onSelect,
      onOpenBook: () => onOpenBook(marketId),
    }),
    [marketId, marketName, marketType, minStake, maxStake, sportsId, eventId, onSelect, onOpenBook],
  );
  const sideOf = (runner: TableRunner) => {
    const key = (betType: 'Back' | 'Lay') =>
      betSelectionKey({ marketId, selectionId: runner.selectionId, betType });
    if (selectedKey === key('Back')) return 'back';
    if (selectedKey === key('Lay')) return 'lay';
    return null;
  };
  const titleId = `market-${marketId}`;
  return (
    <section className={styles.table} aria-labelledby={titleId} data-market-id={marketId}>
      <header className={styles.head}>
        <h2 id={titleId} className={styles.title}>
          {marketName}
        </h2>
        <PriceAge />
        <span className={styles.limits}>
          Min: {formatAmount(minStake)} Max: {formatAmount(maxStake)}
        </span>
      </header>
      <div className={styles.columns} data-depth={depth} aria-hidden="true">
        <span />
        <span className={styles.columnPair} data-depth={depth}>
          {depth > 1 && <span className={styles.deeper}>{deeperLevels(depth).map(blank)}</span>}
          <span className={styles.columnBack}>Back</span>
          <span className={styles.columnLay}>Lay</span>
          {depth > 1 && <span className={styles.deeper}>{deeperLevels(depth).map(blank)}</span>}
        </span>
      </div>
      <ul className={styles.rows}>
        {market.runners.map((runner) => (
          <RunnerRow
            key={runner.selectionId}
            info={info}
            selectionId={runner.selectionId}
            name={runner.name}
            status={runner.status}
            backs={ladderOf(runner.backs, runner.back)}
            lays={ladderOf(runner.lays, runner.lay)}
            depth={depth}
            isEventOpen={isEventOpen}
            book={book?.get(Number(runner.selectionId))}
            selectedSide={sideOf(runner)}
          />
        ))}
      </ul>
    </section>
  );
}
