import type { EventDetail, MarketBookWire } from '@backlay/contract/markets';
import {
  bookmakerRowsAssemble,
  MARKET_TYPES,
  runnerDisplayOrder,
  RUNNER_ACTIVE,
  type BookmakerRow,
  type CustomBookmakerRow,
  type FancyRow,
  type MarketType,
} from '@backlay/domain';
import type { CustomBookmakerWire } from './api/get-custom-bookmaker';
import type { ExchangeBook } from './api/get-market-odds';

export type EventMarket = EventDetail['MarketList'][number];

/** One price of a cell; a figure the feed does not quote is left out. */
export interface Quote {
  readonly price: number;
  readonly size: number;
}

/** A runner as a market table shows it: its name, its status and its first back and lay. */
export interface TableRunner {
  readonly selectionId: string;
  readonly name: string;
  readonly status: string;
  readonly back: Quote | undefined;
  readonly lay: Quote | undefined;
  /** An exchange market's quoted levels, best first (at most {@link LADDER_DEPTH}). */
  readonly backs?: readonly Quote[];
  readonly lays?: readonly Quote[];
}

/** A market as a table shows it: kind, name, stake limits and its runners in display order. */
export interface TableMarket {
  readonly marketId: string;
  readonly marketName: string;
  readonly marketType: MarketType;
  readonly minStake: number;
  readonly maxStake: number;
  readonly runners: readonly TableRunner[];
}

/** A market book in one shape, whichever answer brought it (`ex` or `exchange`). */
export interface PlainBook {
  readonly status: string;
  readonly Seq: number;
  readonly runners: ReadonlyArray<{
    readonly selectionId: number;
    readonly status: string;
    readonly back: Quote | undefined;
    readonly lay: Quote | undefined;
    readonly backs?: readonly Quote[];
    readonly lays?: readonly Quote[];
  }>;
}

/**
 * Seconds the server holds a bet on a market before checking it again (its in-play delay,
 * docs/architecture.md "In-play bet delay"): the event's fancy delay for a fancy session, the
 * market's own for the others; 0 before the detail arrives or for a market it does not list.
 */
export function betDelayOf(
  detail: EventDetail | undefined,
  marketType: MarketType,
  marketId: string,
): number {
  if (detail === undefined) return 0;
  if (marketType === 'FANCY') return detail.fancy.BetDelay;
  return detail.MarketList.find((market) => market.MarketId === marketId)?.BetDelay ?? 0;
}

/**
 * The id the event's odds are asked by (Odds/Market answers every exchange and toss book of the
 * event, whichever of them asks): its match odds market's as the event detail lists it, else its
 * first exchange or toss market's; undefined while the detail lists none. Never built from the
 * event id: a provider's market id does not name its event (docs/architecture.md identifiers).
 */
export function oddsMarketIdOf(markets: readonly EventMarket[]): string | undefined {
  const priced = markets.filter((market) => marketTypeOf(market) !== 'BOOKMAKER');
  return (priced.find((market) => marketTypeOf(market) === 'MATCH_ODDS') ?? priced[0])?.MarketId;
}

/** The market kind of an event market; anything unknown is shown as match odds. */
export function marketTypeOf(market: EventMarket): MarketType {
  return MARKET_TYPES.find((type) => type === market.MarketType) ?? 'MATCH_ODDS';
}

/** A price of 0 is the feed saying "no quote" (docs/decisions.md#api rows carry 0 when empty). */
const quote = (level: { price: number; size: number } | undefined): Quote | undefined =>
  level === undefined || level.price <= 0 ? undefined : level;

/** How many price levels a side of an exchange ladder shows (the feed sends up to three). */
export const LADDER_DEPTH = 3;

/** A side's quoted levels, best first, up to the first level the feed leaves empty. */
const ladder = (levels: readonly { price: number; size: number }[]): Quote[] => {
  const quoted: Quote[] = [];
  for (const level of levels.slice(0, LADDER_DEPTH)) {
    const priced = quote(level);
    if (priced === undefined) break;
    quoted.push(priced);
  }
  return quoted;
};

export function plainFromExchange(book: ExchangeBook | undefined): PlainBook | undefined {
  return (
    book && {
      status: book.status,
      Seq: book.Seq,
      runners: book.runners.map((runner) => ({
        selectionId: runner.selectionId,
        status: runner.status,
        back: quote(runner.exchange.availableToBack[0]),
        lay: quote(runner.exchange.availableToLay[0]),
        backs: ladder(runner.exchange.availableToBack),
        lays: ladder(runner.exchange.availableToLay),
      })),
    }
  );
}

export function plainFromRates(book: MarketBookWire | null | undefined): PlainBook | undefined {
  if (book === null || book === undefined) return undefined;
  return {
    status: book.status,
    Seq: book.Seq,
    runners: book.runners.map((runner) => ({
      selectionId: runner.selectionId,
      status: runner.status,
      back: quote(runner.ex.availableToBack[0]),
      lay: quote(runner.ex.availableToLay[0]),
      backs: ladder(runner.ex.availableToBack),
      lays: ladder(runner.ex.availableToLay),
    })),
  };
}

