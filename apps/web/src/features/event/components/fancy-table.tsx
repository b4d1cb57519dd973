import type { BetListItem } from '@backlay/contract/bets';
import {
  betTypeFromSide,
  fancyRowIsOpen,
  positionTone,
  runnerNameScrolls,
  type FancyPrice,
  type FancyRow,
} from '@backlay/domain';
import { memo, useCallback, useId, useMemo, useState, useDeferredValue } from 'react';
import {
  betCellKey,
  cellChosen,
  useMarketChoice,
  type BetChoiceStore,
} from '../../../lib/bet-selection';
import { formatAmount, formatMoney } from '../../../lib/format';
import { LiveOddsCell, SuspendedBand } from '../../../ui/odds-cell';
import type { FancyPositions } from '../api/get-fancy-position';
import { MarketFreshness, PriceAge } from '../freshness';
import type { FancyBoard } from '../market-model';
import { liveFigures, useSourceSelect, type PriceSource } from '../price-source';
import { fancyWhatIf } from '../what-if';
import type { SelectionContext } from './market-table';
import { WhatIf } from './what-if-figure';
import styles from './event-tables.module.css';

/** The fancy bets' market name on the slip: fancy rows belong to the event (docs/decisions.md#api). */
export const FANCY_MARKET_NAME = 'Fancy';

/** A status that lets the row take bets shows no overlay; any other is said in words. */
const hasOverlay = (gameStatus: string) => gameStatus !== '' && gameStatus !== 'ACTIVE';

interface FancyInfo {
  readonly sportsId: number;
  readonly eventId: number;
  readonly choice: BetChoiceStore;
  readonly board: PriceSource<FancyBoard>;
  readonly onOpenPosition: (selectionId: string, runnerName: string) => void;
}

type Side = 'back' | 'lay';

/** A side of a row: No (lay) and Yes (back), each a line (large) and a rate (small). */
interface Figures {
  readonly line: FancyPrice;
  readonly rate: FancyPrice;
}

const figuresOf = (row: FancyRow | undefined, side: Side): Figures | undefined =>
  row &&
  (side === 'lay'
    ? { line: row.LayPrice1, rate: row.LaySize1 }
    : { line: row.BackPrice1, rate: row.BackSize1 });

/**
 * One side of a fancy row. Its figures reach its cell from the cache on their own, so a tick
 * renders no row and no table (docs/conventions.md#memoised-rows).
 */
const FancyCell = memo(function FancyCell({
  info,
  selectionId,
  side,
  isOpen,
}: {
  info: FancyInfo;
  selectionId: string;
  side: Side;
  isOpen: boolean;
}) {
  const figures = useMemo(
    () =>
      liveFigures(info.board, (board) => {
        const shown = figuresOf(board.byId.get(selectionId), side);
        return { price: shown?.line, size: shown?.rate };
      }),
    [info.board, selectionId, side],
  );
  const betType = betTypeFromSide(side === 'back' ? 0 : 1, true);
  const cell = betCellKey({ marketId: String(info.eventId), selectionId, betType }, 0);
  const isChosen = useMemo(() => cellChosen(info.choice, cell), [info.choice, cell]);
  const choose = useCallback(() => {
    const row = info.board.read().byId.get(selectionId);
    const chosen = figuresOf(row, side);
    if (!row || !chosen || !fancyRowIsOpen(row)) return;
    const { line, rate } = chosen;
    if (typeof line !== 'number' || typeof rate !== 'number') return;
    info.choice.choose(
      {
        sportsId: info.sportsId,
        eventId: info.eventId,
        marketId: String(info.eventId),
        marketName: FANCY_MARKET_NAME,
        marketType: 'FANCY',
        selectionId,
        runnerName: row.RunnerName,
        betType,
        odds: line,
        price: rate,
        minStake: row.min,
        maxStake: row.max,
      },
      cell,
    );
  }, [info, selectionId, side, betType, cell]);
  return (
    <LiveOddsCell
      side={side}
      label={side === 'lay' ? 'No' : 'Yes'}
      figures={figures}
      isDisabled={!isOpen}
      selected={isChosen}
      onSelect={choose}
    />
  );
});

/** What a row shows besides its prices: it renders when one of these changes. */
interface RowHead {
  readonly name: string;
  readonly status: string;
  readonly isOpen: boolean;
}

const headOf = (row: FancyRow | undefined): RowHead => ({
  name: row?.RunnerName ?? '',
  status: row?.GameStatus ?? '',
  isOpen: row !== undefined && fancyRowIsOpen(row),
});

const sameHead = (a: RowHead, b: RowHead) =>
  a.name === b.name && a.status === b.status && a.isOpen === b.isOpen;

/** The info popup of a row: Min / Max and both sides' price and size, as they tick. */
function FancyRowInfo({
  id,
  info,
  selectionId,
  name,
}: {
  id: string;
  info: FancyInfo;
  selectionId: string;
  name: string;
}) {
  const row = useSourceSelect(
    info.board,
    useCallback((board: FancyBoard) => board.byId.get(selectionId), [selectionId]),
  );
  if (row === undefined) return null;
  return (
    <dl id={id} className={styles.info} aria-label={`Info: ${name}`}>
      <div>
        <dt>Min / Max</dt>
        <dd>
          {formatAmount(row.min)} / {formatAmount(row.max)}
        </dd>
      </div>
      <div>
        <dt>No (lay)</dt>
        <dd>
          {row.LayPrice1} / {row.LaySize1}
        </dd>
      </div>
      <div>
        <dt>Yes (back)</dt>
        <dd>
          {row.BackPrice1} / {row.BackSize1}
        </dd>
      </div>
    </dl>
  );
}

