import {
  bookmakerBreaches,
  bookmakerHundredths,
  DEFAULT_HOUSE_MARGINS,
  fancyRowBreaches,
  marketIdParse,
  marketMargins,
  runnersBreaches,
  type HouseMargins,
  type RunnerPrices,
} from '@backlay/domain';
import type { FancyQuote, FeedRunnerSpec, FeedStatus, RunnerQuote } from './types.js';

/**
 * The seam the engine reads prices through (docs/decisions.md#money). Each market and each event's fancy book
 * carries a monotonic `seq` (docs/decisions.md#hub) and goes SUSPENDED when no price and no heartbeat came for
 * the stale window; it reopens only on fresh prices, never on a heartbeat alone.
 *
 * It is also the house's last line (packages/domain/README.md, "House margins"): a market whose quote would
 * give a bettor a profit whatever happens — alone, or a bookmaker against the match odds of its
 * event — reads SUSPENDED, and so does a fancy row whose No and Yes do, until a quote that keeps
 * the rule comes. Every read and every bet goes through here, so no screen shows such a quote and
 * no bet is taken at one.
 */
export interface MarketBook {
  readonly marketId: string;
  readonly eventId: number;
  /** The feed's status, SUSPENDED while stale or while its quote breaks the house's rule. */
  readonly status: FeedStatus;
  readonly isStale: boolean;
  readonly seq: number;
  readonly runners: readonly RunnerQuote[];
  /** Epoch ms of the last price. */
  readonly pricedAt: number;
  /**
   * The latest epoch ms at which the market was known not open for bets (suspended, closed or
   * stale; its registration counts): the in-play delay and the cancel rule ask whether it went
   * down after a moment (docs/architecture.md, "In-play bet delay", "Cancelling a bet").
   */
  readonly downAt: number;
  /**
   * The provider's in-play bet delay of this market, seconds (Betfair's `betDelay`); undefined:
   * the house's configured delay applies (docs/architecture.md, "In-play bet delay").
   */
  readonly betDelayS?: number | undefined;
}

export interface FancyBook {
  readonly eventId: number;
  readonly isStale: boolean;
  readonly seq: number;
  readonly rows: readonly FancyQuote[];
  readonly pricedAt: number;
}

export interface PriceBook {
  /**
   * Makes a market known (its event's heartbeats then keep it fresh); its runners' names pair a
   * bookmaker's runners with the match odds' (absent: the pairing is left as it stands). Its kind
   * comes from the catalog (a provider's id says nothing of it); absent, our suffix ids are read
   * and a provider's id is taken for match odds.
   */
  register(
    marketId: string,
    eventId: number,
    at: number,
    runners?: readonly FeedRunnerSpec[],
    marketType?: string,
  ): void;
  /**
   * `seq`: the leader's after its batch, on a follower that replays it (docs/scaling.md);
   * `betDelayS`: the provider's delay of the market, kept until another is given.
   */
  putMarket(
    marketId: string,
    status: FeedStatus,
    runners: readonly RunnerQuote[],
    at: number,
    seq?: number,
    betDelayS?: number,
  ): void;
  putFancy(eventId: number, rows: readonly FancyQuote[], at: number, seq?: number): void;
  heartbeat(eventIds: readonly number[], at: number): void;
  market(marketId: string, at: number): MarketBook | undefined;
  fancy(eventId: number, at: number): FancyBook | undefined;
  /** Forgets a closed event's books. */
  drop(eventId: number): void;
  /** Every book as it stands: what the feed leader hands its followers (docs/scaling.md). */
  dump(): BookDump;
  /** Takes the leader's books, each where it is at least as new as this process's own. */
  load(dump: BookDump): void;
}

/** One book's whole state, plain JSON. */
export interface DumpedBook {
  readonly eventId: number;
  readonly status: FeedStatus;
  readonly seq: number;
  readonly runners: readonly RunnerQuote[];
  readonly rows: readonly FancyQuote[];
  readonly lastSignalAt: number;
  readonly lastPriceAt: number;
  /** When the book went stale; null while fresh. */
  readonly staleAt: number | null;
  /** MarketBook.downAt. */
  readonly downAt: number;
  /** The runners' names by selection id, as registered. */
  readonly names: readonly (readonly [selectionId: number, name: string])[];
  /** The quote breaks the house's rule: the book reads SUSPENDED. */
  readonly held: boolean;
  /** The market's kind (MATCH_ODDS, BOOKMAKER …); the house's rule reads it. */
  readonly kind?: string;
  /** MarketBook.betDelayS; absent (null in JSON) when the provider gives none. */
  readonly betDelayS?: number | null;
}

