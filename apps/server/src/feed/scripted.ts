import {
  bookmakerMarketId,
  matchOddsMarketId,
  MATCH_MIN_STAKE,
  SESSION_MIN_STAKE,
  tossMarketId,
} from '@backlay/domain';
import type { FeedSource } from './runner.js';
import type { FeedEventSpec, FeedMarketSpec, FeedUpdate, SportId } from './types.js';

/** Scripted events keep their markets open with a heartbeat this often (well inside FEED_STALE_S). */
export const SCRIPTED_HEARTBEAT_MS = 2000;

/** A fixture file: updates played at offsets from the feed's start (DESIGN §6). */
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
  const events = new Set<number>(options.snapshot?.eventIds ?? []);
  let played = options.snapshot?.playedSteps ?? 0;
  const startedAt = options.snapshot?.startedAt ?? options.start.getTime();
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
  readonly maxStake: number;
  readonly sessionMaxStake: number;
}

/**
 * The event spec of a fixture event: DESIGN §4 market ids, house-rule minimums (SPEC §9),
 * selection ids `<EventId>0<n>`.
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
    market(matchOddsMarketId(eventId), 'MATCH_ODDS', 'Match Odds'),
  ];
  if (input.bookmaker) markets.push(market(bookmakerMarketId(eventId), 'BOOKMAKER', 'Bookmaker'));
  if (input.toss) markets.push(market(tossMarketId(eventId), 'TOSS', 'Toss'));
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
