import type { FeedUpdate } from '../types.js';
import { MINUTE, SECOND, type StepContext, type Updates } from './context.js';
import { cricketAnnounce, cricketCreate, cricketStep } from './cricket.js';
import { CRICKET_SERIES, SOCCER_SERIES, TENNIS_SERIES } from './names.js';
import { rngInt, rngPick, type Rng } from './rng.js';
import { soccerAnnounce, soccerCreate, soccerStep } from './soccer.js';
import type { SimEvent } from './state.js';
import { tennisAnnounce, tennisCreate, tennisStep } from './tennis.js';

/**
 * The schedule (docs/decisions.md#feed): at every moment at least 7 cricket, 5 soccer and 5 tennis events
 * (`minOpen`) are open across at least 3 series per sport, some in play and some upcoming. A
 * closed event is replaced in the same step; a sport short of upcoming events gets a new one.
 *
 * The opening board is full at once (README, "Live markets"): each sport starts with matches
 * already in play at different stages (played forward from their start, then announced where
 * they stand), and the rest start one after another over the next minutes.
 */

export type Sport = SimEvent['sport'];

export const SPORTS: readonly Sport[] = ['cricket', 'soccer', 'tennis'];

/** Whether a match played forward has reached the stage an opener asks for. */
type Reached = (event: SimEvent) => boolean;

interface SportPlan {
  /** Open (not closed) events kept at all times (the simulator's README: 7, 5 and 5). */
  readonly minOpen: number;
  readonly minUpcoming: number;
  /** A new event starts this many simulated ms after it is announced, drawn uniformly. */
  readonly lead: readonly [number, number];
  /** The opening board's first upcoming start, then the gap between the next ones. */
  readonly firstStart: number;
  readonly initialSpacing: number;
  /** The opening board's matches already in play, each by the stage it stands at. */
  readonly openers: readonly ((rng: Rng) => Reached)[];
}

const lastBallOfOver = (balls: number): number => balls % 6;

export const SPORT_PLANS: Readonly<Record<Sport, SportPlan>> = {
  cricket: {
    minOpen: 7,
    minUpcoming: 2,
    lead: [20 * MINUTE, 90 * MINUTE],
    firstStart: 2 * MINUTE,
    initialSpacing: 6 * MINUTE,
    openers: [
      // A first innings in its 14th over, two or three balls into it.
      (rng) => {
        const balls = 13 * 6 + rngInt(rng, 1, 3);
        return (event) =>
          event.sport === 'cricket' &&
          event.stage === 'deliver' &&
          event.innings.length === 1 &&
          (event.innings[0]?.balls ?? 0) >= balls &&
          lastBallOfOver(event.innings[0]?.balls ?? 0) >= 1 &&
          lastBallOfOver(event.innings[0]?.balls ?? 0) <= 3;
      },
      // A chase in its 7th to 9th over.
      (rng) => {
        const balls = 6 * 6 + rngInt(rng, 1, 14);
        return (event) =>
          event.sport === 'cricket' &&
          event.stage === 'deliver' &&
          event.innings.length === 2 &&
          (event.innings[1]?.balls ?? 0) >= balls &&
          lastBallOfOver(event.innings[1]?.balls ?? 0) >= 1;
      },
    ],
  },
  soccer: {
    minOpen: 5,
    minUpcoming: 1,
    lead: [10 * MINUTE, 45 * MINUTE],
    firstStart: 3 * MINUTE,
    initialSpacing: 5 * MINUTE,
    openers: [
      (rng) => {
        const minute = rngInt(rng, 56, 70);
        return (event) =>
          event.sport === 'soccer' &&
          event.stage === 'minute' &&
          event.isSecondHalf &&
          event.minute >= minute;
      },
      (rng) => {
        const minute = rngInt(rng, 14, 30);
        return (event) =>
          event.sport === 'soccer' &&
          event.stage === 'minute' &&
          !event.isSecondHalf &&
          event.minute >= minute;
      },
    ],
  },
  tennis: {
    minOpen: 5,
    minUpcoming: 1,
    lead: [5 * MINUTE, 30 * MINUTE],
    firstStart: 1 * MINUTE,
    initialSpacing: 4 * MINUTE,
    openers: [
      // The deciding third set.
      (rng) => {
        const games = rngInt(rng, 0, 4);
        return (event) =>
          event.sport === 'tennis' &&
          event.stage === 'point' &&
          event.setGames.length === 2 &&
          event.games[0] + event.games[1] >= games;
      },
      (rng) => {
        const games = rngInt(rng, 2, 6);
        return (event) =>
          event.sport === 'tennis' &&
          event.stage === 'point' &&
          event.setGames.length === 0 &&
          event.games[0] + event.games[1] >= games;
      },
    ],
  },
};

