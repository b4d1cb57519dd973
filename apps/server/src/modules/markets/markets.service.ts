import type { CustomBookmakerBody, CustomFancyBody } from '@backlay/contract/ops';
import {
  FANCY_SUSPENDED,
  fancyRowsAssemble,
  marketIdParse,
  type FancyRow,
  type MarketType,
} from '@backlay/domain';
import type { Db } from '../../db/pool.js';
import type { PriceBook } from '../../feed/price-book.js';
import type { FancyQuote, PriceSize } from '../../feed/types.js';
import type { Clock } from '../../seams.js';
import * as q from './markets.queries.js';
import { fancyRowWire, operatorFancyWire } from './markets.wire.js';

/** SPEC §4: ACTIVE makes odds clickable; anything else is suspended. */
export type MarketState = 'ACTIVE' | 'SUSPENDED' | 'CLOSED';

export interface RunnerView {
  readonly selectionId: number;
  readonly name: string;
  readonly status: MarketState;
  readonly back: readonly PriceSize[];
  readonly lay: readonly PriceSize[];
}

/** A market as a bettor sees it now: the feed's prices with every reason to suspend applied. */
export interface MarketView {
  readonly market: q.MarketRow;
  readonly status: MarketState;
  readonly isInPlay: boolean;
  readonly seq: number;
  readonly runners: readonly RunnerView[];
}

export interface FancyView {
  readonly selectionId: string;
  readonly name: string;
  readonly quote: FancyQuote;
}

/** The market's status after the feed, staleness, the operator's suspension and the event lock. */
export function marketState(market: q.MarketRow, feedStatus: string | undefined): MarketState {
  if (market.isClosed || feedStatus === 'CLOSED') return 'CLOSED';
  if (market.operatorSuspended || market.betLocked || feedStatus !== 'ACTIVE') return 'SUSPENDED';
  return 'ACTIVE';
}

export type OperatorOutcome =
  | { readonly ok: true; readonly message: string }
  | { readonly ok: false; readonly message: string };

/** The largest min or max stake a market or session row holds (a PostgreSQL integer). */
export const MAX_STAKE_LIMIT = 2_147_483_647;

/**
 * The order an event's markets are listed in: match odds, bookmaker and toss as before, then the
 * further exchange markets (docs/architecture.md identifiers), a set's winner by set.
 */
const LIST_ORDER: readonly Exclude<MarketType, 'FANCY'>[] = [
  'MATCH_ODDS',
  'BOOKMAKER',
  'TOSS',
  'TIED_MATCH',
  'COMPLETED_MATCH',
  'OVER_UNDER_15',
  'OVER_UNDER_25',
  'OVER_UNDER_35',
  'SET_WINNER',
];
const listRank = (market: q.MarketRow): number =>
  LIST_ORDER.indexOf(market.marketType) * 10 + (marketIdParse(market.marketId)?.set ?? 0);

const done = (message: string): OperatorOutcome => ({ ok: true, message });
const refused = (message: string): OperatorOutcome => ({ ok: false, message });

