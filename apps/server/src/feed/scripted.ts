import {
  assertNever,
  bookmakerMarketId,
  completedMatchMarketId,
  marketName,
  MATCH_MIN_STAKE,
  overUnderMarketId,
  overUnderRunnerNames,
  SESSION_MIN_STAKE,
  setWinnerMarketId,
  tiedMatchMarketId,
  tossMarketId,
  YES_NO_RUNNERS,
  type ExchangeMarketType,
} from '@backlay/domain';
import type { FeedSource } from './runner.js';
import { simulatedMatchOddsId } from './simulator/index.js';
import type { FeedEventSpec, FeedMarketSpec, FeedUpdate, SportId } from './types.js';

/** Scripted events keep their markets open with a heartbeat this often (well inside FEED_STALE_S). */
export const SCRIPTED_HEARTBEAT_MS = 2000;

/** A fixture file: updates played at offsets from the feed's start (docs/decisions.md#feed). */
export interface Fixture {
  readonly steps: readonly { readonly atMs: number; readonly update: FeedUpdate }[];
}

export interface ScriptedSnapshot {
  readonly eventIds: readonly number[];
  readonly playedSteps: number;
  readonly startedAt: number;
}

export interface ScriptedSource extends FeedSource {
  /** Heartbeats cover this event from now on. */
  track(eventId: number): void;
  untrack(eventId: number): void;
}

/** The scripted adapter: plays a fixture file, and heartbeats every scripted event it knows. */
export function createScriptedSource(options: {
  start: Date;
  fixture?: Fixture | undefined;
  snapshot?: ScriptedSnapshot | undefined;
  /** Real ms between heartbeats; default {@link SCRIPTED_HEARTBEAT_MS} (see `heartbeatEveryMs`). */
  heartbeatMs?: number | undefined;
}): ScriptedSource {
  const heartbeatMs = options.heartbeatMs ?? SCRIPTED_HEARTBEAT_MS;
  const steps = options.fixture?.steps ?? [];
  let events = new Set<number>(options.snapshot?.eventIds ?? []);
  let played = options.snapshot?.playedSteps ?? 0;
  let startedAt = options.snapshot?.startedAt ?? options.start.getTime();
  let lastHeartbeat = Number.NEGATIVE_INFINITY;

  return {
    name: 'scripted',
    track: (eventId) => void events.add(eventId),
    untrack: (eventId) => void events.delete(eventId),
    tick(now) {
      const updates: FeedUpdate[] = [];
      const elapsed = now.getTime() - startedAt;
      while (played < steps.length && (steps[played]?.atMs ?? Infinity) <= elapsed) {
        const update = steps[played]?.update;
        played += 1;
        if (!update) continue;
        if (update.kind === 'event') events.add(update.event.eventId);
        if (update.kind === 'eventStatus' && update.status === 'closed')
          events.delete(update.eventId);
        updates.push(update);
      }
      if (events.size > 0 && now.getTime() - lastHeartbeat >= heartbeatMs) {
        lastHeartbeat = now.getTime();
        updates.push({ kind: 'heartbeat', eventIds: [...events] });
      }
      return updates;
    },
    snapshot: (): ScriptedSnapshot => ({ eventIds: [...events], playedSteps: played, startedAt }),
    restore(saved) {
      const snapshot = saved as ScriptedSnapshot;
      events = new Set(snapshot.eventIds);
      played = snapshot.playedSteps;
      startedAt = snapshot.startedAt;
    },
  };
}

export interface FixtureEventInput {
  readonly sportId: SportId;
  readonly seriesName: string;
  /** 'Home v Away'. */
  readonly name: string;
  readonly startTime: Date;
  /** Runner names of the match market; three for soccer (with the draw). */
  readonly runners: readonly string[];
  readonly bookmaker: boolean;
  readonly toss: boolean;
  readonly fancy: readonly string[];
  /** Further exchange markets; absent, none (see {@link fixtureMarketsProblem}). */
  readonly markets?: readonly Exclude<ExchangeMarketType, 'MATCH_ODDS'>[] | undefined;
  readonly maxStake: number;
  readonly sessionMaxStake: number;
}

/** The sport each further exchange market belongs to (docs/architecture.md identifiers). */
const SPORT_OF_MARKET: Readonly<Record<Exclude<ExchangeMarketType, 'MATCH_ODDS'>, SportId>> = {
  TIED_MATCH: 4,
  COMPLETED_MATCH: 4,
  OVER_UNDER_15: 1,
  OVER_UNDER_25: 1,
  OVER_UNDER_35: 1,
  SET_WINNER: 2,
};