export interface BookDump {
  readonly markets: readonly (readonly [marketId: string, book: DumpedBook])[];
  readonly fancies: readonly DumpedBook[];
}

type Entry = { -readonly [K in keyof DumpedBook]: DumpedBook[K] };

/** A book's kind: as registered, else read from our suffix ids; a provider's id is match odds. */
const kindOf = (marketId: string, book: Pick<Entry, 'kind'>): string =>
  book.kind ?? marketIdParse(marketId)?.kind ?? 'MATCH_ODDS';

/**
 * Runners' best prices in hundredths (none while a runner is not active) under their names, as
 * the house's rule reads them (packages/domain/README.md, "House margins"); a bookmaker's are per 100.
 */
export function quotePrices(
  runners: readonly RunnerQuote[],
  names: ReadonlyMap<number, string>,
  isBookmaker: boolean,
): RunnerPrices[] {
  const odds = (side: readonly { price: number }[]) => {
    const price = side[0]?.price;
    if (price === undefined || price <= 0) return null;
    return isBookmaker ? bookmakerHundredths(price) : price;
  };
  return runners.map((runner) => {
    const active = runner.status === 'ACTIVE';
    return {
      selectionId: names.get(runner.selectionId) ?? String(runner.selectionId),
      back: active ? odds(runner.back) : null,
      lay: active ? odds(runner.lay) : null,
    };
  });
}

const runnerPrices = (book: Entry, isBookmaker: boolean) =>
  quotePrices(book.runners, new Map(book.names), isBookmaker);

/** A fancy row whose No and Yes break the house's rule reads SUSPENDED. */
function guardedRows(rows: readonly FancyQuote[], margins: HouseMargins): FancyQuote[] {
  return rows.map((row) =>
    row.gameStatus === '' && fancyRowBreaches(row, margins).length > 0
      ? { ...row, gameStatus: 'SUSPENDED' }
      : row,
  );
}

/**
 * The PriceBook of one process (docs/architecture.md, "The feed"), holding the
 * house's quotes to `margins` (packages/domain/README.md, "House margins"); null holds nothing
 * (the in-process test feed's books, apps/server/test/feed.ts).
 */
