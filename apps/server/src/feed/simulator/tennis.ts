import { matchOddsMarketId } from '@backlay/domain';
import type { FeedUpdate, OtherScore } from '../types.js';
import { MINUTE, SECOND, type StepContext, type Updates } from './context.js';
import {
  eventAnnouncement,
  marketOpen,
  marketQuiet,
  matchOddsRunnerIds,
  matchOddsSpec,
  runnerId,
} from './markets.js';
import { assertNever } from '@backlay/domain';
import { exchangeQuotes } from './quote.js';
import { rngBetween, rngChance, rngInt, type Rng } from './rng.js';
import type { Side, TennisEvent } from './state.js';
import { tennisChances, tiebreakServer } from './tennis-model.js';

/**
 * A best-of-three tennis match played point by point (DESIGN §6): serve advantage, tie-breaks at
 * 6–6, a result. Prices after every point from tennis-model.
 */

const PRE_MATCH_REFRESH: readonly [number, number] = [2 * MINUTE, 5 * MINUTE];
const WARM_UP = 5 * MINUTE;
const POINT_NAMES = ['0', '15', '30', '40'];

function other(side: Side): Side {
  return side === 0 ? 1 : 0;
}

/** A new tennis event, upcoming. */
export function tennisCreate(
  rng: Rng,
  eventId: number,
  seriesName: string,
  home: string,
  away: string,
  startSimMs: number,
  nowSimMs: number,
): TennisEvent {
  return {
    sport: 'tennis',
    eventId,
    seriesName,
    home,
    away,
    startSimMs,
    nextSimMs: Math.min(startSimMs, nowSimMs + PRE_MATCH_REFRESH[0]),
    isInPlay: false,
    isClosed: false,
    stage: 'preMatch',
    serveWin: [rngBetween(rng, 0.57, 0.7), rngBetween(rng, 0.57, 0.7)],
    sets: [0, 0],
    setGames: [],
    games: [0, 0],
    points: [0, 0],
    server: rngChance(rng, 0.5) ? 0 : 1,
    isTiebreak: false,
    tiebreakFirstServer: 0,
  };
}

/** [home, away] chances now. */
export function tennisEventChances(event: TennisEvent): [number, number] {
  return tennisChances(event.serveWin, event);
}

function prices(event: TennisEvent, rng: Rng): FeedUpdate {
  const [home, away] = tennisEventChances(event);
  const [homeId, awayId] = matchOddsRunnerIds(event.eventId, false);
  return marketOpen(
    matchOddsMarketId(event.eventId),
    exchangeQuotes(rng, [
      { selectionId: homeId ?? 0, probability: home },
      { selectionId: awayId ?? 0, probability: away },
    ]),
  );
}

function name(event: TennisEvent, side: Side): string {
  return side === 0 ? event.home : event.away;
}

function score(event: TennisEvent, commentary: string): FeedUpdate {
  const value: OtherScore = {
    kind: 'tennis',
    home: {
      name: event.home,
      score: event.sets[0],
      games: event.games[0],
      gameSequence: event.setGames.map(([home]) => home),
    },
    away: {
      name: event.away,
      score: event.sets[1],
      games: event.games[1],
      gameSequence: event.setGames.map(([, away]) => away),
    },
    currentSet: Math.min(3, event.setGames.length + 1),
    commentary,
  };
  return { kind: 'score', eventId: event.eventId, score: value };
}

function pointsText(event: TennisEvent): string {
  const [home, away] = event.points;
  if (event.isTiebreak) return `Tie-break ${home}-${away}`;
  if (home >= 3 && away >= 3) {
    if (home === away) return 'Deuce';
    return `Advantage ${name(event, home > away ? 0 : 1)}`;
  }
  return `${POINT_NAMES[home] ?? '40'}-${POINT_NAMES[away] ?? '40'}`;
}

