import {
  EXCHANGE_MARKET_TYPES,
  MATCH_MIN_STAKE,
  SESSION_MIN_STAKE,
  type ExchangeMarketType,
} from '@backlay/domain';
import type {
  EventStatus,
  FeedEventSpec,
  FeedMarketSpec,
  FeedUpdate,
  PriceSize,
  ResultDeclaration,
  RunnerQuote,
  SportId,
} from '../types.js';
import { bestOffers, type MarketCache, type StreamCache } from './cache.js';
import type { MarketDefinition } from './messages.js';

/**
 * From Betfair's market cache to Backlay's feed updates (docs/feeds.md, "What is taken from
 * Betfair"): a market's definition makes its event and market, with Betfair's own ids; OPEN with
 * ACTIVE runners is open for bets, SUSPENDED and INACTIVE suspend it; `inPlay` puts its event in
 * play; `betDelay` is its in-play delay; REMOVED runners disappear; CLOSED with a WINNER settles
 * it once with that result, CLOSED with none voids it. A crossed book (best back at or above the
 * best lay) and a market broken until its next image are suspended with no prices shown.
 */

/** The sports Backlay lists (docs/product.md#purpose): Betfair's own eventTypeIds. */
const SPORT_NAMES: Readonly<Record<SportId, string>> = { 4: 'Cricket', 1: 'Soccer', 2: 'Tennis' };

/** Betfair's market types Backlay trades: the exchange kinds whose id says nothing of a set. */
export const BETFAIR_TRADED_TYPES: readonly ExchangeMarketType[] = EXCHANGE_MARKET_TYPES.filter(
  (type) => type !== 'SET_WINNER',
);

/** How many best offers a side shows: Betfair's three, as the event screen shows them. */
export const LADDER_DEPTH = 3;

/** Names the stream lacks (the live stream sends none), from the Betting API's catalogue. */
export interface CatalogueNames {
  readonly eventName: string;
  /** The competition, shown as the series. */
  readonly competition?: string;
  readonly marketName: string;
  readonly runners: ReadonlyMap<number, string>;
}

export interface TranslateSettings {
  /** Betfair's sizes (pounds) × this → whole rupees (docs/feeds.md, "Sizes"). */
  readonly sizeRate: number;
  readonly eventTypes: readonly number[];
  readonly marketTypes: readonly string[];
  /** Whole rupees. */
  readonly maxStakeMatch: number;
  readonly maxStakeSession: number;
}

/** What the translator counts: the feed status route and the logs say them. */
export interface TranslateCounts {
  crossed: number;
  skipped: number;
}

export interface TranslatorSnapshot {
  readonly settled: readonly string[];
  readonly events: readonly { eventId: number; status: EventStatus }[];
}

/** A Betfair size in whole rupees: size × rate, rounded, and at least ₹1 while Betfair shows any. */
export function rupeeSize(size: number, rate: number): number {
  return Math.max(1, Math.round(size * rate));
}

/** A Betfair price (1.01 … 1000, two decimals at most) in hundredths. */
export const hundredths = (price: number): number => Math.round(price * 100);

const GONE = new Set(['REMOVED', 'REMOVED_VACANT', 'HIDDEN']);

/** The cache's key of each runner of a definition (`<id>:<handicap>`), made once per definition. */
const keysOf = new WeakMap<MarketDefinition, string[]>();
function runnerKeys(definition: MarketDefinition): string[] {
  let keys = keysOf.get(definition);
  if (!keys) {
    keys = definition.runners.map((runner) => `${runner.id}:${runner.hc ?? 0}`);
    keysOf.set(definition, keys);
  }
  return keys;
}

type MarketQuote = Extract<FeedUpdate, { kind: 'market' }>;

const sameSide = (a: readonly PriceSize[], b: readonly PriceSize[]) =>
  a.length === b.length &&
  a.every((each, index) => each.price === b[index]!.price && each.size === b[index]!.size);

/** Whether two quotes of a market show the same thing. */
function sameQuote(a: MarketQuote | undefined, b: MarketQuote): boolean {
  if (!a || a.status !== b.status || a.betDelayS !== b.betDelayS) return false;
  if (a.runners.length !== b.runners.length) return false;
  return a.runners.every((runner, index) => {
    const other = b.runners[index]!;
    return (
      runner.selectionId === other.selectionId &&
      runner.status === other.status &&
      sameSide(runner.back, other.back) &&
      sameSide(runner.lay, other.lay)
    );
  });
}

interface KnownEvent {
  readonly spec: Omit<FeedEventSpec, 'markets'>;
  readonly markets: Map<string, FeedMarketSpec>;
  status: EventStatus;
}

