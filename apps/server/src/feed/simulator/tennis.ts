import type { FeedUpdate, OtherScore } from '../types.js';
import { MINUTE, SECOND, type QuoteContext, type StepContext, type Updates } from './context.js';
import {
  eventAnnouncement,
  extraMarketId,
  extraMarketSpec,
  extraRunnerIds,
  marketOpen,
  marketQuiet,
  matchOddsRunnerIds,
  matchOddsSpec,
  runnerId,
  simulatedMatchOddsId,
} from './markets.js';
import { assertNever } from '@backlay/domain';
import { exchangeQuotes, sideMarketQuotes } from './quote.js';
import { rngBetween, rngChance, rngInt, type Rng } from './rng.js';
import type { Side, TennisEvent } from './state.js';
import { currentSetChance, freshSetChance, tennisChances, tiebreakServer } from './tennis-model.js';

/**
 * A best-of-three tennis match played point by point (docs/decisions.md#feed): serve advantage, tie-breaks at
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

/** Sets a best-of-three match may play, each with its winner market (`<EventId>SW<n>`). */
const SETS = 3;

const setMarket = (set: number) => ({ kind: 'SET_WINNER' as const, set });

/** The sets not finished yet (the one in play first); none once the match is over. */
function openSets(event: TennisEvent): number[] {
  if (event.sets[0] >= 2 || event.sets[1] >= 2) return [];
  const sets: number[] = [];
  for (let set = event.setGames.length + 1; set <= SETS; set += 1) sets.push(set);
  return sets;
}

/** Match odds, then each open set's winner: the set in play from its state, later sets fresh. */
function prices(event: TennisEvent, ctx: QuoteContext): Updates {
  const { rng, margins } = ctx;
  const [home, away] = tennisEventChances(event);
  const [homeId, awayId] = matchOddsRunnerIds(event.eventId, false);
  const inPlay = event.setGames.length + 1;
  return [
    marketOpen(
      simulatedMatchOddsId(event.eventId),
      exchangeQuotes(
        rng,
        [
          { selectionId: homeId ?? 0, probability: home },
          { selectionId: awayId ?? 0, probability: away },
        ],
        margins,
      ),
    ),
    ...openSets(event).map((set) => {
      const chance =
        set === inPlay ? currentSetChance(event.serveWin, event) : freshSetChance(event.serveWin);
      const p = Math.min(0.9995, Math.max(0.0005, chance));
      const [setHome, setAway] = extraRunnerIds(event.eventId, setMarket(set));
      return marketOpen(
        extraMarketId(event.eventId, setMarket(set)),
        sideMarketQuotes(
          rng,
          [
            { selectionId: setHome, probability: p },
            { selectionId: setAway, probability: 1 - p },
          ],
          margins,
        ),
      );
    }),
  ];
}

/** A set's winner declared and its market closed. */
function setSettled(event: TennisEvent, set: number, winner: Side): Updates {
  const marketId = extraMarketId(event.eventId, setMarket(set));
  const ids = extraRunnerIds(event.eventId, setMarket(set));
  return [
    { kind: 'result', declaration: { kind: 'market', marketId, winnerSelectionId: ids[winner] } },
    marketQuiet(marketId, 'CLOSED', ids),
  ];
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
  if (event.stage === 'finish') return { kind: 'score', eventId: event.eventId, score: value };
  const [home, away] = event.points;
  const server = event.isTiebreak
    ? tiebreakServer(event.tiebreakFirstServer, home + away)
    : event.server;
  return {
    kind: 'score',
    eventId: event.eventId,
    score: {
      ...value,
      points: { home, away, isTiebreak: event.isTiebreak },
      server: server === 0 ? 'home' : 'away',
    },
  };
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
  const marketId = simulatedMatchOddsId(event.eventId);
  // A set the match did not need is void (its stakes returned).
  const unplayed: Updates = [];
  for (let set = event.setGames.length + 1; set <= SETS; set += 1) {
    const setId = extraMarketId(event.eventId, setMarket(set));
    unplayed.push(
      {
        kind: 'result',
        declaration: { kind: 'void-market', marketId: setId, reason: 'Set not played' },
      },
      marketQuiet(setId, 'CLOSED', extraRunnerIds(event.eventId, setMarket(set))),
    );
  }
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
    ...unplayed,
    { kind: 'eventStatus', eventId: event.eventId, status: 'closed' },
  ];
}

function playPoint(event: TennisEvent, ctx: QuoteContext): Updates {
  const { rng } = ctx;
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
      ...prices(event, ctx),
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
  let setResult: Updates = [];
  if (setWon) {
    event.setGames.push([gh, ga]);
    event.sets[winner] += 1;
    event.games = [0, 0];
    setResult = setSettled(event, event.setGames.length, winner);
    commentary = `Set ${name(event, winner)} ${gh}-${ga}`;
    if (event.sets[winner] >= 2) {
      const line = event.setGames.map(([h, a]) => `${h}-${a}`).join(', ');
      return [
        ...setResult,
        ...finish(event, winner, `Game, set and match ${name(event, winner)}: ${line}`),
      ];
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
  return [...setResult, score(event, commentary), ...prices(event, ctx)];
}

/** The updates announcing a new event (upcoming, or in play on the opening board): spec, status, prices. */
export function tennisAnnounce(event: TennisEvent, ctx: StepContext): Updates {
  return [
    eventAnnouncement(
      event,
      2,
      ctx.realTimeOf(event.startSimMs),
      // Sets already played (the opening board) are not offered.
      [
        matchOddsSpec(event, false, ctx.limits),
        ...openSets(event).map((set) => extraMarketSpec(event, setMarket(set), ctx.limits)),
      ],
      [],
      ctx.limits,
    ),
    {
      kind: 'eventStatus',
      eventId: event.eventId,
      status: event.isInPlay ? 'inplay' : 'upcoming',
    },
    ...prices(event, ctx),
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
          ...prices(event, ctx),
        ];
      }
      event.nextSimMs = Math.min(
        event.startSimMs,
        event.nextSimMs + rngInt(ctx.rng, PRE_MATCH_REFRESH[0], PRE_MATCH_REFRESH[1]),
      );
      return prices(event, ctx);
    case 'point':
      return playPoint(event, ctx);
    case 'finish':
      return [];
    default:
      return assertNever(event.stage, 'tennis stage');
  }
}
