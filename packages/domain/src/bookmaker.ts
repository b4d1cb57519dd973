import { bookmakerHundredths, type RunnerPrices } from './house-quotes.js';

/** The status that makes a runner's prices clickable (docs/product.md#states). */
export const RUNNER_ACTIVE = 'ACTIVE';

/**
 * One bookmaker runner (docs/product.md#entities Custom bookmaker row without its flags, wire names): prices are
 * bookmaker odds per 100, sizes as quoted.
 */
export interface BookmakerRow {
  readonly MarketId: string;
  readonly selectionId: string;
  readonly RunnerName: string;
  readonly status: string;
  readonly BackPrice1: number;
  readonly BackSize1: number;
  readonly LayPrice1: number;
  readonly LaySize1: number;
}

/** The operator's custom bookmaker row (docs/product.md#entities): a runner plus `IsCustome` and `IsActive`. */
export interface CustomBookmakerRow extends BookmakerRow {
  readonly IsCustome: boolean;
  readonly IsActive: boolean;
}

function key(row: BookmakerRow): string {
  return `${row.MarketId}\u0000${row.selectionId}`;
}

/**
 * Assembles bookmaker runners (docs/product.md#states "Custom bookmaker markets"), matching rows by `MarketId`
 * and `selectionId` (the first custom row of a pair counts):
 * - a feed runner whose custom row has `IsActive` takes that row's four prices and sizes (its
 *   name and status stay the feed's);
 * - a custom row with `IsCustome` and `status` exactly `ACTIVE` that the feed lacks is added after
 *   the feed runners, in list order (per runner: a custom runner not ACTIVE is not shown);
 * - every other custom row changes nothing.
 */
export function bookmakerRowsAssemble(
  feedRows: readonly BookmakerRow[],
  customRows: readonly CustomBookmakerRow[],
): BookmakerRow[] {
  const customByKey = new Map<string, CustomBookmakerRow>();
  for (const custom of customRows) {
    if (!customByKey.has(key(custom))) customByKey.set(key(custom), custom);
  }
  const feedKeys = new Set(feedRows.map(key));
  const rows: BookmakerRow[] = feedRows.map((feed) => {
    const custom = customByKey.get(key(feed));
    if (custom === undefined || !custom.IsActive) return feed;
    return {
      ...feed,
      BackPrice1: custom.BackPrice1,
      BackSize1: custom.BackSize1,
      LayPrice1: custom.LayPrice1,
      LaySize1: custom.LaySize1,
    };
  });
  for (const custom of customByKey.values()) {
    if (custom.IsCustome && custom.status === RUNNER_ACTIVE && !feedKeys.has(key(custom))) {
      rows.push({
        MarketId: custom.MarketId,
        selectionId: custom.selectionId,
        RunnerName: custom.RunnerName,
        status: custom.status,
        BackPrice1: custom.BackPrice1,
        BackSize1: custom.BackSize1,
        LayPrice1: custom.LayPrice1,
        LaySize1: custom.LaySize1,
      });
    }
  }
  return rows;
}

/**
 * Assembled bookmaker rows as the house's rule reads them (house-quotes): each runner under its
 * name, its odds in hundredths; a runner not active, or a price of 0, offers nothing on that side.
 */
export function bookmakerRowPrices(rows: readonly BookmakerRow[]): RunnerPrices[] {
  const odds = (perHundred: number) => (perHundred > 0 ? bookmakerHundredths(perHundred) : null);
  return rows.map((row) => {
    const active = row.status === RUNNER_ACTIVE;
    return {
      selectionId: row.RunnerName,
      back: active ? odds(row.BackPrice1) : null,
      lay: active ? odds(row.LayPrice1) : null,
    };
  });
}
