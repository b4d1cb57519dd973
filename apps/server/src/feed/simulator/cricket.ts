import { assertNever, tossMarketId } from '@backlay/domain';
import type { StepContext, Updates } from './context.js';
import { bowlBall } from './cricket-ball.js';
import { fancyUpdate, sessionsFor } from './cricket-fancy.js';
import { current, inningsStart, other } from './cricket-innings.js';
import { COMPLETED, priceUpdates, suspendBookmaker, TIED } from './cricket-prices.js';
import { scoreUpdate } from './cricket-score.js';
import {
  BALL_IN_FLIGHT,
  FIRST_BALL_AFTER_TOSS,
  NEW_BATTER_READY,
  PRE_MATCH_REFRESH,
} from './cricket-tempo.js';
import {
  bookmakerSpec,
  eventAnnouncement,
  extraMarketSpec,
  marketOpen,
  marketQuiet,
  matchOddsSpec,
  runnerId,
  tossRunnerIds,
  tossSpec,
} from './markets.js';
import type { CricketSeries, CricketTeam } from './names.js';
import { CRICKET_SURNAMES, INITIALS } from './names.js';
import { tossQuotes } from './quote.js';
import { rngBetween, rngChance, rngInt, rngPick, type Rng } from './rng.js';
import type { CricketEvent, CricketSide, Side } from './state.js';
import { clamp } from './stats.js';

/**
 * A T20 match played ball by ball (docs/decisions.md#feed): toss at the start, two innings, a chase, a result.
 * Match odds and bookmaker prices come from cricket-model's chances; fancy sessions from its
 * forecasts, suspended while each ball is bowled ("Ball Running") and around wickets.
 * This file is the match's state machine (created, announced, stepped); one delivery is
 * cricket-ball.ts, the markets cricket-prices.ts, the sessions cricket-fancy.ts, settling
 * cricket-settle.ts.
 */

/** Eleven distinct 'R Sharma' names for each side. */
function squads(rng: Rng): [string[], string[]] {
  const pool = [...CRICKET_SURNAMES];
  const draw = (): string => {
    const at = rngInt(rng, 0, pool.length - 1);
    const [surname] = pool.splice(at, 1);
    return `${rngPick(rng, INITIALS)} ${surname ?? 'Khan'}`;
  };
  const home = Array.from({ length: 11 }, draw);
  const away = Array.from({ length: 11 }, draw);
  return [home, away];
}

/** A new cricket event, upcoming, starting at `startSimMs`. */
export function cricketCreate(
  rng: Rng,
  eventId: number,
  series: CricketSeries,
  teams: readonly [CricketTeam, CricketTeam],
  startSimMs: number,
  nowSimMs: number,
): CricketEvent {
  const [homePlayers, awayPlayers] = squads(rng);
  const sides: [CricketSide, CricketSide] = [
    { ...teams[0], players: homePlayers, strength: rngBetween(rng, 0.88, 1.18) },
    { ...teams[1], players: awayPlayers, strength: rngBetween(rng, 0.85, 1.15) },
  ];
  return {
    sport: 'cricket',
    eventId,
    seriesName: series.name,
    home: teams[0].name,
    away: teams[1].name,
    startSimMs,
    nextSimMs: Math.min(startSimMs, nowSimMs + PRE_MATCH_REFRESH[0]),
    isInPlay: false,
    isClosed: false,
    sides,
    stage: 'preMatch',
    battingFirst: null,
    innings: [],
    currentOver: [],
    lastOver: [],
    boundaries: 0,
    sixes: 0,
    sessions: sessionsFor(eventId, sides),
  };
}

function startMatch(event: CricketEvent, ctx: StepContext): Updates {
  const { rng } = ctx;
  const tossWinner: Side = rngChance(rng, 0.5) ? 0 : 1;
  const electsToBat = rngChance(rng, 0.45);
  const battingFirst = electsToBat ? tossWinner : other(tossWinner);
  event.battingFirst = battingFirst;
  event.innings.push(inningsStart(battingFirst));
  event.isInPlay = true;
  event.stage = 'deliver';
  event.nextSimMs += FIRST_BALL_AFTER_TOSS;
  const tossId = tossMarketId(event.eventId);
  const winnerName = event.sides[tossWinner].name;
  return [
    {
      kind: 'result',
      declaration: {
        kind: 'market',
        marketId: tossId,
        winnerSelectionId: runnerId(event.eventId, tossWinner === 0 ? 'tossHome' : 'tossAway'),
      },
    },
    marketQuiet(tossId, 'CLOSED', tossRunnerIds(event.eventId)),
    { kind: 'eventStatus', eventId: event.eventId, status: 'inplay' },
    scoreUpdate(
      event,
      `${winnerName} won the toss and elected to ${electsToBat ? 'bat' : 'bowl'} first`,
    ),
    ...priceUpdates(event, ctx),
    fancyUpdate(event, 'open', ctx.margins),
  ];
}