/** Plays the event's next step (at `event.nextSimMs`) and schedules the one after. */
export function eventStep(event: SimEvent, ctx: StepContext): Updates {
  switch (event.sport) {
    case 'cricket':
      return cricketStep(event, ctx);
    case 'soccer':
      return soccerStep(event, ctx);
    case 'tennis':
      return tennisStep(event, ctx);
  }
}

/** Most steps a match is played forward for the opening board (a T20 is ~800 steps). */
const FAST_FORWARD_STEPS = 5000;
/** Tries at a stage a match may miss (a tennis match won in two sets never has a third). */
const FAST_FORWARD_TRIES = 25;

/**
 * A match played forward from `nowSimMs` until `reached`, its updates dropped but its last score,
 * then moved in time so that its next step comes a few seconds after `nowSimMs`; undefined when
 * no try reaches the stage. Nobody can have bet on what was dropped: the event is new.
 */
function fastForward(
  create: () => SimEvent,
  reached: Reached,
  ctx: StepContext,
  nowSimMs: number,
): { event: SimEvent; score: FeedUpdate | undefined } | undefined {
  for (let attempt = 0; attempt < FAST_FORWARD_TRIES; attempt += 1) {
    const event = create();
    let score: FeedUpdate | undefined;
    for (let steps = 0; steps < FAST_FORWARD_STEPS && !event.isClosed; steps += 1) {
      if (event.isInPlay && reached(event)) {
        const shift = nowSimMs + rngInt(ctx.rng, 2, 8) * SECOND - event.nextSimMs;
        return {
          event: {
            ...event,
            startSimMs: event.startSimMs + shift,
            nextSimMs: event.nextSimMs + shift,
          },
          score,
        };
      }
      for (const update of eventStep(event, ctx)) if (update.kind === 'score') score = update;
    }
  }
  return undefined;
}

function seriesNames(sport: Sport): readonly string[] {
  switch (sport) {
    case 'cricket':
      return CRICKET_SERIES.map((series) => series.name);
    case 'soccer':
      return SOCCER_SERIES.map((series) => series.name);
    case 'tennis':
      return TENNIS_SERIES.map((series) => series.name);
  }
}

/** The series with the fewest open events of the sport (ties drawn), so series stay spread. */
function seriesPick(rng: Rng, sport: Sport, events: readonly SimEvent[]): number {
  const names = seriesNames(sport);
  const counts = names.map(
    (name) => events.filter((event) => event.sport === sport && event.seriesName === name).length,
  );
  const fewest = Math.min(...counts);
  const candidates = counts.flatMap((count, index) => (count === fewest ? [index] : []));
  return rngPick(rng, candidates);
}

/** Two distinct sides from `pool`, preferring sides not already playing in an open event. */
function pairPick<T extends string>(
  rng: Rng,
  pool: readonly T[],
  busy: ReadonlySet<string>,
): [T, T] {
  const free = pool.filter((side) => !busy.has(side));
  const from = free.length >= 2 ? free : [...pool];
  const first = rngPick(rng, from);
  const second = rngPick(
    rng,
    from.filter((side) => side !== first),
  );
  return [first, second];
}

