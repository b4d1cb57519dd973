import type { CustomBookmakerBody, CustomFancyBody } from '@backlay/contract/ops';
import {
  FANCY_SUSPENDED,
  fancyRowBreaches,
  fancyRowsAssemble,
  marketIdParse,
  quoteBreachMessage,
  type FancyRow,
  type HouseMargins,
  type MarketType,
} from '@backlay/domain';
import type { Db } from '../../db/pool.js';
import type { FancyBook, MarketBook, PriceBook } from '../../feed/price-book.js';
import type { FancyQuote, PriceSize } from '../../feed/types.js';
import type { Clock } from '../../seams.js';
import type { Catalog, EventFacts } from './catalog.js';
import { bookmakerRowsBreaches, bookmakerRowsShown } from './house-rule.js';
import * as q from './markets.queries.js';
import type { OperatorOutcome } from '../operator-outcome.js';
import { fancyRowWire, operatorFancyWire } from './markets.wire.js';

/** docs/product.md#states: ACTIVE makes odds clickable; anything else is suspended. */
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
  /** The provider's bet delay of the market (seconds), when it gives one. */
  readonly betDelayS: number | undefined;
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

export type { OperatorOutcome };

/** The largest min or max stake a market or session row holds (a PostgreSQL integer). */
export const MAX_STAKE_LIMIT = 2_147_483_647;

/** How a custom row that would offer a bettor a sure profit is refused (packages/domain/README.md, "House margins"). */
export const HOUSE_RULE_REFUSAL = 'Refused by the house margin rule';

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

/**
 * A market as a bettor sees it with its book as the PriceBook holds it now; its Seq is the book's
 * or, when newer, that of the catalog's facts it was built from (an operator's change).
 */