export function createTranslator(options: {
  settings: TranslateSettings;
  /** Names for a market whose definition has none; undefined while the catalogue has not answered. */
  names?: (marketId: string) => CatalogueNames | undefined;
  log: (message: string) => void;
}) {
  const { settings, log } = options;
  const events = new Map<number, KnownEvent>();
  const eventOfMarket = new Map<string, number>();
  const settled = new Set<string>();
  /** Markets Backlay does not trade, said once each. */
  const skipped = new Set<string>();
  /** Markets waiting for the catalogue's names. */
  const waiting = new Set<string>();
  const counts: TranslateCounts = { crossed: 0, skipped: 0 };
  /** The quote each market last showed, and the definition its event's state was read from. */
  const shown = new Map<string, MarketQuote>();
  const definitions = new Map<string, MarketDefinition>();
  /** The connection to the exchange is down: every market reads SUSPENDED until it is back. */
  let down = false;
  /** The states a previous leader gave events: not given again. */
  let restoredStatus = new Map<number, EventStatus>();

  const skip = (id: string, why: string) => {
    if (skipped.has(id)) return;
    skipped.add(id);
    counts.skipped += 1;
    log(`betfair: market ${id} is not taken: ${why}`);
  };

  const tradedType = (marketType: string): ExchangeMarketType | undefined =>
    settings.marketTypes.includes(marketType) &&
    (BETFAIR_TRADED_TYPES as readonly string[]).includes(marketType)
      ? (marketType as ExchangeMarketType)
      : undefined;

  /** The market's spec and its event's, or why not yet (names) or never (not traded). */
  function specOf(
    market: MarketCache,
    definition: MarketDefinition,
  ): { event: Omit<FeedEventSpec, 'markets'>; market: FeedMarketSpec } | 'wait' | 'skip' {
    const sportId = Number(definition.eventTypeId);
    if (!(sportId in SPORT_NAMES) || !settings.eventTypes.includes(sportId)) {
      skip(market.id, `event type ${definition.eventTypeId} is not one Backlay lists`);
      return 'skip';
    }
    const marketType = tradedType(definition.marketType);
    if (!marketType) {
      skip(market.id, `market type ${definition.marketType} is not one Backlay trades`);
      return 'skip';
    }
    const eventId = Number(definition.eventId);
    if (!Number.isSafeInteger(eventId) || eventId <= 0) {
      skip(market.id, `event id ${definition.eventId} is not a number`);
      return 'skip';
    }
    const catalogue = definition.eventName === undefined ? options.names?.(market.id) : undefined;
    if (definition.eventName === undefined && catalogue === undefined) {
      waiting.add(market.id);
      return 'wait';
    }
    const runnerName = (id: number) =>
      definition.runners.find((runner) => runner.id === id)?.name ??
      catalogue?.runners.get(id) ??
      `Selection ${id}`;
    const runners = [...definition.runners]
      .filter((runner) => !GONE.has(runner.status))
      .sort((a, b) => (a.sortPriority ?? 0) - (b.sortPriority ?? 0))
      .map((runner) => ({ selectionId: runner.id, name: runnerName(runner.id) }));
    const start = definition.openDate ?? definition.marketTime;
    return {
      event: {
        eventId,
        sportId: sportId as SportId,
        seriesName: catalogue?.competition ?? SPORT_NAMES[sportId as SportId],
        name: definition.eventName ?? catalogue?.eventName ?? `Event ${eventId}`,
        startTime: start ? new Date(start) : new Date(market.pt),
        fancy: [],
        sessionMinStake: SESSION_MIN_STAKE,
        sessionMaxStake: settings.maxStakeSession,
      },
      market: {
        marketId: market.id,
        marketType,
        name: definition.name ?? catalogue?.marketName ?? 'Match Odds',
        minStake: MATCH_MIN_STAKE,
        maxStake: settings.maxStakeMatch,
        runners,
      },
    };
  }

  const side = (prices: [number, number][]): PriceSize[] =>
    prices.map(([price, size]) => ({
      price: hundredths(price),
      size: rupeeSize(size, settings.sizeRate),
    }));

  /** The market's quote as Backlay shows it. */
  function quoteOf(market: MarketCache, definition: MarketDefinition): MarketQuote {
    const closed = definition.status === 'CLOSED';
    const open = definition.status === 'OPEN' && market.broken === null && !down;
    const prices = market.broken === null;
    const keys = runnerKeys(definition);
    let runners: RunnerQuote[] = [];
    for (const [index, runner] of definition.runners.entries()) {
      if (GONE.has(runner.status)) continue;
      const cached = prices ? market.runners.get(keys[index]!) : undefined;
      runners.push({
        selectionId: runner.id,
        status: closed ? 'CLOSED' : open && runner.status === 'ACTIVE' ? 'ACTIVE' : 'SUSPENDED',
        back: cached ? side(bestOffers(cached, 'back', LADDER_DEPTH)) : [],
        lay: cached ? side(bestOffers(cached, 'lay', LADDER_DEPTH)) : [],
      });
    }
    const crossed = runners.some((runner) => {
      const back = runner.back[0]?.price;
      const lay = runner.lay[0]?.price;
      return back !== undefined && lay !== undefined && back >= lay;
    });
    if (crossed) {
      counts.crossed += 1;
      runners = runners.map((runner) => ({ ...runner, status: 'SUSPENDED', back: [], lay: [] }));
    }
    return {
      kind: 'market',
      marketId: market.id,
      status: closed ? 'CLOSED' : open && !crossed ? 'ACTIVE' : 'SUSPENDED',
      runners,
      betDelayS: definition.betDelay,
    };
  }

  /** CLOSED with one WINNER: that result; with none (every runner lost or was removed): void. */
  function resultOf(marketId: string, definition: MarketDefinition): ResultDeclaration | null {
    const winners = definition.runners.filter((runner) => runner.status === 'WINNER');
    if (winners.length === 1) {
      return { kind: 'market', marketId, winnerSelectionId: winners[0]!.id };
    }
    if (winners.length === 0 && definition.runners.every((runner) => runner.status !== 'ACTIVE')) {
      return { kind: 'void-market', marketId, reason: 'Voided by the exchange' };
    }
    // Still ACTIVE runners, or more than one winner: the operator declares it.
    log(`betfair: market ${marketId} closed without one winner: left to the operator`);
    return null;
  }

  return {
    counts,
    /** The feed updates of the markets `changed` names, as the cache now holds them. */
    updates(cache: StreamCache, changed: readonly string[]): FeedUpdate[] {
      // One id (a message of one market, the usual case) needs no set to fold repeats.
      const out: FeedUpdate[] = [];
      const touched = new Set<number>();
      for (const id of changed.length === 1 ? changed : new Set(changed)) {
        const market = cache.market(id);
        const definition = market?.definition;
        if (!market || !definition || skipped.has(id)) continue;
        let eventId = eventOfMarket.get(id);
        if (eventId === undefined) {
          const spec = specOf(market, definition);
          if (spec === 'skip' || spec === 'wait') continue;
          waiting.delete(id);
          eventId = spec.event.eventId;
          const known: KnownEvent = events.get(eventId) ?? {
            spec: spec.event,
            markets: new Map(),
            status: restoredStatus.get(eventId) ?? 'upcoming',
          };
          known.markets.set(id, spec.market);
          events.set(eventId, known);
          eventOfMarket.set(id, eventId);
          out.push({
            kind: 'event',
            event: { ...known.spec, markets: [...known.markets.values()] },
          });
        }
        const quote = quoteOf(market, definition);
        // A change the screen cannot see (deeper than the third price, a trade) makes no update.
        if (!sameQuote(shown.get(id), quote)) {
          shown.set(id, quote);
          out.push(quote);
        }
        if (definition.status === 'CLOSED' && !settled.has(id)) {
          settled.add(id);
          const declaration = resultOf(id, definition);
          if (declaration) out.push({ kind: 'result', declaration });
        }
        // The event's state moves only with a market's definition.
        if (definitions.get(id) !== definition) {
          definitions.set(id, definition);
          touched.add(eventId);
        }
      }
      for (const eventId of touched) {
        const known = events.get(eventId)!;
        const definitions = [...known.markets.keys()].map((id) => cache.market(id)?.definition);
        const next: EventStatus = definitions.every((each) => each?.status === 'CLOSED')
          ? 'closed'
          : definitions.some((each) => each?.inPlay === true) || known.status === 'inplay'
            ? 'inplay'
            : 'upcoming';
        if (next !== known.status) {
          known.status = next;
          out.push({ kind: 'eventStatus', eventId, status: next });
        }
      }
      return out;
    },
    /**
     * Down: every market suspends at once (the connection broke); up again: they show what the
     * cache holds. Returns the markets to translate anew.
     */
    setDown(next: boolean): string[] {
      if (next === down) return [];
      down = next;
      return [...eventOfMarket.keys()];
    },
    /** Events not closed: the heartbeats keep their quiet markets fresh. */
    openEventIds: (): number[] =>
      [...events].filter(([, known]) => known.status !== 'closed').map(([eventId]) => eventId),
    eventOf: (marketId: string) => eventOfMarket.get(marketId),
    /** Markets whose names the catalogue has yet to give; emptied as it reads them. */
    takeWaiting(): string[] {
      const ids = [...waiting];
      waiting.clear();
      return ids;
    },
    snapshot: (): TranslatorSnapshot => ({
      settled: [...settled],
      events: [...events].map(([eventId, known]) => ({ eventId, status: known.status })),
    }),
    /** What a restarted or new leader must not send again: results given, events' states. */
    restore(saved: TranslatorSnapshot) {
      for (const id of saved.settled) settled.add(id);
      restoredStatus = new Map(saved.events.map((each) => [each.eventId, each.status]));
    },
  };
}

export type Translator = ReturnType<typeof createTranslator>;