export function createMemoryPriceBook(
  staleMs: number,
  margins: HouseMargins | null = DEFAULT_HOUSE_MARGINS,
): PriceBook {
  const markets = new Map<string, Entry>();
  const fancies = new Map<number, Entry>();
  /** Each event's match odds and bookmaker market ids, the pair judged together. */
  const pairs = new Map<number, { matchOdds?: string; bookmaker?: string }>();

  const entry = (eventId: number, at: number): Entry => ({
    eventId,
    status: 'SUSPENDED',
    seq: 0,
    runners: [],
    rows: [],
    lastSignalAt: at,
    lastPriceAt: 0,
    staleAt: null,
    downAt: at,
    names: [],
    held: false,
  });

  /**
   * Whether a market's quote breaks the rule: alone, with the margins of its kind; a bookmaker
   * also with the match odds of its event, runner by runner under the same names, where no back
   * of one may stand above a lay of the other (no margin: together they must not pay).
   */
  const breaks = (marketId: string, book: Entry): boolean => {
    if (margins === null || book.status !== 'ACTIVE') return false;
    const kind = kindOf(marketId, book);
    if (kind !== 'BOOKMAKER')
      return runnersBreaches(runnerPrices(book, false), marketMargins(kind, margins)).length > 0;
    const matchOddsId = pairs.get(book.eventId)?.matchOdds;
    const matchOdds = matchOddsId === undefined ? undefined : markets.get(matchOddsId);
    const exchange =
      matchOdds?.status === 'ACTIVE' && matchOdds.staleAt === null
        ? runnerPrices(matchOdds, false)
        : null;
    return bookmakerBreaches(runnerPrices(book, true), exchange, margins).length > 0;
  };

  const pairUp = (marketId: string, eventId: number, book: Entry) => {
    const kind = kindOf(marketId, book);
    if (kind !== 'MATCH_ODDS' && kind !== 'BOOKMAKER') return;
    const pair = pairs.get(eventId) ?? {};
    pairs.set(
      eventId,
      kind === 'MATCH_ODDS' ? { ...pair, matchOdds: marketId } : { ...pair, bookmaker: marketId },
    );
  };

  /** Judges a book anew; a book newly held is down from now, and its Seq moves for the reads. */
  const judge = (marketId: string, book: Entry, at: number) => {
    const held = breaks(marketId, book);
    if (held === book.held) return;
    book.held = held;
    book.seq = Math.max(book.seq + 1, at);
    if (held) book.downAt = Math.max(book.downAt, at);
  };

  /** A book silent for longer than the window went stale at the end of the window. */
  const settleStaleness = (book: Entry, at: number) => {
    if (book.staleAt === null && at - book.lastSignalAt > staleMs)
      book.staleAt = book.lastSignalAt + staleMs;
  };

  const fresh = (book: Entry, at: number, seq: number | undefined) => {
    settleStaleness(book, at);
    // Stale until this price: down until now.
    if (book.staleAt !== null) book.downAt = Math.max(book.downAt, at);
    book.lastSignalAt = Math.max(book.lastSignalAt, at);
    book.lastPriceAt = at;
    book.staleAt = null;
    // Never below the clock, so a restarted server's Seq still exceeds what clients hold (docs/decisions.md#hub).
    // A follower takes the Seq the leader's book had after the batch, so that reads anywhere
    // agree with the leader's pushes (docs/scaling.md).
    book.seq = seq === undefined ? Math.max(book.seq + 1, at) : Math.max(book.seq, seq);
  };

  return {
    register(marketId, eventId, at, runners, marketType) {
      if (!markets.has(marketId)) markets.set(marketId, entry(eventId, at));
      if (!fancies.has(eventId)) fancies.set(eventId, entry(eventId, at));
      const book = markets.get(marketId)!;
      if (runners) book.names = runners.map((runner) => [runner.selectionId, runner.name] as const);
      if (marketType !== undefined) book.kind = marketType;
      pairUp(marketId, eventId, book);
    },

    putMarket(marketId, status, runners, at, seq, betDelayS) {
      const book = markets.get(marketId);
      if (!book) return;
      fresh(book, at, seq);
      if (betDelayS !== undefined) book.betDelayS = betDelayS;
      book.status = status;
      book.runners = runners;
      if (status !== 'ACTIVE') book.downAt = Math.max(book.downAt, at);
      judge(marketId, book, at);
      // The match odds moved: the bookmaker of its event is judged against them again.
      const bookmakerId = pairs.get(book.eventId)?.bookmaker;
      const bookmaker = bookmakerId === undefined ? undefined : markets.get(bookmakerId);
      if (bookmakerId !== undefined && bookmaker && bookmakerId !== marketId)
        judge(bookmakerId, bookmaker, at);
    },

    putFancy(eventId, rows, at, seq) {
      const book = fancies.get(eventId);
      if (!book) return;
      fresh(book, at, seq);
      book.status = 'ACTIVE';
      book.rows = margins === null ? rows : guardedRows(rows, margins);
    },

    heartbeat(eventIds, at) {
      const events = new Set(eventIds);
      for (const book of [...markets.values(), ...fancies.values()]) {
        if (!events.has(book.eventId)) continue;
        settleStaleness(book, at);
        book.lastSignalAt = Math.max(book.lastSignalAt, at);
      }
    },

    market(marketId, at) {
      const book = markets.get(marketId);
      if (!book) return undefined;
      settleStaleness(book, at);
      const isStale = book.staleAt !== null;
      const status = (isStale || book.held) && book.status !== 'CLOSED' ? 'SUSPENDED' : book.status;
      return {
        marketId,
        eventId: book.eventId,
        status,
        isStale,
        seq: book.seq,
        runners: book.runners,
        pricedAt: book.lastPriceAt,
        downAt: status === 'ACTIVE' ? book.downAt : Math.max(book.downAt, at),
        betDelayS: book.betDelayS ?? undefined,
      };
    },

    fancy(eventId, at) {
      const book = fancies.get(eventId);
      if (!book) return undefined;
      settleStaleness(book, at);
      return {
        eventId,
        isStale: book.staleAt !== null,
        seq: book.seq,
        rows: book.rows,
        pricedAt: book.lastPriceAt,
      };
    },

    drop(eventId) {
      fancies.delete(eventId);
      pairs.delete(eventId);
      for (const [marketId, book] of markets)
        if (book.eventId === eventId) markets.delete(marketId);
    },

    dump: () => ({
      markets: [...markets].map(([marketId, book]) => [marketId, { ...book }] as const),
      fancies: [...fancies.values()].map((book) => ({ ...book })),
    }),

    load(dump) {
      const take = (own: Entry | undefined, theirs: DumpedBook): Entry => {
        if (own === undefined || own.seq <= theirs.seq) return { ...theirs };
        // Ours is newer: the leader's dump is older than a batch heard since; only its signal counts.
        own.lastSignalAt = Math.max(own.lastSignalAt, theirs.lastSignalAt);
        return own;
      };
      for (const [marketId, book] of dump.markets) {
        const taken = take(markets.get(marketId), book);
        markets.set(marketId, taken);
        pairUp(marketId, book.eventId, taken);
      }
      for (const book of dump.fancies)
        fancies.set(book.eventId, take(fancies.get(book.eventId), book));
    },
  };
}