/** docs/decisions.md#hub: of two books of one market, the one with the higher `Seq`. */
export function newerBook(a: PlainBook | undefined, b: PlainBook | undefined) {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return b.Seq > a.Seq ? b : a;
}

const base = (market: EventMarket) => ({
  marketId: market.MarketId,
  marketName: market.MarketName,
  marketType: marketTypeOf(market),
  minStake: market.MinStake,
  maxStake: market.MaxStake,
});

/**
 * An exchange market (match odds, tied match, over/under, a set's winner — docs/architecture.md
 * identifiers) or the toss market: the event's runners (names) with the book's prices, in display
 * order (docs/product.md#screens: three runners 0, 2, 1). A suspended market suspends every runner; before the
 * first book the runner statuses of the event detail apply.
 */
export function exchangeTable(market: EventMarket, book: PlainBook | undefined): TableMarket {
  const byId = new Map((book?.runners ?? []).map((runner) => [runner.selectionId, runner]));
  const runners = market.runners.map((runner): TableRunner => {
    const priced = byId.get(runner.selectionId);
    const status =
      book === undefined
        ? runner.status
        : book.status !== 'ACTIVE'
          ? book.status
          : (priced?.status ?? 'SUSPENDED');
    return {
      selectionId: String(runner.selectionId),
      name: runner.RunnerName,
      status,
      back: priced?.back,
      lay: priced?.lay,
      backs: priced?.backs,
      lays: priced?.lays,
    };
  });
  return { ...base(market), runners: runnerDisplayOrder(runners) };
}

type BookmakerWire = Omit<CustomBookmakerWire, 'IsCustome' | 'IsActive'>;

const bookmakerRow = (row: BookmakerWire): BookmakerRow => ({
  MarketId: row.MarketId,
  selectionId: String(row.selectionId),
  RunnerName: row.RunnerName,
  status: row.status,
  BackPrice1: row.BackPrice1,
  BackSize1: row.BackSize1,
  LayPrice1: row.LayPrice1,
  LaySize1: row.LaySize1,
});

/**
 * A bookmaker market (odds per 100): the feed's rows with the custom rows merged by the domain
 * (docs/product.md#states "Custom bookmaker markets"). Before the first rows arrive, the event's runners show
 * without prices.
 */
export function bookmakerTable(
  market: EventMarket,
  feedRows: readonly BookmakerWire[] | undefined,
  customRows: readonly CustomBookmakerWire[],
): TableMarket {
  const mine = (row: { MarketId: string }) => row.MarketId === market.MarketId;
  const feed = (feedRows ?? []).filter(mine).map(bookmakerRow);
  const seed: BookmakerRow[] =
    feed.length > 0
      ? feed
      : market.runners.map((runner) => ({
          MarketId: market.MarketId,
          selectionId: String(runner.selectionId),
          RunnerName: runner.RunnerName,
          status: runner.status,
          BackPrice1: 0,
          BackSize1: 0,
          LayPrice1: 0,
          LaySize1: 0,
        }));
  const custom: CustomBookmakerRow[] = customRows.filter(mine).map((row) => ({
    ...bookmakerRow(row),
    IsCustome: row.IsCustome,
    IsActive: row.IsActive,
  }));
  // A bookmaker the feed suspended (every runner of it) suspends the runners the operator added
  // too, as a suspended exchange market suspends every runner: none of them takes a bet then.
  const isSuspended = feed.length > 0 && feed.every((row) => row.status !== RUNNER_ACTIVE);
  const runners = bookmakerRowsAssemble(seed, custom).map((row): TableRunner => ({
    selectionId: row.selectionId,
    name: row.RunnerName,
    status: isSuspended ? 'SUSPENDED' : row.status,
    back: quote({ price: row.BackPrice1, size: row.BackSize1 }),
    lay: quote({ price: row.LayPrice1, size: row.LaySize1 }),
  }));
  return { ...base(market), runners: runnerDisplayOrder(runners) };
}

/** A market table with its runners by selection id, where each cell finds its own. */
export interface TableBoard {
  readonly table: TableMarket;
  readonly byId: ReadonlyMap<string, TableRunner>;
}

export function tableBoard(table: TableMarket): TableBoard {
  return { table, byId: new Map(table.runners.map((runner) => [runner.selectionId, runner])) };
}

const NO_QUOTES: readonly Quote[] = [];

/** One side of a runner, best first: its ladder, or its best price alone (bookmaker rows). */
export function runnerSide(
  runner: TableRunner | undefined,
  side: 'back' | 'lay',
): readonly Quote[] {
  if (runner === undefined) return NO_QUOTES;
  const best = side === 'back' ? runner.back : runner.lay;
  return (
    (side === 'back' ? runner.backs : runner.lays) ?? (best === undefined ? NO_QUOTES : [best])
  );
}

/** The fancy rows with each row by selection id, where each cell finds its own. */
export interface FancyBoard {
  readonly rows: readonly FancyRow[];
  readonly byId: ReadonlyMap<string, FancyRow>;
}

export function fancyBoard(rows: readonly FancyRow[]): FancyBoard {
  return { rows, byId: new Map(rows.map((row) => [row.SelectionId, row])) };
}
