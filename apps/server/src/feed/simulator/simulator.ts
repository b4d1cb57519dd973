import { DEFAULT_HOUSE_MARGINS, type HouseMargins } from '@backlay/domain';
import type { FeedUpdate } from '../types.js';
import { MINUTE, type StepContext } from './context.js';
import { booksFollow, ladderBeat, ladderBeatSimMs } from './ladder-life.js';
import type { StakeLimits } from './markets.js';
import { rngCreate, type Rng } from './rng.js';
import { eventStep, scheduleFill } from './schedule.js';
import type { LiveBook, SimEvent, SimulatorSnapshot } from './state.js';

/** How the simulator is started (docs/decisions.md#feed: `SIM_SEED`, `SIM_SPEED`, an injected clock). */
export interface SimulatorOptions {
  /** Any integer; the same seed and the same tick times replay the same updates. */
  readonly seed: number;
  /** Simulated seconds per real second: 1 is real time, 60 a minute a second. */
  readonly speed: number;
  /** The real moment the simulation begins (simulated time 0). */
  readonly start: Date;
  /** The first EventId handed out; ids then increase by 1. Default 30 000 001. */
  readonly firstEventId?: number;
  /** Whole rupees; defaults 500 000 (match, bookmaker, toss) and 100 000 (sessions). */
  readonly maxStakeMatch?: number;
  readonly maxStakeSession?: number;
}

export interface Simulator {
  /** Advances to real time `now` (monotonic; an earlier time advances nothing) and returns every update since the last call, in order. */
  tick(now: Date): FeedUpdate[];
  /** The whole state as plain JSON; {@link restoreSimulator} resumes exactly from it. */
  snapshot(): SimulatorSnapshot;
}

export const DEFAULT_FIRST_EVENT_ID = 30_000_001;
export const DEFAULT_MAX_STAKE_MATCH = 500_000;
export const DEFAULT_MAX_STAKE_SESSION = 100_000;
/**
 * Real ms between heartbeats: under 3 s, well inside the staleness window (docs/decisions.md#money,
 * `FEED_STALE_S` default 10 s, judged in real time), so quiet markets stay open.
 */
export const HEARTBEAT_EVERY_MS = 2_500;
/**
 * Most simulated time one tick plays. A longer gap (a paused process) is skipped, not replayed,
 * so a restart resumes where it stopped instead of racing through hours of backlog.
 */
export const MAX_SIM_ADVANCE_MS = 15 * MINUTE;
/** Most event steps one tick plays (keeps a tick cheap even at high speed). */
export const MAX_STEPS_PER_TICK = 20_000;

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
type EngineState = Mutable<Omit<SimulatorSnapshot, 'events' | 'books'>> & {
  events: SimEvent[];
  books: Record<string, LiveBook>;
};

/** The ladder's own stream, derived from the seed so that a run still replays from `SIM_SEED`. */
function ladderRngCreate(seed: number): Rng {
  return rngCreate(seed ^ 0x4c414444);
}

function earliest(events: readonly SimEvent[], until: number): SimEvent | undefined {
  let found: SimEvent | undefined;
  for (const event of events) {
    if (event.nextSimMs > until) continue;
    if (
      found === undefined ||
      event.nextSimMs < found.nextSimMs ||
      (event.nextSimMs === found.nextSimMs && event.eventId < found.eventId)
    ) {
      found = event;
    }
  }
  return found;
}

/** How this process runs the simulator; not part of its saved state. */
export interface SimulatorRun {
  /** Real ms between heartbeats; default {@link HEARTBEAT_EVERY_MS}. */
  readonly heartbeatMs?: number | undefined;
  /** The house's margins its quotes keep; default the domain's DEFAULT_HOUSE_MARGINS. */
  readonly margins?: HouseMargins | undefined;
}

