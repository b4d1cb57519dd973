import type { FeedStatus, RunnerQuote } from '../types.js';
import type { Rng } from './rng.js';

/**
 * The simulator's whole state as plain JSON (persisted by the feed runner, docs/decisions.md#feed: a restart
 * resumes the same events). Times are epoch milliseconds (real) or simulated milliseconds since
 * the simulation began (`sim` in the name); no Dates, Maps or functions.
 */
export interface SimulatorSnapshot {
  readonly version: 2;
  readonly options: SnapshotOptions;
  /** Draws the matches: every ball, goal and point, and the prices the model sets on them. */
  readonly rng: Rng;
  /**
   * Draws the ladder's life between model prices (sizes, one-rung ticks): a stream of its own, so
   * the matches play the same whatever the ladder does.
   */
  readonly ladderRng: Rng;
  /** Simulated ms of the next ladder beat. */
  readonly nextLadderSimMs: number;
  /** The exchange books (match odds, toss) as last quoted, by market id; see `ladder-life.ts`. */
  readonly books: Readonly<Record<string, LiveBook>>;
  /** Simulated ms since the start. */
  readonly simMs: number;
  /** Real epoch ms of the last tick (or the start). */
  readonly lastRealMs: number;
  /** Real epoch ms ↔ simulated ms of one moment, to map simulated times to real ones. */
  readonly anchorRealMs: number;
  readonly anchorSimMs: number;
  /** Real epoch ms of the last heartbeat; null before the first. */
  readonly lastHeartbeatRealMs: number | null;
  readonly nextEventId: number;
  readonly hasStarted: boolean;
  /** Events not yet closed; an event leaves the state once it is closed and fully declared. */
  readonly events: readonly SimEvent[];
}

/** An exchange market's last quote and the model's best back prices it lives around. */
export interface LiveBook {
  readonly eventId: number;
  readonly status: FeedStatus;
  /** The model's best back price per runner (hundredths), in runner order. */
  readonly anchors: readonly number[];
  /** The model's best lay price per runner (hundredths); absent in a state saved before it. */
  readonly layAnchors?: readonly number[];
  readonly runners: readonly RunnerQuote[];
}

export interface SnapshotOptions {
  readonly seed: number;
  /** Simulated seconds per real second. */
  readonly speed: number;
  /** Whole rupees. */
  readonly maxStakeMatch: number;
  readonly maxStakeSession: number;
}

export type SimEvent = CricketEvent | SoccerEvent | TennisEvent;

export interface EventBase {
  readonly eventId: number;
  readonly seriesName: string;
  readonly home: string;
  readonly away: string;
  /** Simulated ms of the start (the toss and first ball, kick-off, first serve). */
  readonly startSimMs: number;
  /** Simulated ms of this event's next step. */
  nextSimMs: number;
  isInPlay: boolean;
  /** Closed, declared and about to leave the state. */
  isClosed: boolean;
}

/** Which of a cricket event's sides: 0 home, 1 away. */
export type Side = 0 | 1;

export interface CricketSide {
  readonly name: string;
  readonly code: string;
  /** Batting order, 11 names ('R Sharma'). */
  readonly players: readonly string[];
  /** Batting strength, 1 neutral (cricket-model `ballWeights` aggression). */
  strength: number;
}

export interface Batter {
  runs: number;
  balls: number;
  isOut: boolean;
}

export interface Innings {
  readonly side: Side;
  runs: number;
  wickets: number;
  /** Legal balls bowled. */
  balls: number;
  batters: Batter[];
  /** Batting-order indexes. */
  striker: number;
  nonStriker: number;
  nextBatter: number;
}

export type SessionKind =
  'overRuns' | 'wicketFall' | 'batter' | 'boundaries' | 'ballRuns' | 'sixes';

export interface Session {
  /** `<EventId>-<n>` (docs/decisions.md#api). */
  readonly selectionId: string;
  readonly name: string;
  readonly kind: SessionKind;
  /** The side whose innings it is about (boundaries: the whole match, 0). */
  readonly side: Side;
  /**
   * overRuns: the legal ball that ends it (36 = 6 overs); wicketFall: the wicket number;
   * batter: the batting-order index; ballRuns: the legal ball index (36 = ball 6.1);
   * boundaries and sixes (the whole match): 0.
   */
  readonly param: number;
  isDeclared: boolean;
}

/** What a cricket event does at its next step. */
export type CricketStage =
  'preMatch' | 'deliver' | 'resolve' | 'reopen' | 'inningsBreak' | 'finish';

export interface CricketEvent extends EventBase {
  readonly sport: 'cricket';
  readonly sides: readonly [CricketSide, CricketSide];
  stage: CricketStage;
  battingFirst: Side | null;
  innings: Innings[];
  currentOver: string[];
  lastOver: string[];
  /** Fours and sixes off the bat, both innings. */
  boundaries: number;
  /** Sixes off the bat, both innings. */
  sixes: number;
  sessions: Session[];
}

export type SoccerStage = 'preMatch' | 'minute' | 'reopen' | 'finish';

export interface SoccerEvent extends EventBase {
  readonly sport: 'soccer';
  stage: SoccerStage;
  /** Expected goals over 90 minutes. */
  readonly homeRate: number;
  readonly awayRate: number;
  homeGoals: number;
  awayGoals: number;
  /** Match minute last played (0 before kick-off); 1–45+ first half, 46–90+ second. */
  minute: number;
  /** Stoppage minutes of each half, drawn at kick-off. */
  readonly stoppage: readonly [number, number];
  /** Half-time played out. */
  isSecondHalf: boolean;
}

export type TennisStage = 'preMatch' | 'point' | 'finish';

export interface TennisEvent extends EventBase {
  readonly sport: 'tennis';
  stage: TennisStage;
  /** Chance each player wins a point on their own serve: [home, away]. */
  readonly serveWin: readonly [number, number];
  /** Sets won. */
  sets: [number, number];
  /** Games of each finished set, [home, away] per set. */
  setGames: [number, number][];
  games: [number, number];
  points: [number, number];
  /** 0 home serving, 1 away. */
  server: Side;
  isTiebreak: boolean;
  /** Server of the tie-break's first point (to rotate service inside it). */
  tiebreakFirstServer: Side;
}