function finish(event: TennisEvent, winner: Side, commentary: string): Updates {
  const marketId = matchOddsMarketId(event.eventId);
  event.isInPlay = false;
  event.isClosed = true;
  event.stage = 'finish';
  return [
    score(event, commentary),
    {
      kind: 'result',
      declaration: {
        kind: 'market',
        marketId,
        winnerSelectionId: runnerId(event.eventId, winner === 0 ? 'home' : 'away'),
      },
    },
    marketQuiet(marketId, 'CLOSED', matchOddsRunnerIds(event.eventId, false)),
    { kind: 'eventStatus', eventId: event.eventId, status: 'closed' },
  ];
}

function playPoint(event: TennisEvent, rng: Rng): Updates {
  const server = event.isTiebreak
    ? tiebreakServer(event.tiebreakFirstServer, event.points[0] + event.points[1])
    : event.server;
  const winner: Side = rngChance(rng, event.serveWin[server]) ? server : other(server);
  event.points[winner] += 1;
  const [ph, pa] = event.points;
  const mine = winner === 0 ? ph : pa;
  const theirs = winner === 0 ? pa : ph;
  const target = event.isTiebreak ? 7 : 4;
  let gap = rngInt(rng, 20, 40) * SECOND;
  if (mine < target || mine - theirs < 2) {
    event.nextSimMs += gap;
    return [
      score(event, `${pointsText(event)}, ${name(event, server)} serving`),
      prices(event, rng),
    ];
  }
  // Game (or tie-break) won.
  const wasTiebreak = event.isTiebreak;
  event.games[winner] += 1;
  event.points = [0, 0];
  event.server = wasTiebreak ? other(event.tiebreakFirstServer) : other(event.server);
  event.isTiebreak = false;
  const [gh, ga] = event.games;
  const setWon = wasTiebreak || ((gh >= 6 || ga >= 6) && Math.abs(gh - ga) >= 2);
  let commentary = `Game ${name(event, winner)}: ${gh}-${ga}`;
  if (setWon) {
    event.setGames.push([gh, ga]);
    event.sets[winner] += 1;
    event.games = [0, 0];
    commentary = `Set ${name(event, winner)} ${gh}-${ga}`;
    if (event.sets[winner] >= 2) {
      const line = event.setGames.map(([h, a]) => `${h}-${a}`).join(', ');
      return finish(event, winner, `Game, set and match ${name(event, winner)}: ${line}`);
    }
    gap += 2 * MINUTE;
  } else if (gh === 6 && ga === 6) {
    event.isTiebreak = true;
    event.tiebreakFirstServer = event.server;
    commentary = `${commentary}, tie-break`;
  } else if ((gh + ga) % 2 === 1) {
    gap += 90 * SECOND; // change of ends
  }
  event.nextSimMs += gap;
  return [score(event, commentary), prices(event, rng)];
}

/** The updates announcing a new event (upcoming, or in play on the opening board): spec, status, prices. */
export function tennisAnnounce(event: TennisEvent, ctx: StepContext): Updates {
  return [
    eventAnnouncement(
      event,
      2,
      ctx.realTimeOf(event.startSimMs),
      [matchOddsSpec(event, false, ctx.limits)],
      [],
      ctx.limits,
    ),
    {
      kind: 'eventStatus',
      eventId: event.eventId,
      status: event.isInPlay ? 'inplay' : 'upcoming',
    },
    prices(event, ctx.rng),
  ];
}

/** Plays the event's next step (at `event.nextSimMs`) and schedules the one after. */
export function tennisStep(event: TennisEvent, ctx: StepContext): Updates {
  switch (event.stage) {
    case 'preMatch':
      if (event.nextSimMs >= event.startSimMs) {
        event.isInPlay = true;
        event.stage = 'point';
        event.nextSimMs += WARM_UP;
        return [
          { kind: 'eventStatus', eventId: event.eventId, status: 'inplay' },
          score(event, `Warm-up; ${name(event, event.server)} to serve first`),
          prices(event, ctx.rng),
        ];
      }
      event.nextSimMs = Math.min(
        event.startSimMs,
        event.nextSimMs + rngInt(ctx.rng, PRE_MATCH_REFRESH[0], PRE_MATCH_REFRESH[1]),
      );
      return [prices(event, ctx.rng)];
    case 'point':
      return playPoint(event, ctx.rng);
    case 'finish':
      return [];
    default:
      return assertNever(event.stage, 'tennis stage');
  }
}
