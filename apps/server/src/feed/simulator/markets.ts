import {
  bookmakerMarketId,
  completedMatchMarketId,
  marketName,
  marketIdParse,
  MATCH_MIN_STAKE,
  overUnderMarketId,
  overUnderRunnerNames,
  SESSION_MIN_STAKE,
  setWinnerMarketId,
  tiedMatchMarketId,
  tossMarketId,
  YES_NO_RUNNERS,
  type MarketIdParts,
  type OverUnderType,
} from '@backlay/domain';
import type {
  FeedEventSpec,
  FeedMarketSpec,
  FeedStatus,
  FeedUpdate,
  RunnerQuote,
  SportId,
} from '../types.js';
import { quietQuotes } from './quote.js';
import type { EventBase } from './state.js';

/**
 * The match odds id this provider gives an event: `1.<EventId>`. The simulator's own choice (the
 * scripted feed shares it), not the product's: a real provider's match odds id says nothing of
 * its event (Betfair's `1.180305278` is event 30339025's), and the server reads every market's
 * event from the data the feed gave with it (docs/architecture.md identifiers). Bookmaker, toss
 * and the further markets take our suffix ids (`<EventId>B`, `<EventId>T`, `<EventId>TM` …).
 */
export function simulatedMatchOddsId(eventId: number): string {
  return `1.${eventId}`;
}

const simulatedMatchOddsPattern = /^1\.([1-9]\d*)$/;

/**
 * A market id this provider (or the scripted feed) gave, read back by its own scheme: its
 * `1.<EventId>` is match odds of that event, our suffix ids as `marketIdParse` reads them;
 * anything else → null. For the providers' own bookkeeping only: the server never reads an event
 * out of a match odds id.
 */
export function simulatedMarketIdParse(marketId: string): MarketIdParts | null {
  const matchOdds = simulatedMatchOddsPattern.exec(marketId);
  if (matchOdds === null) return marketIdParse(marketId);
  const eventId = Number(matchOdds[1]);
  return Number.isSafeInteger(eventId) ? { kind: 'MATCH_ODDS', eventId } : null;
}

/**
 * Market ids, runner ids and the event spec. Runner selection ids are `EventId·10 + k`, unique in
 * the event: match odds home 1, away 2, draw 3; bookmaker home 4, away 5; toss home 6, away 7.
 */
export type RunnerSlot = 'home' | 'away' | 'draw' | 'bmHome' | 'bmAway' | 'tossHome' | 'tossAway';

const SLOT_OFFSET: Readonly<Record<RunnerSlot, number>> = {
  home: 1,
  away: 2,
  draw: 3,
  bmHome: 4,
  bmAway: 5,
  tossHome: 6,
  tossAway: 7,
};

/** The selection id of a runner of an event. */
export function runnerId(eventId: number, slot: RunnerSlot): number {
  return eventId * 10 + SLOT_OFFSET[slot];
}

/**
 * Runner ids of the further exchange markets (docs/architecture.md identifiers): `EventId·100 + k`,
 * which no `EventId·10 + k` of the same event can equal. Tied match Yes 11, No 12; completed
 * match Yes 13, No 14; over/under 1.5 Under 21, Over 22, 2.5 23/24, 3.5 25/26; set n's winner
 * home 29 + 2n, away 30 + 2n (set 1: 31/32).
 */
export type ExtraMarket =
  | { readonly kind: 'TIED_MATCH' | 'COMPLETED_MATCH' }
  | { readonly kind: OverUnderType }
  | { readonly kind: 'SET_WINNER'; readonly set: number };

const EXTRA_BASE: Readonly<Record<ExtraMarket['kind'], number>> = {
  TIED_MATCH: 11,
  COMPLETED_MATCH: 13,
  OVER_UNDER_15: 21,
  OVER_UNDER_25: 23,
  OVER_UNDER_35: 25,
  SET_WINNER: 29,
};

/** The runner ids of a further market, in spec order: [Yes, No], [Under, Over] or [home, away]. */
export function extraRunnerIds(eventId: number, market: ExtraMarket): [number, number] {
  const first =
    eventId * 100 + EXTRA_BASE[market.kind] + (market.kind === 'SET_WINNER' ? 2 * market.set : 0);
  return [first, first + 1];
}

/** The market id of a further market. */
export function extraMarketId(eventId: number, market: ExtraMarket): string {
  switch (market.kind) {
    case 'TIED_MATCH':
      return tiedMatchMarketId(eventId);
    case 'COMPLETED_MATCH':
      return completedMatchMarketId(eventId);
    case 'SET_WINNER':
      return setWinnerMarketId(eventId, market.set);
    case 'OVER_UNDER_15':
    case 'OVER_UNDER_25':
    case 'OVER_UNDER_35':
      return overUnderMarketId(eventId, market.kind);
  }
}

/** Stake limits in whole rupees (docs/product.md#validation house rules for the minimums; maximums configured). */
export interface StakeLimits {
  readonly maxStakeMatch: number;
  readonly maxStakeSession: number;
}