function preMatch(event: CricketEvent, ctx: StepContext): Updates {
  const { rng } = ctx;
  if (event.nextSimMs >= event.startSimMs) return startMatch(event, ctx);
  // Team news moves the pre-match market a little.
  for (const side of event.sides) {
    side.strength = clamp(side.strength * rngBetween(rng, 0.99, 1.01), 0.8, 1.25);
  }
  event.nextSimMs = Math.min(
    event.startSimMs,
    event.nextSimMs + rngInt(rng, PRE_MATCH_REFRESH[0], PRE_MATCH_REFRESH[1]),
  );
  return [
    ...priceUpdates(event, ctx),
    marketOpen(
      tossMarketId(event.eventId),
      tossQuotes(rng, tossRunnerIds(event.eventId), ctx.margins),
    ),
  ];
}

/**
 * The updates announcing a new event: its spec, status, prices and rows. An upcoming match offers
 * the toss and shows its rows suspended; one already in play (the opening board) offers what is
 * still open where it stands.
 */
export function cricketAnnounce(event: CricketEvent, ctx: StepContext): Updates {
  const markets = [
    matchOddsSpec(event, false, ctx.limits),
    bookmakerSpec(event, ctx.limits),
    extraMarketSpec(event, TIED, ctx.limits),
    extraMarketSpec(event, COMPLETED, ctx.limits),
  ];
  const open = event.sessions.filter((session) => !session.isDeclared);
  const announcement = eventAnnouncement(
    event,
    4,
    ctx.realTimeOf(event.startSimMs),
    event.isInPlay ? markets : [...markets, tossSpec(event, ctx.limits)],
    open.map(({ selectionId, name }) => ({ selectionId, name })),
    ctx.limits,
  );
  if (event.isInPlay) {
    return [
      announcement,
      { kind: 'eventStatus', eventId: event.eventId, status: 'inplay' },
      ...priceUpdates(event, ctx),
      fancyUpdate(event, 'open', ctx.margins),
    ];
  }
  return [
    announcement,
    { kind: 'eventStatus', eventId: event.eventId, status: 'upcoming' },
    ...priceUpdates(event, ctx),
    marketOpen(
      tossMarketId(event.eventId),
      tossQuotes(ctx.rng, tossRunnerIds(event.eventId), ctx.margins),
    ),
    fancyUpdate(event, 'suspended', ctx.margins),
  ];
}

/** Plays the event's next step (at `event.nextSimMs`) and schedules the one after. */
export function cricketStep(event: CricketEvent, ctx: StepContext): Updates {
  switch (event.stage) {
    case 'preMatch':
      return preMatch(event, ctx);
    case 'deliver':
      // Ball running: the bookmaker and the sessions wait for the ball; match odds stay open.
      event.stage = 'resolve';
      event.nextSimMs += BALL_IN_FLIGHT;
      return [suspendBookmaker(event), fancyUpdate(event, 'ballRunning', ctx.margins)];
    case 'resolve': {
      const innings = current(event);
      return innings === undefined ? [] : bowlBall(event, innings, ctx);
    }
    case 'reopen':
      event.stage = 'deliver';
      event.nextSimMs += rngInt(ctx.rng, NEW_BATTER_READY[0], NEW_BATTER_READY[1]);
      return [...priceUpdates(event, ctx), fancyUpdate(event, 'open', ctx.margins)];
    case 'inningsBreak': {
      const first = event.innings[0];
      if (first === undefined) return [];
      event.innings.push(inningsStart(other(first.side)));
      event.currentOver = [];
      event.lastOver = [];
      event.stage = 'deliver';
      event.nextSimMs += FIRST_BALL_AFTER_TOSS;
      const chaser = event.sides[other(first.side)].name;
      return [
        scoreUpdate(event, `${chaser} begin the chase of ${first.runs + 1}`),
        ...priceUpdates(event, ctx),
        fancyUpdate(event, 'open', ctx.margins),
      ];
    }
    case 'finish':
      return [];
    default:
      return assertNever(event.stage, 'cricket stage');
  }
}
