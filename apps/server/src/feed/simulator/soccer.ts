import { overUnderGoals, type OverUnderType } from '@backlay/domain';
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
import { rngBetween, rngChance, rngInt, rngPick, type Rng } from './rng.js';
import { goalChancePerMinute, overChance, soccerChances } from './soccer-model.js';
import type { SoccerEvent } from './state.js';

/**
 * A soccer match played minute by minute (docs/decisions.md#feed): goals as a Poisson process, 90 minutes plus
 * stoppage, half-time, a result (home, away or The Draw). The match odds suspend around goals.
 */

const PRE_MATCH_REFRESH: readonly [number, number] = [2 * MINUTE, 5 * MINUTE];
const HALF_TIME = 15 * MINUTE;

/** A new soccer event, upcoming; the home side is slightly stronger on average. */
export function soccerCreate(
  rng: Rng,
  eventId: number,
  seriesName: string,
  home: string,
  away: string,
  startSimMs: number,
  nowSimMs: number,
): SoccerEvent {
  return {
    sport: 'soccer',
    eventId,
    seriesName,
    home,
    away,
    startSimMs,
    nextSimMs: Math.min(startSimMs, nowSimMs + PRE_MATCH_REFRESH[0]),
    isInPlay: false,
    isClosed: false,
    stage: 'preMatch',
    homeRate: rngBetween(rng, 1.0, 2.0),
    awayRate: rngBetween(rng, 0.7, 1.6),
    homeGoals: 0,
    awayGoals: 0,
    minute: 0,
    stoppage: [rngInt(rng, 1, 3), rngInt(rng, 2, 6)],
    isSecondHalf: false,
  };
}

/** Minutes of play left, stoppage included. */
function minutesLeft(event: SoccerEvent): number {
  const [first, second] = event.stoppage;
  return event.isSecondHalf ? 90 + second - event.minute : 45 + first - event.minute + 45 + second;
}

/** [home, away, draw] chances now. */
export function soccerEventChances(event: SoccerEvent): [number, number, number] {
  return soccerChances(
    event.homeGoals,
    event.awayGoals,
    minutesLeft(event),
    event.homeRate,
    event.awayRate,
  );
}

/** The over/under goal lines (docs/architecture.md identifiers). */
const OVER_UNDER: readonly { readonly kind: OverUnderType }[] = [
  { kind: 'OVER_UNDER_15' },
  { kind: 'OVER_UNDER_25' },
  { kind: 'OVER_UNDER_35' },
];

const goals = (event: SoccerEvent) => event.homeGoals + event.awayGoals;

/** The lines the goals have not passed yet: those still open (a passed line is settled Over). */
function openLines(event: SoccerEvent) {
  return OVER_UNDER.filter((line) => goals(event) <= overUnderGoals(line.kind));
}

/** Match odds, then each open over/under line from the goals so far and the minutes left. */
function prices(event: SoccerEvent, ctx: QuoteContext): Updates {
  const { rng, margins } = ctx;
  const [home, away, draw] = soccerEventChances(event);
  const [homeId, awayId, drawId] = matchOddsRunnerIds(event.eventId, true);
  return [
    marketOpen(
      simulatedMatchOddsId(event.eventId),
      exchangeQuotes(
        rng,
        [
          { selectionId: homeId ?? 0, probability: home },
          { selectionId: awayId ?? 0, probability: away },
          { selectionId: drawId ?? 0, probability: draw },
        ],
        margins,
      ),
    ),
    ...openLines(event).map((line) => {
      const over = overChance(
        goals(event),
        overUnderGoals(line.kind),
        minutesLeft(event),
        event.homeRate,
        event.awayRate,
      );
      const [underId, overId] = extraRunnerIds(event.eventId, line);
      return marketOpen(
        extraMarketId(event.eventId, line),
        sideMarketQuotes(
          rng,
          [
            { selectionId: underId, probability: 1 - over },
            { selectionId: overId, probability: over },
          ],
          margins,
        ),
      );
    }),
  ];
}

/** An over/under line's result: Over or Under, and its market closed. */
function lineSettled(event: SoccerEvent, line: { kind: OverUnderType }, isOver: boolean): Updates {
  const marketId = extraMarketId(event.eventId, line);
  const [underId, overId] = extraRunnerIds(event.eventId, line);
  return [
    {
      kind: 'result',
      declaration: { kind: 'market', marketId, winnerSelectionId: isOver ? overId : underId },
    },
    marketQuiet(marketId, 'CLOSED', [underId, overId]),
  ];
}

function clock(event: SoccerEvent): string {
  const regular = event.isSecondHalf ? 90 : 45;
  return event.minute > regular ? `${regular}+${event.minute - regular}'` : `${event.minute}'`;
}

function score(event: SoccerEvent, commentary: string): FeedUpdate {
  const regular = event.isSecondHalf ? 90 : 45;
  const value: OtherScore = {
    kind: 'soccer',
    home: { name: event.home, score: event.homeGoals, games: 0, gameSequence: [] },
    away: { name: event.away, score: event.awayGoals, games: 0, gameSequence: [] },
    currentSet: Math.min(event.minute, regular),
    commentary,
  };
  return { kind: 'score', eventId: event.eventId, score: value };
}

