/** The dash a locked row shows instead of a price or size (docs/product.md#states). */
export const FANCY_DASH = '-';

/** A fancy price or size: a number, or the dash of a locked row. */
export type FancyPrice = number | typeof FANCY_DASH;

/** The status that forces a row closed (docs/product.md#states). */
export const FANCY_SUSPENDED = 'SUSPENDED';

/**
 * A fancy rate row from the feed (docs/product.md#entities Fancy row, wire names): the line and rate of each side.
 * `BackPrice1`/`BackSize1` are the Yes line and rate, `LayPrice1`/`LaySize1` the No line and rate.
 */
export interface FancyRateRow {
  readonly SelectionId: string;
  readonly RunnerName: string;
  readonly BackPrice1: number;
  readonly BackSize1: number;
  readonly LayPrice1: number;
  readonly LaySize1: number;
  readonly GameStatus: string;
}

/**
 * The operator's row for a fancy runner (active fancy and custom fancy lists, docs/product.md#entities and #calls): its
 * own prices, status and stake limits (whole rupees), and whether it is custom and/or active.
 */
export interface FancyOperatorRow extends FancyRateRow {
  readonly min: number;
  readonly max: number;
  readonly isCustome: boolean;
  readonly isActive: boolean;
}

/** The event's fancy settings (docs/product.md#entities `Result.fancy`); stakes in whole rupees. */
export interface FancySettings {
  readonly IsFancyActive: boolean;
  /** docs/decisions.md#silent-rules: true means betting is open; false is the operator's event lock. */
  readonly EvBetStatus: boolean;
  readonly SessionMinStake: number;
  readonly SessionMaxStake: number;
}

/** An assembled fancy row as the screen shows it and the engine prices it (docs/product.md#entities wire names). */
export interface FancyRow {
  readonly SelectionId: string;
  readonly RunnerName: string;
  readonly BackPrice1: FancyPrice;
  readonly BackSize1: FancyPrice;
  readonly LayPrice1: FancyPrice;
  readonly LaySize1: FancyPrice;
  readonly GameStatus: string;
  readonly min: number;
  readonly max: number;
  readonly isCustome: boolean;
  readonly isActive: boolean;
}

/**
 * The words that hide a fancy runner (docs/product.md#validation), matched case-sensitively as listed (the spec lists
 * both `boundaries` and `Boundaries`, so case matters) and as whole words: the word must not touch
 * a letter or digit on either side. So `by` hides "Runs by Kohli" and "6 over run-by IND" but not
 * "Derby runs", "Abby" or "BY"; `Total` hides "Total runs" and "Match-Total" but not "Totals" or
 * "total runs"; `boundaries` hides "Total boundaries" but not "boundary".
 */
export const HIDDEN_FANCY_WORDS = [
  'Total',
  'bhav',
  'by',
  'boundaries',
  'bahv',
  'Boundaries',
] as const;

/**
 * The ball markers that hide a fancy runner (docs/product.md#validation ".1 to .6"): the literal substrings `.1` …
 * `.6` anywhere in the name, so "6.1 over runs", "Over 10.15" and "0.5 ball" are all hidden, while
 * "7.0", "6.7" and "Over 6" are not.
 */
export const HIDDEN_FANCY_BALL_MARKERS = ['.1', '.2', '.3', '.4', '.5', '.6'] as const;

