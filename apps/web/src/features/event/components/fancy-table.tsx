import {
  betTypeFromSide,
  fancyRowIsOpen,
  positionTone,
  runnerNameScrolls,
  type FancyPrice,
  type FancyRow,
} from '@backlay/domain';
import { memo, useId, useMemo, useState } from 'react';
import { betSelectionKey, type BetSelection } from '../../../lib/bet-selection';
import { formatAmount, formatMoney } from '../../../lib/format';
import { OddsCell, SuspendedBand } from '../../../ui/odds-cell';
import type { FancyPositions } from '../api/get-fancy-position';
import { MarketFreshness, PriceAge } from '../freshness';
import type { SelectionContext } from './market-table';
import styles from './event-tables.module.css';

/** The fancy bets' market name on the slip: fancy rows belong to the event (DESIGN §4). */
export const FANCY_MARKET_NAME = 'Fancy';

/** A status that lets the row take bets shows no overlay; any other is said in words. */
const hasOverlay = (gameStatus: string) => gameStatus !== '' && gameStatus !== 'ACTIVE';

interface FancyInfo {
  readonly sportsId: number;
  readonly eventId: number;
  readonly onSelect: (selection: BetSelection) => void;
  readonly onOpenPosition: (selectionId: string, runnerName: string) => void;
}

const FancyRunnerRow = memo(function FancyRunnerRow({
  info,
  row,
  position,
  selectedSide,
}: {
  info: FancyInfo;
  row: FancyRow;
  position: number | undefined;
  selectedSide: 'back' | 'lay' | null;
}) {
  const [isInfoOpen, setInfoOpen] = useState(false);
  const infoId = useId();
  const isOpen = fancyRowIsOpen(row);
  const choose = (side: 0 | 1, line: FancyPrice, rate: FancyPrice) => {
    if (!isOpen || typeof line !== 'number' || typeof rate !== 'number') return undefined;
    return () =>
      info.onSelect({
        sportsId: info.sportsId,
        eventId: info.eventId,
        marketId: String(info.eventId),
        marketName: FANCY_MARKET_NAME,
        marketType: 'FANCY',
        selectionId: row.SelectionId,
        runnerName: row.RunnerName,
        betType: betTypeFromSide(side, true),
        odds: line,
        price: rate,
        minStake: row.min,
        maxStake: row.max,
      });
  };
  const scrolls = runnerNameScrolls(row.RunnerName);
  return (
    <li className={styles.fancyRow} data-testid="fancy-row" data-selection-id={row.SelectionId}>
      <div className={styles.runner}>
        <span className={styles.fancyName} data-scrolls={scrolls}>
          <span className={styles.fancyNameText}>{row.RunnerName}</span>
        </span>
        {position !== undefined && (
          <button
            type="button"
            className={styles.figure}
            data-tone={positionTone(position)}
            aria-label={`Position of ${row.RunnerName}: ${formatMoney(position)}`}
            onClick={() => info.onOpenPosition(row.SelectionId, row.RunnerName)}
          >
            {formatMoney(position)}
          </button>
        )}
      </div>
      <div className={styles.cells} data-suspended={!isOpen}>
        <OddsCell
          side="lay"
          label="No"
          price={row.LayPrice1}
          size={row.LaySize1}
          isDisabled={!isOpen}
          isSelected={selectedSide === 'lay'}
          onSelect={choose(1, row.LayPrice1, row.LaySize1) ?? noop}
        />
        <OddsCell
          side="back"
          label="Yes"
          price={row.BackPrice1}
          size={row.BackSize1}
          isDisabled={!isOpen}
          isSelected={selectedSide === 'back'}
          onSelect={choose(0, row.BackPrice1, row.BackSize1) ?? noop}
        />
        {hasOverlay(row.GameStatus) && <SuspendedBand label={row.GameStatus} />}
      </div>
      <button
        type="button"
        className={styles.infoButton}
        aria-label={`Info: ${row.RunnerName}`}
        aria-expanded={isInfoOpen}
        aria-controls={infoId}
        onClick={() => setInfoOpen((open) => !open)}
      >
        i
      </button>
      {isInfoOpen && (
        <dl id={infoId} className={styles.info} aria-label={`Info: ${row.RunnerName}`}>
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
      )}
    </li>
  );
});

const noop = () => {};

/**
 * The fancy (session) list of a cricket event (SPEC §2): per row the runner name (25 characters
 * or more scroll on mobile), the client's position (a click opens the run ladder), No and Yes
 * cells (line large, rate small), the game status in words over the cells when it is not open,
 * and an info popup with Min / Max and both sides' price and size. Rows come assembled by the
 * domain (`fancyRowsAssemble`: hidden runners dropped, custom and active rows merged, the event
 * lock applied).
 */
export function FancyTable({
  rows,
  positions,
  context,
  onOpenPosition,
}: {
  rows: readonly FancyRow[];
  positions: FancyPositions | undefined;
  context: SelectionContext;
  onOpenPosition: (selectionId: string, runnerName: string) => void;
}) {
  const { sportsId, eventId, onSelect, selectedKey } = context;
  const info = useMemo<FancyInfo>(
    () => ({ sportsId, eventId, onSelect, onOpenPosition }),
    [sportsId, eventId, onSelect, onOpenPosition],
  );
  const marketId = String(eventId);
  const sideOf = (row: FancyRow) => {
    const key = (betType: 'Yes' | 'No') =>
      betSelectionKey({ marketId, selectionId: row.SelectionId, betType });
    if (selectedKey === key('Yes')) return 'back';
    if (selectedKey === key('No')) return 'lay';
    return null;
  };
  // The rows' prices are as fresh as the bookmaker/fancy odds they come from.
  return (
    <MarketFreshness eventId={marketId} marketType="FANCY" marketId={marketId}>
      <section className={styles.table} aria-labelledby="fancy-title" data-testid="fancy-table">
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
        {rows.length === 0 ? (
          <p className={styles.empty}>No data available</p>
        ) : (
          <ul className={styles.rows}>
            {rows.map((row) => (
              <FancyRunnerRow
                key={row.SelectionId}
                info={info}
                row={row}
                position={positions?.get(row.SelectionId)}
                selectedSide={sideOf(row)}
              />
            ))}
          </ul>
        )}
      </section>
    </MarketFreshness>
  );
}
