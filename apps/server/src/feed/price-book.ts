import type { FancyQuote, FeedStatus, RunnerQuote } from './types.js';

/**
 * The seam the engine reads prices through (DESIGN §5). Each market and each event's fancy book
 * carries a monotonic `seq` (DESIGN §7) and goes SUSPENDED when no price and no heartbeat came for
 * the stale window; it reopens only on fresh prices, never on a heartbeat alone.
 */
export interface MarketBook {
  readonly marketId: string;
  readonly eventId: number;
  /** The feed's status, SUSPENDED while stale. */
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
}

export interface FancyBook {
  readonly eventId: number;
  readonly isStale: boolean;
  readonly seq: number;
  readonly rows: readonly FancyQuote[];
  readonly pricedAt: number;
}

export interface PriceBook {
  /** Makes a market known (its event's heartbeats then keep it fresh). */
  register(marketId: string, eventId: number, at: number): void;
  /** `seq`: the leader's after its batch, on a follower that replays it (docs/scaling.md). */
  putMarket(
    marketId: string,
    status: FeedStatus,
    runners: readonly RunnerQuote[],
    at: number,
    seq?: number,
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
}

export interface BookDump {
  readonly markets: readonly (readonly [marketId: string, book: DumpedBook])[];
  readonly fancies: readonly DumpedBook[];
}

type Entry = { -readonly [K in keyof DumpedBook]: DumpedBook[K] };

/** The PriceBook of one process (DESIGN §5: shared implementations serve several). */
export function createMemoryPriceBook(staleMs: number): PriceBook {
  const markets = new Map<string, Entry>();
  const fancies = new Map<number, Entry>();

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
  });

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
    // Never below the clock, so a restarted server's Seq still exceeds what clients hold (DESIGN §7).
    // A follower takes the Seq the leader's book had after the batch, so that reads anywhere
    // agree with the leader's pushes (docs/scaling.md).
    book.seq = seq === undefined ? Math.max(book.seq + 1, at) : Math.max(book.seq, seq);
  };

  return {
    register(marketId, eventId, at) {
      if (!markets.has(marketId)) markets.set(marketId, entry(eventId, at));
      if (!fancies.has(eventId)) fancies.set(eventId, entry(eventId, at));
    },

    putMarket(marketId, status, runners, at, seq) {
      const book = markets.get(marketId);
      if (!book) return;
      fresh(book, at, seq);
      book.status = status;
      book.runners = runners;
      if (status !== 'ACTIVE') book.downAt = Math.max(book.downAt, at);
    },

    putFancy(eventId, rows, at, seq) {
      const book = fancies.get(eventId);
      if (!book) return;
      fresh(book, at, seq);
      book.status = 'ACTIVE';
      book.rows = rows;
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
      const status = isStale && book.status !== 'CLOSED' ? 'SUSPENDED' : book.status;
      return {
        marketId,
        eventId: book.eventId,
        status,
        isStale,
        seq: book.seq,
        runners: book.runners,
        pricedAt: book.lastPriceAt,
        downAt: status === 'ACTIVE' ? book.downAt : Math.max(book.downAt, at),
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
      for (const [marketId, book] of dump.markets)
        markets.set(marketId, take(markets.get(marketId), book));
      for (const book of dump.fancies)
        fancies.set(book.eventId, take(fancies.get(book.eventId), book));
    },
  };
}
