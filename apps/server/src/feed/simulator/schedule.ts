import type { SportId } from '../types.js';
import { MINUTE, type StepContext, type Updates } from './context.js';
import { cricketAnnounce, cricketCreate } from './cricket.js';
import { CRICKET_SERIES, SOCCER_SERIES, TENNIS_SERIES } from './names.js';
import { rngInt, rngPick, type Rng } from './rng.js';
import { soccerAnnounce, soccerCreate } from './soccer.js';
import type { SimEvent } from './state.js';
import { tennisAnnounce, tennisCreate } from './tennis.js';

/**
 * The schedule (issue feed): at every moment at least 6 cricket, 4 soccer and 4 tennis events are
 * open across at least 3 series per sport, some in play and some upcoming. A closed event is
 * replaced in the same step; a sport short of upcoming events gets a new one.
 */

export type Sport = SimEvent['sport'];

export const SPORTS: readonly Sport[] = ['cricket', 'soccer', 'tennis'];

/** SPEC §1 sport ids. */
export function sportIdOf(sport: Sport): SportId {
  switch (sport) {
    case 'cricket':
      return 4;
    case 'soccer':
      return 1;
    case 'tennis':
      return 2;
  }
}

interface SportPlan {
  /** Open (not closed) events kept at all times; the floor is 6/4/4. */
  readonly minOpen: number;
  readonly minUpcoming: number;
  /** A new event starts this many simulated ms after it is announced, drawn uniformly. */
  readonly lead: readonly [number, number];
  /** The first schedule staggers its starts this far apart, the first within minutes. */
  readonly initialSpacing: number;
}

export const SPORT_PLANS: Readonly<Record<Sport, SportPlan>> = {
  cricket: {
    minOpen: 7,
    minUpcoming: 2,
    lead: [20 * MINUTE, 90 * MINUTE],
    initialSpacing: 6 * MINUTE,
  },
  soccer: {
    minOpen: 5,
    minUpcoming: 1,
    lead: [10 * MINUTE, 45 * MINUTE],
    initialSpacing: 5 * MINUTE,
  },
  tennis: {
    minOpen: 5,
    minUpcoming: 1,
    lead: [5 * MINUTE, 30 * MINUTE],
    initialSpacing: 4 * MINUTE,
  },
};

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
 * staggers the opening schedule so that the first events start within minutes.
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
    let created = 0;
    for (;;) {
      const open = state.events.filter((event) => event.sport === sport);
      const upcoming = open.filter((event) => !event.isInPlay).length;
      if (open.length >= plan.minOpen && upcoming >= plan.minUpcoming) break;
      const startSimMs = isFirst
        ? nowSimMs + MINUTE + created * plan.initialSpacing
        : nowSimMs + rngInt(ctx.rng, plan.lead[0], plan.lead[1]);
      const event = eventCreate(
        ctx.rng,
        sport,
        state.nextEventId,
        state.events,
        startSimMs,
        nowSimMs,
      );
      state.nextEventId += 1;
      state.events.push(event);
      out.push(...eventAnnounce(event, ctx));
      created += 1;
    }
  }
  return out;
}