/** The operator's controls over events and markets (DESIGN §1). */
export function createMarketsService(deps: {
  db: Db;
  clock: Clock;
  priceBook: PriceBook;
  /**
   * Hears each operator change of an event, after it is written: this instance's catalog drops
   * it at once (other instances hear the database's notification).
   */
  onChanged?: (eventId: number) => void;
}) {
  const changed = deps.onChanged ?? (() => {});
  const { db, clock, priceBook } = deps;

  const view = (market: q.MarketRow, at: number): MarketView => {
    const book = priceBook.market(market.marketId, at);
    const status = marketState(market, book?.status);
    const quotes = new Map((book?.runners ?? []).map((runner) => [runner.selectionId, runner]));
    return {
      market,
      status,
      isInPlay: market.eventStatus === 'inplay',
      seq: book?.seq ?? 0,
      runners: market.runners.map((runner) => {
        const quote = quotes.get(runner.selectionId);
        const runnerStatus =
          status === 'ACTIVE' && quote?.status === 'ACTIVE'
            ? 'ACTIVE'
            : status === 'CLOSED'
              ? 'CLOSED'
              : 'SUSPENDED';
        return {
          selectionId: runner.selectionId,
          name: runner.name,
          status: runnerStatus,
          back: quote?.back ?? [],
          lay: quote?.lay ?? [],
        };
      }),
    };
  };

  /** The event's fancy rows from the feed, named; SUSPENDED while the feed is stale. */
  const fancy = async (eventId: number): Promise<{ seq: number; rows: FancyView[] }> => {
    const book = priceBook.fancy(eventId, clock.now().getTime());
    if (!book) return { seq: 0, rows: [] };
    const names = await q.fancyNames(db, eventId);
    return {
      seq: book.seq,
      rows: book.rows.flatMap((quote) => {
        const name = names.get(quote.selectionId);
        if (name === undefined) return [];
        return [
          {
            selectionId: quote.selectionId,
            name,
            quote: book.isStale ? { ...quote, gameStatus: 'SUSPENDED' } : quote,
          },
        ];
      }),
    };
  };

  return {
    listEvents: (sportId: number | undefined) => q.listEvents(db, sportId),
    findEvent: (eventId: number) => q.findEvent(db, eventId),

    /** Open markets of an event with their current prices. */
    async eventMarkets(eventId: number): Promise<MarketView[]> {
      const at = clock.now().getTime();
      return (await q.findMarkets(db, { eventId }))
        .filter((market) => !market.isClosed)
        .sort((a, b) => listRank(a) - listRank(b))
        .map((market) => view(market, at));
    },

    /** Markets by id, in the order asked; unknown ids are left out. */
    async markets(marketIds: readonly string[]): Promise<MarketView[]> {
      const at = clock.now().getTime();
      const found = new Map(
        (await q.findMarkets(db, { marketIds })).map((market) => [market.marketId, market]),
      );
      return marketIds.flatMap((id) => {
        const market = found.get(id);
        return market ? [view(market, at)] : [];
      });
    },

    fancy,

    /**
     * The event's fancy rows as the product's assembly rule gives them: the feed's rate rows with the session's
     * min and max, the operator desk's custom rows (their prices and status) and active rows
     * (their own limits), hidden names dropped. The event lock's dashes are the screen's to draw
     * (the event detail's EvBetStatus); here a locked event's rows only say SUSPENDED, so their
     * prices stay numbers. The Seq is the feed's.
     */
    async fancyRows(eventId: number): Promise<{ seq: number; rows: FancyRow[] }> {
      const [event, rates, custom, active] = await Promise.all([
        q.findEvent(db, eventId),
        fancy(eventId),
        q.customFancyRows(db, eventId, 'custom'),
        q.customFancyRows(db, eventId, 'active'),
      ]);
      if (!event) return { seq: 0, rows: [] };
      const operator = [...custom, ...active].map(operatorFancyWire);
      const rows = fancyRowsAssemble(rates.rows.map(fancyRowWire), operator, {
        IsFancyActive: event.fancyActive,
        EvBetStatus: true,
        SessionMinStake: event.sessionMinStake,
        SessionMaxStake: event.sessionMaxStake,
      });
      return {
        seq: rates.seq,
        rows: event.betLocked ? rows.map((row) => ({ ...row, GameStatus: FANCY_SUSPENDED })) : rows,
      };
    },

    customFancy: (eventId: number, which: 'custom' | 'active') =>
      q.customFancyRows(db, eventId, which),
    customBookmaker: (marketId: string) => q.customBookmakerRows(db, marketId),

    async lockEvent(eventId: number, locked: boolean): Promise<OperatorOutcome> {
      if (!(await q.setEventLock(db, eventId, locked))) return refused(`No event ${eventId}`);
      changed(eventId);
      return done(`Event ${eventId} ${locked ? 'locked' : 'unlocked'}`);
    },

    async suspendMarket(marketId: string, suspended: boolean): Promise<OperatorOutcome> {
      if (!(await q.setMarketSuspended(db, marketId, suspended)))
        return refused(`No market ${marketId}`);
      const parts = marketIdParse(marketId);
      if (parts) changed(parts.eventId);
      return done(`Market ${marketId} ${suspended ? 'suspended' : 'resumed'}`);
    },

    async setCustomFancy(row: CustomFancyBody): Promise<OperatorOutcome> {
      if (!row.selectionId.startsWith(`${row.eventId}-`)) {
        return refused(`Fancy row ${row.selectionId} does not belong to event ${row.eventId}`);
      }
      if (row.max < row.min) return refused('max must not be below min');
      if (row.max > MAX_STAKE_LIMIT) return refused(`max must be at most ${MAX_STAKE_LIMIT}`);
      if (!(await q.eventExists(db, row.eventId))) return refused(`No event ${row.eventId}`);
      await q.upsertCustomFancy(db, row, clock.now());
      changed(row.eventId);
      return done(`Custom fancy row ${row.selectionId} saved`);
    },

    async setCustomBookmaker(row: CustomBookmakerBody): Promise<OperatorOutcome> {
      const parts = marketIdParse(row.marketId);
      if (!parts || parts.kind !== 'BOOKMAKER')
        return refused(`${row.marketId} is not a bookmaker market id`);
      if (!(await q.eventExists(db, parts.eventId))) return refused(`No event ${parts.eventId}`);
      await q.upsertCustomBookmaker(db, parts.eventId, row, clock.now());
      changed(parts.eventId);
      return done(`Custom bookmaker row ${row.marketId}/${row.selectionId} saved`);
    },

    listOpenEvents: () => q.listOpenEvents(db),
  };
}

export type MarketsService = ReturnType<typeof createMarketsService>;
