import type { MarketType } from '@backlay/domain';

/**
 * What the engine needs from any odds provider (docs/decisions.md#feed): a stream of updates. The simulator,
 * the scripted adapter and any outside provider's adapter all speak it; the feed runner applies
 * the updates to the database and the PriceBook. Prices are integers: match and toss odds in
 * hundredths (1.9 → 190), bookmaker odds per 100 (45), fancy lines in runs and rates per 100;
 * sizes in whole rupees.
 */

/** Who made an event: the simulator, the scripted adapter or Betfair (events.source). */
export type EventSource = 'simulator' | 'scripted' | 'betfair';

/** docs/product.md#purpose sport ids. */
export type SportId = 4 | 1 | 2;

/** Every market kind but fancy (docs/architecture.md identifiers). */
export type FeedMarketType = Exclude<MarketType, 'FANCY'>;

export interface FeedRunnerSpec {
  readonly selectionId: number;
  readonly name: string;
}

export interface FeedMarketSpec {
  /** `1.<EventId>`, `<EventId>B`, `<EventId>T`, `<EventId>TM` … (docs/architecture.md identifiers). */
  readonly marketId: string;
  readonly marketType: FeedMarketType;
  readonly name: string;
  /** Whole rupees. */
  readonly minStake: number;
  readonly maxStake: number;
  readonly runners: readonly FeedRunnerSpec[];
}

export interface FeedFancySpec {
  /** `<EventId>-<n>` (docs/decisions.md#api). */
  readonly selectionId: string;
  readonly name: string;
}

export interface FeedEventSpec {
  readonly eventId: number;
  readonly sportId: SportId;
  readonly seriesName: string;
  /** 'Home v Away' (docs/product.md#screens splits names on ' v '). */
  readonly name: string;
  readonly startTime: Date;
  readonly markets: readonly FeedMarketSpec[];
  readonly fancy: readonly FeedFancySpec[];
  /** Whole rupees; sessions (house rules: min 100). */
  readonly sessionMinStake: number;
  readonly sessionMaxStake: number;
}

export interface PriceSize {
  /** Hundredths for match and toss odds; per 100 for bookmaker. */
  readonly price: number;
  /** Whole rupees, > 0. */
  readonly size: number;
}

export type FeedStatus = 'ACTIVE' | 'SUSPENDED' | 'CLOSED';

export interface RunnerQuote {
  readonly selectionId: number;
  readonly status: FeedStatus;
  /** Best first; back prices below lay prices. */
  readonly back: readonly PriceSize[];
  readonly lay: readonly PriceSize[];
}

export interface FancyQuote {
  readonly selectionId: string;
  /** '' when open, else e.g. 'SUSPENDED' or 'Ball Running' (docs/product.md#entities GameStatus). */
  readonly gameStatus: string;
  /** No (lay) side: runs below `noLine` win; rate per 100 (docs/decisions.md#money rate convention). */
  readonly noLine: number;
  readonly noRate: number;
  /** Yes (back) side: runs at or above `yesLine` win. */
  readonly yesLine: number;
  readonly yesRate: number;
}

export interface CricketInnings {
  readonly team: string;
  readonly runs: number;
  readonly wickets: number;
  /** Overs as bowled, e.g. '12.3'. */
  readonly overs: string;
  /** Current run rate, two decimals. */
  readonly runRate: number;
}

export interface CricketScore {
  readonly kind: 'cricket';
  /** Up to two. */
  readonly innings: readonly CricketInnings[];
  /** Balls of the over in progress and the last complete over: '0', '4', '6', 'W', '1wd' … */
  readonly currentOver: readonly string[];
  readonly lastOver: readonly string[];
  readonly requiredRunRate: number | null;
  /** The latest ball's line of commentary. */
  readonly commentary: string;
}

export interface OtherSide {
  readonly name: string;
  /** Goals (soccer) or sets won (tennis). */
  readonly score: number;
  /** Tennis: games in the current set; soccer: 0. */
  readonly games: number;
  /** Tennis: games per finished set, e.g. [6, 4]; soccer: []. */
  readonly gameSequence: readonly number[];
}

/** Tennis: points won by each side in the game in play (a tie-break's too), as counted. */
export interface TennisPoints {
  readonly home: number;
  readonly away: number;
  readonly isTiebreak: boolean;
}

export interface OtherScore {
  readonly kind: 'soccer' | 'tennis';
  readonly home: OtherSide;
  readonly away: OtherSide;
  /** Tennis: the set in play (1-based); soccer: the minute. */
  readonly currentSet: number;
  readonly commentary: string;
  /** Tennis: the game in play; soccer: absent. */
  readonly points?: TennisPoints;
  /** Tennis: who serves the next point; soccer: absent. */
  readonly server?: 'home' | 'away';
}

export type EventStatus = 'upcoming' | 'inplay' | 'closed';

/** A result declaration (docs/decisions.md#money: the first declaration wins). */
export type ResultDeclaration =
  | { readonly kind: 'market'; readonly marketId: string; readonly winnerSelectionId: number }
  | { readonly kind: 'fancy'; readonly selectionId: string; readonly runs: number }
  | { readonly kind: 'void-market'; readonly marketId: string; readonly reason: string }
  | { readonly kind: 'void-fancy'; readonly selectionId: string; readonly reason: string };

export type FeedUpdate =
  | { readonly kind: 'event'; readonly event: FeedEventSpec }
  | { readonly kind: 'eventStatus'; readonly eventId: number; readonly status: EventStatus }
  | {
      readonly kind: 'market';
      readonly marketId: string;
      readonly status: FeedStatus;
      /** A SUSPENDED or CLOSED market may carry runners with no prices. */
      readonly runners: readonly RunnerQuote[];
      /**
       * The provider's in-play bet delay of this market, seconds (Betfair's `betDelay`); absent:
       * the house's configured delay (docs/architecture.md, "In-play bet delay").
       */
      readonly betDelayS?: number;
    }
  /** The event's whole set of open sessions: a row left out is gone (declared or withdrawn). */
  | { readonly kind: 'fancy'; readonly eventId: number; readonly rows: readonly FancyQuote[] }
  | { readonly kind: 'score'; readonly eventId: number; readonly score: CricketScore | OtherScore }
  | { readonly kind: 'result'; readonly declaration: ResultDeclaration }
  /** Keeps quiet markets of these events fresh (docs/decisions.md#money staleness). */
  | { readonly kind: 'heartbeat'; readonly eventIds: readonly number[] };