function engine(state: EngineState, run: SimulatorRun = {}): Simulator {
  const heartbeatMs = run.heartbeatMs ?? HEARTBEAT_EVERY_MS;
  const limits: StakeLimits = {
    maxStakeMatch: state.options.maxStakeMatch,
    maxStakeSession: state.options.maxStakeSession,
  };
  const ctx: StepContext = {
    rng: state.rng,
    limits,
    margins: run.margins ?? DEFAULT_HOUSE_MARGINS,
    realTimeOf: (simMs) =>
      new Date(Math.round(state.anchorRealMs + (simMs - state.anchorSimMs) / state.options.speed)),
  };

  return {
    tick(now) {
      const nowMs = now.getTime();
      const updates: FeedUpdate[] = [];
      let advance = Math.max(0, nowMs - state.lastRealMs) * state.options.speed;
      if (advance > MAX_SIM_ADVANCE_MS) {
        advance = MAX_SIM_ADVANCE_MS;
        // Simulated time slips behind real time: re-anchor so new start times read true.
        state.anchorSimMs = state.simMs + advance;
        state.anchorRealMs = nowMs;
      }
      let target = state.simMs + advance;
      if (!state.hasStarted) {
        state.hasStarted = true;
        const board = scheduleFill(state, ctx, state.simMs, true);
        booksFollow(state.books, board);
        updates.push(...board);
      }
      const beatSimMs = ladderBeatSimMs(state.options.speed);
      for (let steps = 0; ; steps += 1) {
        const event = earliest(state.events, target);
        const beatAt = state.nextLadderSimMs;
        const isBeatDue = beatAt <= target && (event === undefined || beatAt < event.nextSimMs);
        if (event === undefined && !isBeatDue) break;
        if (steps >= MAX_STEPS_PER_TICK) {
          target = Math.min(beatAt, event?.nextSimMs ?? beatAt);
          break;
        }
        if (isBeatDue || event === undefined) {
          state.simMs = beatAt;
          state.nextLadderSimMs = beatAt + beatSimMs;
          updates.push(...ladderBeat(state.books, state.ladderRng, ctx.margins));
          continue;
        }
        const at = event.nextSimMs;
        const wasUpcoming = !event.isInPlay;
        state.simMs = at;
        const stepped = eventStep(event, ctx);
        booksFollow(state.books, stepped);
        updates.push(...stepped);
        if (event.isClosed) {
          state.events = state.events.filter((open) => open !== event);
        } else if (event.nextSimMs <= at) {
          throw new Error(`simulator: event ${event.eventId} did not move on from ${at}`);
        }
        // An event closing or starting may leave its sport short of open or upcoming events.
        if (event.isClosed || (wasUpcoming && event.isInPlay)) {
          const filled = scheduleFill(state, ctx, at, false);
          booksFollow(state.books, filled);
          updates.push(...filled);
        }
      }
      state.simMs = Math.max(state.simMs, target);
      state.lastRealMs = Math.max(state.lastRealMs, nowMs);
      const last = state.lastHeartbeatRealMs;
      if (last === null || nowMs - last >= heartbeatMs) {
        state.lastHeartbeatRealMs = nowMs;
        updates.push({
          kind: 'heartbeat',
          eventIds: state.events.map((event) => event.eventId).sort((a, b) => a - b),
        });
      }
      return updates;
    },
    snapshot() {
      return structuredClone(state);
    },
  };
}

/** A new simulator at simulated time 0 = `options.start`; its first tick announces the schedule. */
export function createSimulator(options: SimulatorOptions, run: SimulatorRun = {}): Simulator {
  if (!Number.isFinite(options.speed) || options.speed <= 0) {
    throw new RangeError(`simulator speed must be positive, got ${options.speed}`);
  }
  const startMs = options.start.getTime();
  return engine(
    {
      version: 2,
      options: {
        seed: options.seed,
        speed: options.speed,
        maxStakeMatch: options.maxStakeMatch ?? DEFAULT_MAX_STAKE_MATCH,
        maxStakeSession: options.maxStakeSession ?? DEFAULT_MAX_STAKE_SESSION,
      },
      rng: rngCreate(options.seed),
      ladderRng: ladderRngCreate(options.seed),
      nextLadderSimMs: 0,
      books: {},
      simMs: 0,
      lastRealMs: startMs,
      anchorRealMs: startMs,
      anchorSimMs: 0,
      lastHeartbeatRealMs: null,
      nextEventId: options.firstEventId ?? DEFAULT_FIRST_EVENT_ID,
      hasStarted: false,
      events: [],
    },
    run,
  );
}

/** A snapshot of version 1 (before the ladder's life): the same matches, no live books yet. */
interface SnapshotV1 extends Omit<
  SimulatorSnapshot,
  'version' | 'ladderRng' | 'nextLadderSimMs' | 'books'
> {
  readonly version: 1;
}

function upgrade(snapshot: SimulatorSnapshot | SnapshotV1): SimulatorSnapshot {
  if (snapshot.version === 2) return snapshot;
  return {
    ...snapshot,
    version: 2,
    ladderRng: ladderRngCreate(snapshot.options.seed),
    nextLadderSimMs: snapshot.simMs,
    books: {},
    events: snapshot.events.map((event) =>
      event.sport === 'cricket' ? { ...event, sixes: event.sixes ?? 0 } : event,
    ),
  };
}

/** A simulator resuming exactly from a snapshot (the snapshot itself is not changed). */
export function restoreSimulator(
  snapshot: SimulatorSnapshot | SnapshotV1,
  run: SimulatorRun = {},
): Simulator {
  const version: unknown = snapshot.version;
  if (version !== 1 && version !== 2)
    throw new Error(`unknown simulator snapshot version ${String(version)}`);
  const state = structuredClone(upgrade(snapshot)) as EngineState;
  return engine(state, run);
}
