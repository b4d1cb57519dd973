import type { MarketType } from '@backlay/domain';
import { betTypeFromSide, cellIsSuspended, positionTone } from '@backlay/domain';
import { memo, useMemo } from 'react';
import { betSelectionKey, type BetSelection } from '../../../lib/bet-selection';
import { formatAmount, formatMoney } from '../../../lib/format';
import { OddsCell, SuspendedBand } from '../../../ui/odds-cell';
import type { TableMarket, TableRunner } from '../market-model';
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

/** Memoised on primitives and a stable market object: a row renders when its figures change. */
const RunnerRow = memo(function RunnerRow({
  info,
  selectionId,
  name,
  status,
  backPrice,
  backSize,
  layPrice,
  laySize,
  isEventOpen,
  book,
  selectedSide,
}: {
  info: MarketInfo;
  selectionId: string;
  name: string;
  status: string;
  backPrice: number | undefined;
  backSize: number | undefined;
  layPrice: number | undefined;
  laySize: number | undefined;
  isEventOpen: boolean;
  book: number | undefined;
  selectedSide: 'back' | 'lay' | null;
}) {
  const isSuspended = cellIsSuspended(isEventOpen, status);
  const choose = (side: 0 | 1) => {
    const odds = side === 0 ? backPrice : layPrice;
    if (odds === undefined || isSuspended) return undefined;
    return () =>
      info.onSelect({
        sportsId: info.sportsId,
        eventId: info.eventId,
        marketId: info.marketId,
        marketName: info.marketName,
        marketType: info.marketType,
        selectionId,
        runnerName: name,
        betType: betTypeFromSide(side, false),
        odds,
        price: 0,
        minStake: info.minStake,
        maxStake: info.maxStake,
      });
  };
  return (
    <li className={styles.row} data-testid="runner-row" data-selection-id={selectionId}>
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
      <div className={styles.cells} data-suspended={isSuspended}>
        <OddsCell
          side="back"
          price={backPrice}
          size={backSize}
          isDisabled={isSuspended}
          isSelected={selectedSide === 'back'}
          onSelect={choose(0) ?? noop}
        />
        <OddsCell
          side="lay"
          price={layPrice}
          size={laySize}
          isDisabled={isSuspended}
          isSelected={selectedSide === 'lay'}
          onSelect={choose(1) ?? noop}
        />
        {isSuspended && <SuspendedBand label={SUSPENDED} />}
      </div>
    </li>
  );
});

const noop = () => {};

/**
 * One market of the event (SPEC §2): its name and Min/Max stake, then per runner its name, its
 * book figure (green or red; a click opens the user book) and its first back and lay, price large
 * and size small. A cell is a button choosing that price for the slip; unless the event is
 * unlocked and the runner ACTIVE a red SUSPENDED band covers the runner's cells.
 */
export function MarketTable({
  market,
  isEventOpen,
  book,
  context,
  onOpenBook,
}: {
  market: TableMarket;
  isEventOpen: boolean;
  book: ReadonlyMap<number, number> | undefined;
  context: SelectionContext;
  onOpenBook: (marketId: string) => void;
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
        <span className={styles.limits}>
          Min: {formatAmount(minStake)} Max: {formatAmount(maxStake)}
        </span>
      </header>
      <div className={styles.columns} aria-hidden="true">
        <span />
        <span className={styles.columnPair}>
          <span className={styles.columnBack}>Back</span>
          <span className={styles.columnLay}>Lay</span>
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
            backPrice={runner.back?.price}
            backSize={runner.back?.size}
            layPrice={runner.lay?.price}
            laySize={runner.lay?.size}
            isEventOpen={isEventOpen}
            book={book?.get(Number(runner.selectionId))}
            selectedSide={sideOf(runner)}
          />
        ))}
      </ul>
    </section>
  );
}