export function marketView(
  market: q.MarketRow,
  book: MarketBook | undefined,
  seenAt: number,
): MarketView {
  const status = marketState(market, book?.status);
  const quotes = new Map((book?.runners ?? []).map((runner) => [runner.selectionId, runner]));
  return {
    market,
    status,
    isInPlay: market.eventStatus === 'inplay',
    seq: Math.max(book?.seq ?? 0, seenAt),
    betDelayS: book?.betDelayS,
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
}

/** The event's open markets in list order (LIST_ORDER). */
export const openMarketsInOrder = (rows: readonly q.MarketRow[]): q.MarketRow[] =>
  rows.filter((market) => !market.isClosed).sort((a, b) => listRank(a) - listRank(b));

/** The market rows of these ids, in the order asked; unknown ids are left out. */
export async function marketRowsOf(
  catalog: Catalog,
  marketIds: readonly string[],
): Promise<{ row: q.MarketRow; facts: EventFacts }[]> {
  const found = [];
  for (const marketId of marketIds) {
    const eventId = await catalog.marketEvent(marketId);
    const facts = eventId === undefined ? undefined : await catalog.event(eventId);
    const row = facts?.marketRows.find((market) => market.marketId === marketId);
    if (facts && row) found.push({ row, facts });
  }
  return found;
}

/**
 * The event's fancy rows from the feed, named; SUSPENDED while the feed is stale. The Seq is the
 * feed's.
 */
export function fancyViews(
  facts: EventFacts,
  book: FancyBook | undefined,
): { seq: number; rows: FancyView[] } {
  if (!book) return { seq: facts.seenAt, rows: [] };
  return {
    seq: Math.max(book.seq, facts.seenAt),
    rows: book.rows.flatMap((quote) => {
      const name = facts.fancyNames.get(quote.selectionId);
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
}

/**
 * The event's fancy rows as the product's assembly rule gives them: the feed's rate rows with the
 * session's min and max, the operator desk's custom rows (their prices and status) and active rows
 * (their own limits), hidden names dropped. The event lock's dashes are the screen's to draw (the
 * event detail's EvBetStatus); here a locked event's rows only say SUSPENDED, so their prices stay
 * numbers.
 */
export function assembledFancyRows(facts: EventFacts, rates: readonly FancyView[]): FancyRow[] {
  const operator = [...facts.customFancy, ...facts.activeFancy].map(operatorFancyWire);
  const rows = fancyRowsAssemble(rates.map(fancyRowWire), operator, {
    IsFancyActive: facts.fancyActive,
    EvBetStatus: true,
    SessionMinStake: facts.sessionMinStake,
    SessionMaxStake: facts.sessionMaxStake,
  });
  return facts.betLocked ? rows.map((row) => ({ ...row, GameStatus: FANCY_SUSPENDED })) : rows;
}

const done = (message: string): OperatorOutcome => ({ ok: true, message });
const refused = (message: string): OperatorOutcome => ({ ok: false, message });

/** The operator's controls over events and markets (docs/decisions.md#product). */
export function createMarketsService(deps: {
  db: Db;
  clock: Clock;
  priceBook: PriceBook;
  /** Every read of events, markets and operator rows comes from it (no query per read). */
  catalog: Catalog;
  /** The house's margins an operator's rows keep (packages/domain/README.md, "House margins"). */
  margins: HouseMargins;
}) {
  const { db, clock, priceBook, catalog } = deps;
  /** After an operator's write, this instance's copy goes at once (the others hear PostgreSQL). */
  const changed = (eventId: number) => catalog.forget(eventId);

  const view = (market: q.MarketRow, facts: EventFacts, at: number): MarketView =>
    marketView(market, priceBook.market(market.marketId, at), facts.seenAt);

  /** The event's fancy rows from the feed, named (fancyViews). */
  const fancy = async (eventId: number): Promise<{ seq: number; rows: FancyView[] }> => {
    const facts = await catalog.event(eventId);
    return facts
      ? fancyViews(facts, priceBook.fancy(eventId, clock.now().getTime()))
      : { seq: 0, rows: [] };
  };

  return {
    listEvents: (sportId: number | undefined) => q.listEvents(db, sportId),
    findEvent: async (eventId: number) => (await catalog.event(eventId))?.row,
    /** The event a market belongs to (the catalog's market directory). */
    marketEvent: (marketId: string) => catalog.marketEvent(marketId),

    /** Open markets of an event with their current prices. */
    async eventMarkets(eventId: number): Promise<MarketView[]> {
      const at = clock.now().getTime();
      const facts = await catalog.event(eventId);
      return facts
        ? openMarketsInOrder(facts.marketRows).map((market) => view(market, facts, at))
        : [];
    },

    /** Markets by id, in the order asked; unknown ids are left out. */
    async markets(marketIds: readonly string[]): Promise<MarketView[]> {
      const at = clock.now().getTime();
      return (await marketRowsOf(catalog, marketIds)).map(({ row, facts }) => view(row, facts, at));
    },

    fancy,

    /** The event's fancy rows, assembled (assembledFancyRows); the Seq is the feed's. */
    async fancyRows(eventId: number): Promise<{ seq: number; rows: FancyRow[] }> {
      const facts = await catalog.event(eventId);
      if (!facts) return { seq: 0, rows: [] };
      const rates = fancyViews(facts, priceBook.fancy(eventId, clock.now().getTime()));
      return { seq: rates.seq, rows: assembledFancyRows(facts, rates.rows) };
    },

    async customFancy(eventId: number, which: 'custom' | 'active') {
      const facts = Number.isSafeInteger(eventId) ? await catalog.event(eventId) : undefined;
      return (which === 'custom' ? facts?.customFancy : facts?.activeFancy) ?? [];
    },
    async customBookmaker(marketId: string) {
      const [found] = await marketRowsOf(catalog, [marketId]);
      return found?.facts.markets.get(marketId)?.customBookmaker ?? [];
    },

    async lockEvent(eventId: number, locked: boolean): Promise<OperatorOutcome> {
      const before = await q.setEventLock(db, eventId, locked);
      if (!before) return refused(`No event ${eventId}`);
      changed(eventId);
      return {
        ...done(`Event ${eventId} ${locked ? 'locked' : 'unlocked'}`),
        before: { locked: before.wasLocked },
        after: { locked },
      };
    },

    async suspendMarket(marketId: string, suspended: boolean): Promise<OperatorOutcome> {
      const before = await q.setMarketSuspended(db, marketId, suspended);
      if (!before) return refused(`No market ${marketId}`);
      changed(before.eventId);
      return {
        ...done(`Market ${marketId} ${suspended ? 'suspended' : 'resumed'}`),
        before: { suspended: before.wasSuspended },
        after: { suspended },
      };
    },

    async setCustomFancy(row: CustomFancyBody): Promise<OperatorOutcome> {
      if (!row.selectionId.startsWith(`${row.eventId}-`)) {
        return refused(`Fancy row ${row.selectionId} does not belong to event ${row.eventId}`);
      }
      if (row.max < row.min) return refused('max must not be below min');
      if (row.max > MAX_STAKE_LIMIT) return refused(`max must be at most ${MAX_STAKE_LIMIT}`);
      if (!(await q.eventExists(db, row.eventId))) return refused(`No event ${row.eventId}`);
      // A custom row's own No and Yes keep the house's rule (packages/domain/README.md, "House margins").
      const [breach] = row.isCustome
        ? fancyRowBreaches(
            {
              noLine: row.layPrice,
              noRate: row.laySize,
              yesLine: row.backPrice,
              yesRate: row.backSize,
            },
            deps.margins,
          )
        : [];
      if (breach) return refused(`${HOUSE_RULE_REFUSAL}: ${quoteBreachMessage(breach)}`);
      await q.upsertCustomFancy(db, row, clock.now());
      changed(row.eventId);
      return done(`Custom fancy row ${row.selectionId} saved`);
    },

    async setCustomBookmaker(row: CustomBookmakerBody): Promise<OperatorOutcome> {
      const parts = marketIdParse(row.marketId);
      if (!parts || parts.kind !== 'BOOKMAKER')
        return refused(`${row.marketId} is not a bookmaker market id`);
      if (!(await q.eventExists(db, parts.eventId))) return refused(`No event ${parts.eventId}`);
      // The market as bettors would see it with this row keeps the house's rule, alone and
      // against the match odds (packages/domain/README.md, "House margins").
      const facts = await catalog.event(parts.eventId);
      const market = facts?.markets.get(row.marketId);
      if (facts && market) {
        const candidate: q.CustomBookmakerRow = { ...row, isCustom: row.isCustome };
        const others = market.customBookmaker.filter(
          (custom) => custom.selectionId !== row.selectionId,
        );
        const at = clock.now().getTime();
        const rows = bookmakerRowsShown(row.marketId, market, priceBook.market(row.marketId, at), [
          candidate,
          ...others,
        ]);
        const [breach] = bookmakerRowsBreaches(facts, rows, priceBook, at, deps.margins);
        if (breach) return refused(`${HOUSE_RULE_REFUSAL}: ${quoteBreachMessage(breach)}`);
      }
      await q.upsertCustomBookmaker(db, parts.eventId, row, clock.now());
      changed(parts.eventId);
      return done(`Custom bookmaker row ${row.marketId}/${row.selectionId} saved`);
    },

    listOpenEvents: () => q.listOpenEvents(db),
  };
}

export type MarketsService = ReturnType<typeof createMarketsService>;