const hiddenWordPattern = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${HIDDEN_FANCY_WORDS.join('|')})(?![\\p{L}\\p{N}])`,
  'u',
);

/** True when a fancy runner's name hides it (docs/product.md#validation; the matching is on the constants above). */
export function fancyRunnerIsHidden(name: string): boolean {
  return (
    hiddenWordPattern.test(name) ||
    HIDDEN_FANCY_BALL_MARKERS.some((marker) => name.includes(marker))
  );
}

/**
 * True when a row takes bets: its `GameStatus` is `ACTIVE` or empty (no status overlay) and its
 * four prices are numbers (a locked row has dashes).
 */
export function fancyRowIsOpen(row: FancyRow): boolean {
  const open = row.GameStatus === '' || row.GameStatus === 'ACTIVE';
  return (
    open &&
    typeof row.BackPrice1 === 'number' &&
    typeof row.BackSize1 === 'number' &&
    typeof row.LayPrice1 === 'number' &&
    typeof row.LaySize1 === 'number'
  );
}

function fromRate(rate: FancyRateRow, settings: FancySettings): FancyRow {
  return {
    SelectionId: rate.SelectionId,
    RunnerName: rate.RunnerName,
    BackPrice1: rate.BackPrice1,
    BackSize1: rate.BackSize1,
    LayPrice1: rate.LayPrice1,
    LaySize1: rate.LaySize1,
    GameStatus: rate.GameStatus,
    min: settings.SessionMinStake,
    max: settings.SessionMaxStake,
    isCustome: false,
    isActive: false,
  };
}

/** Custom: prices and GameStatus from the operator; active: its own min and max (docs/product.md#states). */
function withOperator(
  rate: FancyRateRow,
  operator: FancyOperatorRow,
  settings: FancySettings,
): FancyRow {
  const source = operator.isCustome ? operator : rate;
  const limits = operator.isActive
    ? operator
    : { min: settings.SessionMinStake, max: settings.SessionMaxStake };
  return {
    ...fromRate(source, settings),
    SelectionId: rate.SelectionId,
    RunnerName: rate.RunnerName,
    min: limits.min,
    max: limits.max,
    isCustome: operator.isCustome,
    isActive: operator.isActive,
  };
}

/** The event lock (docs/decisions.md#silent-rules: `EvBetStatus` false) forces SUSPENDED with dashes (docs/product.md#states). */
function locked(row: FancyRow): FancyRow {
  return {
    ...row,
    BackPrice1: FANCY_DASH,
    BackSize1: FANCY_DASH,
    LayPrice1: FANCY_DASH,
    LaySize1: FANCY_DASH,
    GameStatus: FANCY_SUSPENDED,
  };
}

/**
 * Assembles the fancy rows of an event (docs/product.md#states "Fancy rows assembly"), matching operator rows to
 * rate rows by `SelectionId` (the first operator row of an id counts):
 * - a rate row with no operator row shows when `IsFancyActive` is true, with the session min and
 *   max; when it is false it does not show (only custom and active rows do);
 * - an operator row neither custom nor active removes its rate row;
 * - a custom operator row overrides the four prices and `GameStatus`; an active one sets its own
 *   min and max (otherwise the session's apply); both flags may hold;
 * - a custom operator row with no rate row is added after the rate rows, in its list order, with
 *   its own prices (an active-only row with no rate row has no live price and is not added);
 * - names hidden by {@link fancyRunnerIsHidden} are dropped, whichever the row's origin;
 * - when `EvBetStatus` is false every row is SUSPENDED with dashes.
 * Order: rate rows in feed order, then the added custom rows.
 */
export function fancyRowsAssemble(
  rateRows: readonly FancyRateRow[],
  operatorRows: readonly FancyOperatorRow[],
  settings: FancySettings,
): FancyRow[] {
  const operatorById = new Map<string, FancyOperatorRow>();
  for (const operator of operatorRows) {
    if (!operatorById.has(operator.SelectionId)) operatorById.set(operator.SelectionId, operator);
  }
  const rows: FancyRow[] = [];
  const rateIds = new Set<string>();
  for (const rate of rateRows) {
    rateIds.add(rate.SelectionId);
    const operator = operatorById.get(rate.SelectionId);
    if (operator === undefined) {
      if (settings.IsFancyActive) rows.push(fromRate(rate, settings));
    } else if (operator.isCustome || operator.isActive) {
      rows.push(withOperator(rate, operator, settings));
    }
  }
  for (const operator of operatorById.values()) {
    if (operator.isCustome && !rateIds.has(operator.SelectionId)) {
      rows.push(withOperator(operator, operator, settings));
    }
  }
  const shown = rows.filter((row) => !fancyRunnerIsHidden(row.RunnerName));
  return settings.EvBetStatus ? shown : shown.map(locked);
}

/** An open row's No and Yes as the house's rule reads them (house-quotes); null while dashed. */
export function fancyRowQuote(
  row: FancyRow,
): { noLine: number; noRate: number; yesLine: number; yesRate: number } | null {
  const { LayPrice1, LaySize1, BackPrice1, BackSize1 } = row;
  if (
    typeof LayPrice1 !== 'number' ||
    typeof LaySize1 !== 'number' ||
    typeof BackPrice1 !== 'number' ||
    typeof BackSize1 !== 'number'
  )
    return null;
  return { noLine: LayPrice1, noRate: LaySize1, yesLine: BackPrice1, yesRate: BackSize1 };
}
