import {
  bookmakerMarketId,
  MATCH_MIN_STAKE,
  matchOddsMarketId,
  SESSION_MIN_STAKE,
  tossMarketId,
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

/** Stake limits in whole rupees (SPEC §5 house rules for the minimums; maximums configured). */
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
    marketId: matchOddsMarketId(event.eventId),
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