/** The sets a fixture tennis event offers a set winner market on (best of three). */
export const FIXTURE_SETS = 3;

/** Why a fixture event cannot have these further markets (another sport's), or null. */
export function fixtureMarketsProblem(
  sportId: SportId,
  markets: readonly Exclude<ExchangeMarketType, 'MATCH_ODDS'>[],
): string | null {
  const stranger = markets.find((type) => SPORT_OF_MARKET[type] !== sportId);
  return stranger === undefined ? null : `${stranger} is not a market of sport ${sportId}`;
}

/**
 * The selection ids of a fixture event's further markets: `<EventId>·100 + k` with k from 11,
 * after the match runners' 1 to 3, so every runner id of the event is its own.
 */
const EXTRA_RUNNER_BASE: Readonly<Record<Exclude<ExchangeMarketType, 'MATCH_ODDS'>, number>> = {
  TIED_MATCH: 11,
  COMPLETED_MATCH: 13,
  OVER_UNDER_15: 21,
  OVER_UNDER_25: 23,
  OVER_UNDER_35: 25,
  SET_WINNER: 31,
};

/**
 * The event spec of a fixture event: the simulator's match odds id `1.<EventId>` (this provider's
 * choice, `simulatedMatchOddsId`) and our suffix ids for the rest (docs/architecture.md
 * identifiers), house-rule minimums (docs/product.md#constants),
 * selection ids `<EventId>0<n>` for the match runners (shared by match odds, bookmaker and toss);
 * the further exchange markets of `input.markets` with runners of their own: Yes and No (tied
 * match `…11`/`…12`, completed match `…13`/`…14`), Under and Over (1.5 `…21`/`…22`, 2.5
 * `…23`/`…24`, 3.5 `…25`/`…26`), the two players for each set n's winner (`…(29+2n)`/`…(30+2n)`).
 */
export function fixtureEventSpec(eventId: number, input: FixtureEventInput): FeedEventSpec {
  const runners = input.runners.map((name, index) => ({
    selectionId: eventId * 100 + index + 1,
    name,
  }));
  const market = (
    marketId: string,
    marketType: FeedMarketSpec['marketType'],
    name: string,
  ): FeedMarketSpec => ({
    marketId,
    marketType,
    name,
    minStake: MATCH_MIN_STAKE,
    maxStake: input.maxStake,
    runners,
  });
  const markets: FeedMarketSpec[] = [
    market(simulatedMatchOddsId(eventId), 'MATCH_ODDS', 'Match Odds'),
  ];
  if (input.bookmaker) markets.push(market(bookmakerMarketId(eventId), 'BOOKMAKER', 'Bookmaker'));
  if (input.toss) markets.push(market(tossMarketId(eventId), 'TOSS', 'Toss'));
  for (const type of input.markets ?? []) {
    const base = eventId * 100 + EXTRA_RUNNER_BASE[type];
    const own = (names: readonly string[], first = base) =>
      names.map((name, index) => ({ selectionId: first + index, name }));
    const limits = { minStake: MATCH_MIN_STAKE, maxStake: input.maxStake };
    switch (type) {
      case 'TIED_MATCH':
      case 'COMPLETED_MATCH':
        markets.push({
          marketId: (type === 'TIED_MATCH' ? tiedMatchMarketId : completedMatchMarketId)(eventId),
          marketType: type,
          name: marketName(type),
          ...limits,
          runners: own(YES_NO_RUNNERS),
        });
        break;
      case 'OVER_UNDER_15':
      case 'OVER_UNDER_25':
      case 'OVER_UNDER_35':
        markets.push({
          marketId: overUnderMarketId(eventId, type),
          marketType: type,
          name: marketName(type),
          ...limits,
          runners: own(overUnderRunnerNames(type)),
        });
        break;
      case 'SET_WINNER':
        for (let set = 1; set <= FIXTURE_SETS; set += 1) {
          markets.push({
            marketId: setWinnerMarketId(eventId, set),
            marketType: type,
            name: marketName(type, set),
            ...limits,
            runners: own(input.runners, base + 2 * (set - 1)),
          });
        }
        break;
      default:
        return assertNever(type, 'fixture market');
    }
  }
  return {
    eventId,
    sportId: input.sportId,
    seriesName: input.seriesName,
    name: input.name,
    startTime: input.startTime,
    markets,
    fancy: input.fancy.map((name, index) => ({ selectionId: `${eventId}-${index + 1}`, name })),
    sessionMinStake: SESSION_MIN_STAKE,
    sessionMaxStake: input.sessionMaxStake,
  };
}