const FancyRunnerRow = memo(function FancyRunnerRow({
  info,
  selectionId,
  position,
  whatIf,
}: {
  info: FancyInfo;
  selectionId: string;
  position: number | undefined;
  /** The session's worst case if the open slip's bet is placed (rupees), while the client types. */
  whatIf: number | undefined;
}) {
  const [isInfoOpen, setInfoOpen] = useState(false);
  const infoId = useId();
  const { name, status, isOpen } = useSourceSelect(
    info.board,
    useCallback((board: FancyBoard) => headOf(board.byId.get(selectionId)), [selectionId]),
    sameHead,
  );
  const scrolls = runnerNameScrolls(name);
  return (
    <li className={styles.fancyRow} data-testid="fancy-row" data-selection-id={selectionId}>
      <div className={styles.runner}>
        <span className={styles.fancyName} data-scrolls={scrolls}>
          <span className={styles.fancyNameText}>{name}</span>
        </span>
        {(position !== undefined || whatIf !== undefined) && (
          <span className={styles.book}>
            {position !== undefined && (
              <button
                type="button"
                className={styles.figure}
                data-tone={positionTone(position)}
                aria-label={`Position of ${name}: ${formatMoney(position)}`}
                onClick={() => info.onOpenPosition(selectionId, name)}
              >
                {formatMoney(position)}
              </button>
            )}
            {whatIf !== undefined && <WhatIf figure={whatIf} />}
          </span>
        )}
      </div>
      <div className={styles.cells} data-suspended={!isOpen}>
        <FancyCell info={info} selectionId={selectionId} side="lay" isOpen={isOpen} />
        <FancyCell info={info} selectionId={selectionId} side="back" isOpen={isOpen} />
        {hasOverlay(status) && <SuspendedBand label={status} />}
      </div>
      <button
        type="button"
        className={styles.infoButton}
        aria-label={`Info: ${name}`}
        aria-expanded={isInfoOpen}
        aria-controls={infoId}
        onClick={() => setInfoOpen((open) => !open)}
      >
        i
      </button>
      {isInfoOpen && <FancyRowInfo id={infoId} info={info} selectionId={selectionId} name={name} />}
    </li>
  );
});

const idsOf = (board: FancyBoard): readonly string[] => board.rows.map((row) => row.SelectionId);
const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

/**
 * The fancy (session) list of a cricket event (docs/product.md#screens): per row the runner name (25 characters
 * or more scroll on mobile), the client's position (a click opens the run ladder), No and Yes
 * cells (line large, rate small), the game status in words over the cells when it is not open,
 * and an info popup with Min / Max and both sides' price and size. While the client types a stake
 * for one of its prices, that row shows its worst case as the bet would leave it ("» figure",
 * from the client's open bets there and this one). Rows come assembled by the domain
 * (`fancyRowsAssemble`: hidden runners dropped, custom and active rows merged, the event lock
 * applied).
 */
export const FancyTable = memo(function FancyTable({
  board,
  positions,
  bets,
  context,
  onOpenPosition,
}: {
  board: PriceSource<FancyBoard>;
  positions: FancyPositions | undefined;
  /** The client's bets on the event (GetMatchedBets), whose open fancy bets the what-if counts. */
  bets: readonly BetListItem[];
  context: SelectionContext;
  onOpenPosition: (selectionId: string, runnerName: string) => void;
}) {
  const { sportsId, eventId, choice } = context;
  const info = useMemo<FancyInfo>(
    () => ({ sportsId, eventId, choice, board, onOpenPosition }),
    [sportsId, eventId, choice, board, onOpenPosition],
  );
  // New rows mount in a deferred render (as MarketTable's).
  const ids = useDeferredValue(useSourceSelect(board, idsOf, sameIds));
  const marketId = String(eventId);
  const chosen = useMarketChoice(choice, marketId);
  const whatIf = useMemo(() => fancyWhatIf(chosen, bets), [chosen, bets]);
  // The rows' prices are as fresh as the bookmaker/fancy odds they come from.
  return (
    <MarketFreshness eventId={marketId} marketType="FANCY" marketId={marketId}>
      <section
        className={styles.table}
        aria-labelledby="fancy-title"
        data-testid="fancy-table"
        data-market-id={marketId}
      >
        <header className={styles.head}>
          <h2 id="fancy-title" className={styles.title}>
            {FANCY_MARKET_NAME}
          </h2>
          <PriceAge />
        </header>
        <div className={styles.fancyColumns} aria-hidden="true">
          <span />
          <span className={styles.columnPair}>
            <span className={styles.columnLay}>No</span>
            <span className={styles.columnBack}>Yes</span>
          </span>
          <span />
        </div>
        {ids.length === 0 ? (
          <p className={styles.empty}>No data available</p>
        ) : (
          <ul className={styles.rows}>
            {ids.map((selectionId) => (
              <FancyRunnerRow
                key={selectionId}
                info={info}
                selectionId={selectionId}
                position={positions?.get(selectionId)}
                whatIf={whatIf?.selectionId === selectionId ? whatIf.worst : undefined}
              />
            ))}
          </ul>
        )}
      </section>
    </MarketFreshness>
  );
});