const QUIET = [
  'keep possession in midfield',
  'win a corner',
  'go close from the edge of the box',
  'press high',
  'earn a free kick',
  'see a shot blocked',
];

function finish(event: SoccerEvent): Updates {
  const marketId = simulatedMatchOddsId(event.eventId);
  const winner =
    event.homeGoals > event.awayGoals
      ? 'home'
      : event.homeGoals < event.awayGoals
        ? 'away'
        : 'draw';
  // The lines still open end Under (a passed line was settled Over at the goal).
  const lines = openLines(event);
  event.isInPlay = false;
  event.isClosed = true;
  event.stage = 'finish';
  return [
    score(event, `Full time: ${event.home} ${event.homeGoals}-${event.awayGoals} ${event.away}`),
    {
      kind: 'result',
      declaration: { kind: 'market', marketId, winnerSelectionId: runnerId(event.eventId, winner) },
    },
    marketQuiet(marketId, 'CLOSED', matchOddsRunnerIds(event.eventId, true)),
    ...lines.flatMap((line) => lineSettled(event, line, false)),
    { kind: 'eventStatus', eventId: event.eventId, status: 'closed' },
  ];
}

function playMinute(event: SoccerEvent, ctx: StepContext): Updates {
  const { rng } = ctx;
  const [firstStoppage, secondStoppage] = event.stoppage;
  if (!event.isSecondHalf && event.minute >= 45 + firstStoppage) {
    event.isSecondHalf = true;
    event.minute = 45;
    event.nextSimMs += HALF_TIME;
    return [
      score(event, `Half-time: ${event.home} ${event.homeGoals}-${event.awayGoals} ${event.away}`),
      ...prices(event, ctx),
    ];
  }
  if (event.isSecondHalf && event.minute >= 90 + secondStoppage) return finish(event);
  const linesBefore = openLines(event);
  event.minute += 1;
  const homeScores = rngChance(rng, goalChancePerMinute(event.homeRate, event.minute));
  const awayScores = rngChance(rng, goalChancePerMinute(event.awayRate, event.minute));
  if (homeScores) event.homeGoals += 1;
  if (awayScores) event.awayGoals += 1;
  if (homeScores || awayScores) {
    const scorer = homeScores && awayScores ? 'Both sides' : homeScores ? event.home : event.away;
    // docs/decisions.md#feed: suspend around goals, reopen with fresh prices; a line the goals passed is
    // settled Over at once.
    event.stage = 'reopen';
    event.nextSimMs += rngInt(rng, 30, 45) * SECOND;
    const open = openLines(event);
    return [
      score(
        event,
        `${clock(event)} GOAL! ${scorer} score: ${event.home} ${event.homeGoals}-${event.awayGoals} ${event.away}`,
      ),
      marketQuiet(
        simulatedMatchOddsId(event.eventId),
        'SUSPENDED',
        matchOddsRunnerIds(event.eventId, true),
      ),
      ...open.map((line) =>
        marketQuiet(
          extraMarketId(event.eventId, line),
          'SUSPENDED',
          extraRunnerIds(event.eventId, line),
        ),
      ),
      ...linesBefore
        .filter((line) => !open.includes(line))
        .flatMap((line) => lineSettled(event, line, true)),
    ];
  }
  event.nextSimMs += MINUTE;
  const side = rngChance(rng, event.homeRate / (event.homeRate + event.awayRate))
    ? event.home
    : event.away;
  return [score(event, `${clock(event)} ${side} ${rngPick(rng, QUIET)}`), ...prices(event, ctx)];
}

/** The updates announcing a new event (upcoming, or in play on the opening board): spec, status, prices. */
export function soccerAnnounce(event: SoccerEvent, ctx: StepContext): Updates {
  return [
    eventAnnouncement(
      event,
      1,
      ctx.realTimeOf(event.startSimMs),
      // A line the goals already passed (the opening board) is not offered.
      [
        matchOddsSpec(event, true, ctx.limits),
        ...openLines(event).map((line) => extraMarketSpec(event, line, ctx.limits)),
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
export function soccerStep(event: SoccerEvent, ctx: StepContext): Updates {
  switch (event.stage) {
    case 'preMatch':
      if (event.nextSimMs >= event.startSimMs) {
        event.isInPlay = true;
        event.stage = 'minute';
        event.nextSimMs += MINUTE;
        return [
          { kind: 'eventStatus', eventId: event.eventId, status: 'inplay' },
          score(event, `Kick-off: ${event.home} v ${event.away}`),
          ...prices(event, ctx),
        ];
      }
      event.nextSimMs = Math.min(
        event.startSimMs,
        event.nextSimMs + rngInt(ctx.rng, PRE_MATCH_REFRESH[0], PRE_MATCH_REFRESH[1]),
      );
      return prices(event, ctx);
    case 'minute':
      return playMinute(event, ctx);
    case 'reopen': {
      event.stage = 'minute';
      // The minute's remaining seconds: the next minute starts a minute after this one did.
      event.nextSimMs += rngInt(ctx.rng, 15, 30) * SECOND;
      return prices(event, ctx);
    }
    case 'finish':
      return [];
    default:
      return assertNever(event.stage, 'soccer stage');
  }
}