function busySides(events: readonly SimEvent[], seriesName: string): Set<string> {
  return new Set(
    events
      .filter((event) => event.seriesName === seriesName)
      .flatMap((event) => [event.home, event.away]),
  );
}

function eventCreate(
  rng: Rng,
  sport: Sport,
  eventId: number,
  events: readonly SimEvent[],
  startSimMs: number,
  nowSimMs: number,
): SimEvent {
  const seriesIndex = seriesPick(rng, sport, events);
  switch (sport) {
    case 'cricket': {
      const series = CRICKET_SERIES[seriesIndex] ?? CRICKET_SERIES[0];
      if (series === undefined) throw new Error('no cricket series');
      const [home, away] = pairPick(
        rng,
        series.teams.map((team) => team.name),
        busySides(events, series.name),
      );
      const teamOf = (name: string) =>
        series.teams.find((team) => team.name === name) ?? { name, code: name.slice(0, 3) };
      return cricketCreate(
        rng,
        eventId,
        series,
        [teamOf(home), teamOf(away)],
        startSimMs,
        nowSimMs,
      );
    }
    case 'soccer': {
      const series = SOCCER_SERIES[seriesIndex] ?? SOCCER_SERIES[0];
      if (series === undefined) throw new Error('no soccer series');
      const [home, away] = pairPick(rng, series.sides, busySides(events, series.name));
      return soccerCreate(rng, eventId, series.name, home, away, startSimMs, nowSimMs);
    }
    case 'tennis': {
      const series = TENNIS_SERIES[seriesIndex] ?? TENNIS_SERIES[0];
      if (series === undefined) throw new Error('no tennis series');
      const [home, away] = pairPick(rng, series.sides, busySides(events, series.name));
      return tennisCreate(rng, eventId, series.name, home, away, startSimMs, nowSimMs);
    }
  }
}

/** The updates announcing a new event. */
export function eventAnnounce(event: SimEvent, ctx: StepContext): Updates {
  switch (event.sport) {
    case 'cricket':
      return cricketAnnounce(event, ctx);
    case 'soccer':
      return soccerAnnounce(event, ctx);
    case 'tennis':
      return tennisAnnounce(event, ctx);
  }
}

/** What the schedule reads and grows: the open events and the next EventId. */
export interface ScheduleState {
  readonly events: SimEvent[];
  nextEventId: number;
}

/**
 * Adds events until every sport has its open and upcoming floors, announcing each. `isFirst`
 * builds the opening board: the sport's matches in play first, then upcoming ones starting
 * within minutes of each other.
 */
export function scheduleFill(
  state: ScheduleState,
  ctx: StepContext,
  nowSimMs: number,
  isFirst: boolean,
): Updates {
  const out: Updates = [];
  for (const sport of SPORTS) {
    const plan = SPORT_PLANS[sport];
    const create = (startSimMs: number) =>
      eventCreate(ctx.rng, sport, state.nextEventId, state.events, startSimMs, nowSimMs);
    if (isFirst) {
      for (const opener of plan.openers) {
        const played = fastForward(() => create(nowSimMs), opener(ctx.rng), ctx, nowSimMs);
        if (played === undefined) continue;
        state.nextEventId += 1;
        state.events.push(played.event);
        out.push(...eventAnnounce(played.event, ctx));
        if (played.score !== undefined) out.push(played.score);
      }
    }
    let created = 0;
    for (;;) {
      const open = state.events.filter((event) => event.sport === sport);
      const upcoming = open.filter((event) => !event.isInPlay).length;
      if (open.length >= plan.minOpen && upcoming >= plan.minUpcoming) break;
      const startSimMs = isFirst
        ? nowSimMs + plan.firstStart + created * plan.initialSpacing
        : nowSimMs + rngInt(ctx.rng, plan.lead[0], plan.lead[1]);
      const event = create(startSimMs);
      state.nextEventId += 1;
      state.events.push(event);
      out.push(...eventAnnounce(event, ctx));
      created += 1;
    }
  }
  return out;
}