/** Match odds runners in exchange order: home, away, then 'The Draw' for soccer. */
export function matchOddsSpec(
  event: EventBase,
  hasDraw: boolean,
  limits: StakeLimits,
): FeedMarketSpec {
  const runners = [
    { selectionId: runnerId(event.eventId, 'home'), name: event.home },
    { selectionId: runnerId(event.eventId, 'away'), name: event.away },
    ...(hasDraw ? [{ selectionId: runnerId(event.eventId, 'draw'), name: 'The Draw' }] : []),
  ];
  return {
    marketId: simulatedMatchOddsId(event.eventId),
    marketType: 'MATCH_ODDS',
    name: 'Match Odds',
    minStake: MATCH_MIN_STAKE,
    maxStake: limits.maxStakeMatch,
    runners,
  };
}

/** The cricket bookmaker market (`<EventId>B`, odds per 100). */
export function bookmakerSpec(event: EventBase, limits: StakeLimits): FeedMarketSpec {
  return {
    marketId: bookmakerMarketId(event.eventId),
    marketType: 'BOOKMAKER',
    name: 'Bookmaker',
    minStake: MATCH_MIN_STAKE,
    maxStake: limits.maxStakeMatch,
    runners: [
      { selectionId: runnerId(event.eventId, 'bmHome'), name: event.home },
      { selectionId: runnerId(event.eventId, 'bmAway'), name: event.away },
    ],
  };
}

/** The cricket toss market (`<EventId>T`), open before the start only. */
export function tossSpec(event: EventBase, limits: StakeLimits): FeedMarketSpec {
  return {
    marketId: tossMarketId(event.eventId),
    marketType: 'TOSS',
    name: 'Toss',
    minStake: MATCH_MIN_STAKE,
    maxStake: limits.maxStakeMatch,
    runners: [
      { selectionId: runnerId(event.eventId, 'tossHome'), name: event.home },
      { selectionId: runnerId(event.eventId, 'tossAway'), name: event.away },
    ],
  };
}

/**
 * A further exchange market's spec: Yes and No (tied match, completed match), Under and Over
 * (over/under goals), the two players (a set's winner); the match odds' stake limits.
 */
export function extraMarketSpec(
  event: EventBase,
  market: ExtraMarket,
  limits: StakeLimits,
): FeedMarketSpec {
  const names: readonly string[] =
    market.kind === 'TIED_MATCH' || market.kind === 'COMPLETED_MATCH'
      ? YES_NO_RUNNERS
      : market.kind === 'SET_WINNER'
        ? [event.home, event.away]
        : overUnderRunnerNames(market.kind);
  const ids = extraRunnerIds(event.eventId, market);
  return {
    marketId: extraMarketId(event.eventId, market),
    marketType: market.kind,
    name: marketName(market.kind, market.kind === 'SET_WINNER' ? market.set : 1),
    minStake: MATCH_MIN_STAKE,
    maxStake: limits.maxStakeMatch,
    runners: names.map((name, index) => ({ selectionId: ids[index] ?? 0, name })),
  };
}

/** The `event` update announcing an event with its markets and fancy rows. */
export function eventAnnouncement(
  event: EventBase,
  sportId: SportId,
  startTime: Date,
  markets: readonly FeedMarketSpec[],
  fancy: FeedEventSpec['fancy'],
  limits: StakeLimits,
): FeedUpdate {
  return {
    kind: 'event',
    event: {
      eventId: event.eventId,
      sportId,
      seriesName: event.seriesName,
      name: `${event.home} v ${event.away}`,
      startTime,
      markets,
      fancy,
      sessionMinStake: SESSION_MIN_STAKE,
      sessionMaxStake: limits.maxStakeSession,
    },
  };
}

/** A priced, open market. */
export function marketOpen(marketId: string, runners: readonly RunnerQuote[]): FeedUpdate {
  return { kind: 'market', marketId, status: 'ACTIVE', runners };
}

/** A suspended or closed market: its runners carry that status and no prices. */
export function marketQuiet(
  marketId: string,
  status: Exclude<FeedStatus, 'ACTIVE'>,
  selectionIds: readonly number[],
): FeedUpdate {
  return { kind: 'market', marketId, status, runners: quietQuotes(status, selectionIds) };
}

/** Match odds runner ids of an event, in spec order. */
export function matchOddsRunnerIds(eventId: number, hasDraw: boolean): number[] {
  return hasDraw
    ? [runnerId(eventId, 'home'), runnerId(eventId, 'away'), runnerId(eventId, 'draw')]
    : [runnerId(eventId, 'home'), runnerId(eventId, 'away')];
}

/** Bookmaker runner ids, home then away. */
export function bookmakerRunnerIds(eventId: number): number[] {
  return [runnerId(eventId, 'bmHome'), runnerId(eventId, 'bmAway')];
}

/** Toss runner ids, home then away. */
export function tossRunnerIds(eventId: number): number[] {
  return [runnerId(eventId, 'tossHome'), runnerId(eventId, 'tossAway')];
}
