import {
  bookmakerMarketId,
  matchOddsMarketId,
  tossMarketId,
  type HouseMargins,
} from '@backlay/domain';
import type { CricketInnings, CricketScore, FancyQuote, FeedUpdate } from '../types.js';
import { MINUTE, SECOND, type QuoteContext, type StepContext, type Updates } from './context.js';
import {
  ALL_OUT,
  BALL_KINDS,
  ballWeights,
  batterForecast,
  BOUNDARIES_PER_BALL,
  chancesToPair,
  chaseChances,
  firstInningsChances,
  INNINGS_BALLS,
  NO_BALL_BAT_RUNS,
  NO_BALL_BAT_WEIGHTS,
  runsForecastAt,
  strengthRunFactor,
  wicketFallForecast,
  type BallKind,
  type ChaseChances,
  type InningsState,
} from './cricket-model.js';
import {
  bookmakerRunnerIds,
  bookmakerSpec,
  eventAnnouncement,
  extraMarketId,
  extraMarketSpec,
  extraRunnerIds,
  marketOpen,
  marketQuiet,
  matchOddsRunnerIds,
  matchOddsSpec,
  runnerId,
  tossRunnerIds,
  tossSpec,
} from './markets.js';
import type { CricketSeries, CricketTeam } from './names.js';
import { CRICKET_SURNAMES, INITIALS } from './names.js';
import { assertNever } from '@backlay/domain';
import {
  bookmakerQuotes,
  exchangeQuotes,
  fancyQuote,
  fancyRateQuote,
  sideMarketQuotes,
  tossQuotes,
  type RunsForecast,
} from './quote.js';
import { rngBetween, rngChance, rngInt, rngPick, rngWeighted, type Rng } from './rng.js';
import type { CricketEvent, CricketSide, Innings, Session, Side } from './state.js';
import { clamp } from './stats.js';

/**
 * A T20 match played ball by ball (docs/decisions.md#feed): toss at the start, two innings, a chase, a result.
 * Match odds and bookmaker prices come from cricket-model's chances; fancy sessions from its
 * forecasts, suspended while each ball is bowled ("Ball Running") and around wickets.
 */

/**
 * Simulated gaps between the steps of a match, at a real T20's tempo: a ball every 35–45 s (5 s of
 * it in flight, "Ball Running"), 30–60 s more between overs, a new batter 30–65 s after a wicket.
 */
const FIRST_BALL_AFTER_TOSS = 2 * MINUTE;
const BALL_IN_FLIGHT = 5 * SECOND;
export const BETWEEN_BALLS: readonly [number, number] = [30 * SECOND, 40 * SECOND];
export const OVER_BREAK: readonly [number, number] = [30 * SECOND, 60 * SECOND];
export const WICKET_SUSPENSION: readonly [number, number] = [20 * SECOND, 40 * SECOND];
const NEW_BATTER_READY: readonly [number, number] = [10 * SECOND, 25 * SECOND];
const PRE_MATCH_REFRESH: readonly [number, number] = [2 * MINUTE, 4 * MINUTE];
const INNINGS_BREAK = 10 * MINUTE;
/** Batting positions that get a runs session (the top order). */
const BATTER_SESSIONS = 6;
/** Fall-of-wicket sessions per innings (1st to 6th); only the next wicket's is quoted. */
const WICKET_SESSIONS = 6;
/** An over-runs session is quoted on one line with rates in its last two overs. */
const NEAR_BALLS = 12;
/** Sixes off the bat per legal ball (about 12 a T20 match). */
const SIXES_PER_BALL = 0.05;
/** The match-wide sixes session's name ends so; the demo desk runs it as a house special. */
export const MATCH_SIXES_SUFFIX = 'match sixes';

const ORDINALS = ['1st', '2nd', '3rd', '4th', '5th', '6th'];

const zeroInnings: InningsState = { balls: 0, wickets: 0, runs: 0 };

function other(side: Side): Side {
  return side === 0 ? 1 : 0;
}

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

function sessionsFor(eventId: number, sides: readonly [CricketSide, CricketSide]): Session[] {
  const sessions: Session[] = [];
  const add = (name: string, kind: Session['kind'], side: Side, param: number): void => {
    sessions.push({
      selectionId: `${eventId}-${sessions.length + 1}`,
      name,
      kind,
      side,
      param,
      isDeclared: false,
    });
  };
  for (const side of [0, 1] as const) {
    const { code, players } = sides[side];
    add(`6 over runs ${code}`, 'overRuns', side, 36);
    add(`10 over runs ${code}`, 'overRuns', side, 60);
    add(`15 over runs ${code}`, 'overRuns', side, 90);
    add(`20 over runs ${code}`, 'overRuns', side, 120);
    for (let wicket = 1; wicket <= WICKET_SESSIONS; wicket += 1)
      add(`Fall of ${ORDINALS[wicket - 1] ?? wicket} wkt ${code}`, 'wicketFall', side, wicket);
    for (let position = 0; position < BATTER_SESSIONS; position += 1)
      add(`${players[position] ?? 'Batter'} runs`, 'batter', side, position);
  }
  add(`${sides[0].code} v ${sides[1].code} ${MATCH_SIXES_SUFFIX}`, 'sixes', 0, 0);
  // Rows the hidden-runner rule hides on purpose (docs/product.md#validation), so the filter is exercised.
  add('Total match boundaries', 'boundaries', 0, 0);
  add(`6.1 ball run ${sides[0].code}`, 'ballRuns', 0, 36);
  return sessions;
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

function inningsOf(event: CricketEvent, side: Side): Innings | undefined {
  return event.innings.find((innings) => innings.side === side);
}

function current(event: CricketEvent): Innings | undefined {
  return event.innings[event.innings.length - 1];
}

function runFactor(event: CricketEvent, side: Side): number {
  return strengthRunFactor(event.sides[side].strength);
}

/** The model's chances of the present state, each with the side that bats second (1 or 2 of them). */
function outcomeChances(event: CricketEvent): { chaser: Side; chances: ChaseChances }[] {
  const first = event.innings[0];
  const second = event.innings[1];
  if (event.battingFirst === null || first === undefined) {
    // Before the toss: either side may bat first, equally likely.
    return [
      {
        chaser: 1,
        chances: firstInningsChances(zeroInnings, runFactor(event, 0), runFactor(event, 1)),
      },
      {
        chaser: 0,
        chances: firstInningsChances(zeroInnings, runFactor(event, 1), runFactor(event, 0)),
      },
    ];
  }
  const chaser = other(first.side);
  if (second === undefined) {
    return [
      {
        chaser,
        chances: firstInningsChances(first, runFactor(event, first.side), runFactor(event, chaser)),
      },
    ];
  }
  return [{ chaser, chances: chaseChances(second, first.runs + 1, runFactor(event, chaser)) }];
}

/** [home, away] win probabilities of the match's present state (a tie's share split evenly). */
export function cricketChances(event: CricketEvent): [number, number] {
  const pairs = outcomeChances(event).map(({ chaser, chances }): [number, number] => {
    const [chaserP, defenderP] = chancesToPair(chances);
    return chaser === 0 ? [chaserP, defenderP] : [defenderP, chaserP];
  });
  if (pairs.length === 1 && pairs[0] !== undefined) return pairs[0];
  const home = pairs.reduce((sum, [homeP]) => sum + homeP, 0) / pairs.length;
  return [home, 1 - home];
}

/** The model's chance of a tie (the Tied Match market's Yes), kept off 0 and 1. */
export function cricketTieChance(event: CricketEvent): number {
  const all = outcomeChances(event);
  const tie = all.reduce((sum, { chances }) => sum + chances.tie, 0) / all.length;
  return clamp(tie, 0.0005, 0.9995);
}

/**
 * The chance the match is completed (the Completed Match market's Yes): the simulator never
 * abandons a match, but the market prices a small risk of it — 4 % before the start, shrinking
 * with the balls still to come.
 */
export function cricketCompletionChance(event: CricketEvent): number {
  return 1 - clamp((0.04 * ballsToCome(event)) / (2 * INNINGS_BALLS * 0.9), 0.0005, 0.04);
}

const TIED: { kind: 'TIED_MATCH' } = { kind: 'TIED_MATCH' };
const COMPLETED: { kind: 'COMPLETED_MATCH' } = { kind: 'COMPLETED_MATCH' };

/** The tied match and completed match quotes (Yes, No) from the model; `rng` draws nothing. */
function yesNoUpdates(event: CricketEvent, ctx: QuoteContext): Updates {
  return [TIED, COMPLETED].map((market) => {
    const [yes, no] = extraRunnerIds(event.eventId, market);
    const p =
      market.kind === 'TIED_MATCH' ? cricketTieChance(event) : cricketCompletionChance(event);
    return marketOpen(
      extraMarketId(event.eventId, market),
      sideMarketQuotes(
        ctx.rng,
        [
          { selectionId: yes, probability: p },
          { selectionId: no, probability: 1 - p },
        ],
        ctx.margins,
      ),
    );
  });
}

function yesNoQuiet(event: CricketEvent, status: 'SUSPENDED' | 'CLOSED'): Updates {
  return [TIED, COMPLETED].map((market) =>
    marketQuiet(
      extraMarketId(event.eventId, market),
      status,
      extraRunnerIds(event.eventId, market),
    ),
  );
}

function priceUpdates(event: CricketEvent, ctx: QuoteContext): Updates {
  const { rng, margins } = ctx;
  const [home, away] = cricketChances(event);
  const [moHome, moAway] = matchOddsRunnerIds(event.eventId, false);
  const [bmHome, bmAway] = bookmakerRunnerIds(event.eventId);
  const exchange = exchangeQuotes(
    rng,
    [
      { selectionId: moHome ?? 0, probability: home },
      { selectionId: moAway ?? 0, probability: away },
    ],
    margins,
  );
  return [
    marketOpen(matchOddsMarketId(event.eventId), exchange),
    marketOpen(
      bookmakerMarketId(event.eventId),
      bookmakerQuotes(
        rng,
        [
          { selectionId: bmHome ?? 0, probability: home },
          { selectionId: bmAway ?? 0, probability: away },
        ],
        margins,
        exchange,
      ),
    ),
    ...yesNoUpdates(event, ctx),
  ];
}

function suspendBookmaker(event: CricketEvent): FeedUpdate {
  return marketQuiet(
    bookmakerMarketId(event.eventId),
    'SUSPENDED',
    bookmakerRunnerIds(event.eventId),
  );
}

function suspendMarkets(event: CricketEvent): Updates {
  return [
    marketQuiet(
      matchOddsMarketId(event.eventId),
      'SUSPENDED',
      matchOddsRunnerIds(event.eventId, false),
    ),
    suspendBookmaker(event),
    ...yesNoQuiet(event, 'SUSPENDED'),
  ];
}

/** How the open rows show: open (''), during a delivery, or suspended. */
type RowMode = 'open' | 'ballRunning' | 'suspended';

/** Legal balls still to be bowled in the match, as about 0.9 of those left get bowled. */
function ballsToCome(event: CricketEvent): number {
  const first = event.innings[0];
  const second = event.innings[1];
  const left1 = first === undefined ? INNINGS_BALLS : INNINGS_BALLS - first.balls;
  const left2 = second === undefined ? INNINGS_BALLS : INNINGS_BALLS - second.balls;
  // Not every ball gets bowled (all out, a chase won early): about 0.9 of them on average.
  return (left1 + left2) * 0.9;
}

function sessionForecast(event: CricketEvent, session: Session): RunsForecast {
  const innings = inningsOf(event, session.side) ?? zeroInnings;
  const factor = runFactor(event, session.side);
  switch (session.kind) {
    case 'overRuns':
      return runsForecastAt(innings, session.param, factor);
    case 'wicketFall':
      return wicketFallForecast(innings, session.param, factor);
    case 'batter': {
      const batter = inningsOf(event, session.side)?.batters[session.param];
      return batterForecast(batter?.runs ?? 0, INNINGS_BALLS - innings.balls, factor);
    }
    case 'boundaries': {
      const rest = ballsToCome(event) * BOUNDARIES_PER_BALL;
      return { mean: event.boundaries + rest, sd: Math.sqrt(Math.max(1, rest)) };
    }
    case 'sixes': {
      const rest = ballsToCome(event) * SIXES_PER_BALL * runFactor(event, 0);
      return { mean: event.sixes + rest, sd: Math.sqrt(Math.max(1, 1.5 * rest)) };
    }
    case 'ballRuns':
      return { mean: 1, sd: 1 };
    default:
      return assertNever(session.kind, 'session kind');
  }
}

/** Whether a session is about the whole match rather than one side's innings. */
function isMatchWide(session: Session): boolean {
  return session.kind === 'boundaries' || session.kind === 'sixes';
}

/**
 * Whether a session has a row now: a batter's only while at the crease in the innings in play,
 * a fall of wicket only for the side's next wicket; every other undeclared session always
 * (suspended when its innings is not in play).
 */
function isQuoted(event: CricketEvent, session: Session): boolean {
  if (session.isDeclared) return false;
  if (session.kind === 'wicketFall')
    return session.param === (inningsOf(event, session.side)?.wickets ?? 0) + 1;
  if (session.kind !== 'batter') return true;
  const innings = current(event);
  if (event.stage === 'inningsBreak' || innings?.side !== session.side) return false;
  const isAtCrease = innings.striker === session.param || innings.nonStriker === session.param;
  return isAtCrease && innings.batters[session.param]?.isOut === false;
}

/**
 * How a session quotes (docs/decisions.md#money rate convention): the classic pair "No L / Yes L+1" at 100/100
 * far from settling, or one line with rates — No below 100, Yes above — for the fall of a
 * wicket, an over-runs session in its last two overs and the hidden ball session.
 */
function isRateQuoted(event: CricketEvent, session: Session): boolean {
  switch (session.kind) {
    case 'wicketFall':
    case 'ballRuns':
      return true;
    case 'overRuns': {
      const played = inningsOf(event, session.side);
      return played !== undefined && session.param - played.balls <= NEAR_BALLS;
    }
    case 'batter':
    case 'boundaries':
    case 'sixes':
      return false;
    default:
      return assertNever(session.kind, 'session kind');
  }
}

function sessionQuote(
  event: CricketEvent,
  session: Session,
  mode: RowMode,
  margins: HouseMargins,
): FancyQuote {
  const innings = current(event);
  const isItsInnings =
    event.stage !== 'inningsBreak' && innings !== undefined && innings.side === session.side;
  const gameStatus =
    mode === 'suspended' || !event.isInPlay || (!isMatchWide(session) && !isItsInnings)
      ? 'SUSPENDED'
      : mode === 'ballRunning'
        ? 'Ball Running'
        : '';
  if (session.kind === 'ballRuns') {
    const weights = ballWeights(6, innings?.wickets ?? 0, event.sides[session.side].strength);
    const legal = weights.slice(0, 7).reduce((sum, w) => sum + w, 0);
    const scoring = weights.slice(1, 6).reduce((sum, w) => sum + w, 0);
    return fancyRateQuote(session.selectionId, gameStatus, 1, scoring / legal, margins);
  }
  return fancyQuote(
    session.selectionId,
    gameStatus,
    sessionForecast(event, session),
    isRateQuoted(event, session),
    margins,
  );
}

function fancyUpdate(event: CricketEvent, mode: RowMode, margins: HouseMargins): FeedUpdate {
  return {
    kind: 'fancy',
    eventId: event.eventId,
    rows: event.sessions
      .filter((session) => isQuoted(event, session))
      .map((session) => sessionQuote(event, session, mode, margins)),
  };
}

function oversText(balls: number): string {
  return `${Math.floor(balls / 6)}.${balls % 6}`;
}

function inningsScore(event: CricketEvent, innings: Innings): CricketInnings {
  const rate = innings.balls === 0 ? 0 : (innings.runs * 6) / innings.balls;
  return {
    team: event.sides[innings.side].name,
    runs: innings.runs,
    wickets: innings.wickets,
    overs: oversText(innings.balls),
    runRate: Math.round(rate * 100) / 100,
  };
}

function scoreUpdate(event: CricketEvent, commentary: string): FeedUpdate {
  const first = event.innings[0];
  const second = event.innings[1];
  let required: number | null = null;
  if (first !== undefined && second !== undefined && second.balls < INNINGS_BALLS) {
    const need = Math.max(0, first.runs + 1 - second.runs);
    required = Math.round(((need * 6) / (INNINGS_BALLS - second.balls)) * 100) / 100;
  }
  const score: CricketScore = {
    kind: 'cricket',
    innings: event.innings.map((innings) => inningsScore(event, innings)),
    currentOver: [...event.currentOver],
    lastOver: [...event.lastOver],
    requiredRunRate: required,
    commentary,
  };
  return { kind: 'score', eventId: event.eventId, score };
}

function inningsStart(side: Side): Innings {
  return {
    side,
    runs: 0,
    wickets: 0,
    balls: 0,
    batters: Array.from({ length: 11 }, () => ({ runs: 0, balls: 0, isOut: false })),
    striker: 0,
    nonStriker: 1,
    nextBatter: 2,
  };
}

function declareFancy(session: Session, runs: number): FeedUpdate {
  session.isDeclared = true;
  return { kind: 'result', declaration: { kind: 'fancy', selectionId: session.selectionId, runs } };
}

function voidFancy(session: Session, reason: string): FeedUpdate {
  session.isDeclared = true;
  return {
    kind: 'result',
    declaration: { kind: 'void-fancy', selectionId: session.selectionId, reason },
  };
}

/** Sessions of the innings' side settled by this ball (docs/decisions.md#feed: when their over completes). */
function settleAfterBall(
  event: CricketEvent,
  innings: Innings,
  ball: {
    readonly isLegal: boolean;
    readonly isWicket: boolean;
    readonly batRuns: number;
    readonly out: number;
  },
): Updates {
  const out: Updates = [];
  for (const session of event.sessions) {
    if (session.isDeclared || session.side !== innings.side) continue;
    switch (session.kind) {
      case 'overRuns':
        if (ball.isLegal && innings.balls === session.param)
          out.push(declareFancy(session, innings.runs));
        break;
      case 'wicketFall':
        if (ball.isWicket && innings.wickets === session.param)
          out.push(declareFancy(session, innings.runs));
        break;
      case 'batter':
        if (ball.isWicket && ball.out === session.param) {
          out.push(declareFancy(session, innings.batters[session.param]?.runs ?? 0));
        }
        break;
      case 'ballRuns':
        if (ball.isLegal && innings.balls - 1 === session.param)
          out.push(declareFancy(session, ball.batRuns));
        break;
      case 'boundaries':
      case 'sixes':
        break;
      default:
        return assertNever(session.kind, 'session kind');
    }
  }
  return out;
}

/**
 * Sessions still open when an innings ends: runs lines on the innings total (docs/decisions.md#money: a session
 * whose innings ends early settles on the innings total), batters on their score, a ball never
 * bowled void.
 */
function settleInningsEnd(event: CricketEvent, innings: Innings): Updates {
  const out: Updates = [];
  for (const session of event.sessions) {
    if (session.isDeclared || session.side !== innings.side) continue;
    switch (session.kind) {
      case 'overRuns':
      case 'wicketFall':
        out.push(declareFancy(session, innings.runs));
        break;
      case 'batter':
        out.push(
          session.param < innings.nextBatter
            ? declareFancy(session, innings.batters[session.param]?.runs ?? 0)
            : voidFancy(session, 'Did not bat'),
        );
        break;
      case 'ballRuns':
        out.push(voidFancy(session, 'Ball not bowled'));
        break;
      case 'boundaries':
      case 'sixes':
        break;
      default:
        return assertNever(session.kind, 'session kind');
    }
  }
  return out;
}

function ballLabel(kind: BallKind, total: number): string {
  switch (kind.code) {
    case 'dot':
      return '0';
    case 'wicket':
      return 'W';
    case 'wide':
      return `${total}wd`;
    case 'noball':
      return `${total}nb`;
    case 'one':
    case 'two':
    case 'three':
    case 'four':
    case 'six':
      return String(total);
    default:
      return assertNever(kind.code, 'ball kind');
  }
}

const PHRASES: Readonly<Record<BallKind['code'], readonly string[]>> = {
  dot: [
    'no run, defended back to the bowler',
    'beaten outside off, no run',
    'dot ball, straight to point',
  ],
  one: ['pushed to long-on for a single', 'worked off the pads for one', 'quick single to cover'],
  two: ['driven into the gap, they come back for two', 'two runs, good running'],
  three: ['chased down just inside the rope, three runs'],
  four: ['FOUR, driven through the covers', 'FOUR, pulled fine', 'FOUR, cut past point'],
  six: [
    'SIX, lofted over long-on',
    'SIX, swept high over midwicket',
    'SIX, straight down the ground',
  ],
  wicket: [
    'OUT, caught at deep midwicket',
    'OUT, bowled through the gate',
    'OUT, lbw, plumb in front',
    'OUT, run out at the non-striker end',
  ],
  wide: ['wide down the leg side'],
  noball: ['no-ball, overstepped; free hit to come'],
};

function aggressionOf(event: CricketEvent, innings: Innings): number {
  const base = event.sides[innings.side].strength;
  const first = event.innings[0];
  if (innings === first || first === undefined) return base;
  const need = first.runs + 1 - innings.runs;
  const required = (need * 6) / Math.max(1, INNINGS_BALLS - innings.balls);
  // A steep chase swings harder: more boundaries, more wickets.
  return base * clamp(1 + (required - 8) * 0.04, 0.85, 1.35);
}

function isInningsOver(event: CricketEvent, innings: Innings): boolean {
  const first = event.innings[0];
  const isChaseWon = innings !== first && first !== undefined && innings.runs > first.runs;
  return innings.wickets >= ALL_OUT || innings.balls >= INNINGS_BALLS || isChaseWon;
}

function resultText(event: CricketEvent): string {
  const first = event.innings[0];
  const second = event.innings[1];
  if (first === undefined || second === undefined) return '';
  if (second.runs > first.runs) {
    return `${event.sides[second.side].name} won by ${ALL_OUT - second.wickets} wickets`;
  }
  if (second.runs === first.runs) return 'Match tied';
  return `${event.sides[first.side].name} won by ${first.runs - second.runs} runs`;
}

function finishMatch(event: CricketEvent, commentary: string): Updates {
  const first = event.innings[0];
  const second = event.innings[1];
  const out: Updates = [scoreUpdate(event, commentary)];
  const moId = matchOddsMarketId(event.eventId);
  const bmId = bookmakerMarketId(event.eventId);
  if (first !== undefined && second !== undefined && first.runs !== second.runs) {
    const winner: Side = second.runs > first.runs ? second.side : first.side;
    out.push(
      {
        kind: 'result',
        declaration: {
          kind: 'market',
          marketId: moId,
          winnerSelectionId: runnerId(event.eventId, winner === 0 ? 'home' : 'away'),
        },
      },
      {
        kind: 'result',
        declaration: {
          kind: 'market',
          marketId: bmId,
          winnerSelectionId: runnerId(event.eventId, winner === 0 ? 'bmHome' : 'bmAway'),
        },
      },
    );
  } else {
    // A tie voids the match markets (the brief; docs/decisions.md#money void).
    out.push(
      {
        kind: 'result',
        declaration: { kind: 'void-market', marketId: moId, reason: 'Match tied' },
      },
      {
        kind: 'result',
        declaration: { kind: 'void-market', marketId: bmId, reason: 'Match tied' },
      },
    );
  }
  // Tied match: Yes only on a tie; completed match: Yes (the simulator never abandons a match).
  const isTie = first !== undefined && second !== undefined && first.runs === second.runs;
  const [tiedYes, tiedNo] = extraRunnerIds(event.eventId, TIED);
  const [completedYes] = extraRunnerIds(event.eventId, COMPLETED);
  out.push(
    {
      kind: 'result',
      declaration: {
        kind: 'market',
        marketId: extraMarketId(event.eventId, TIED),
        winnerSelectionId: isTie ? tiedYes : tiedNo,
      },
    },
    {
      kind: 'result',
      declaration: {
        kind: 'market',
        marketId: extraMarketId(event.eventId, COMPLETED),
        winnerSelectionId: completedYes,
      },
    },
  );
  for (const session of event.sessions) {
    if (session.isDeclared) continue;
    out.push(
      session.kind === 'boundaries'
        ? declareFancy(session, event.boundaries)
        : session.kind === 'sixes'
          ? declareFancy(session, event.sixes)
          : voidFancy(session, 'Match over'),
    );
  }
  out.push(
    { kind: 'fancy', eventId: event.eventId, rows: [] },
    marketQuiet(moId, 'CLOSED', matchOddsRunnerIds(event.eventId, false)),
    marketQuiet(bmId, 'CLOSED', bookmakerRunnerIds(event.eventId)),
    ...yesNoQuiet(event, 'CLOSED'),
    { kind: 'eventStatus', eventId: event.eventId, status: 'closed' },
  );
  event.isInPlay = false;
  event.isClosed = true;
  event.stage = 'finish';
  return out;
}

function bowlBall(event: CricketEvent, innings: Innings, ctx: StepContext): Updates {
  const { rng } = ctx;
  const over = Math.floor(innings.balls / 6);
  const kind =
    BALL_KINDS[
      rngWeighted(rng, ballWeights(over, innings.wickets, aggressionOf(event, innings)))
    ] ?? BALL_KINDS[0];
  if (kind === undefined) return [];
  const bowler = event.sides[other(innings.side)].players[6 + (over % 5)] ?? 'Bowler';
  const strikerIndex = innings.striker;
  const striker = innings.batters[strikerIndex];
  const strikerName = event.sides[innings.side].players[strikerIndex] ?? 'Batter';
  const ballNumber = `${over}.${(innings.balls % 6) + 1}`;
  let batRuns = kind.code === 'wide' ? 0 : kind.runs;
  let total = kind.runs;
  if (kind.code === 'noball') {
    batRuns = NO_BALL_BAT_RUNS[rngWeighted(rng, NO_BALL_BAT_WEIGHTS)] ?? 0;
    total = 1 + batRuns;
  }
  innings.runs += total;
  if (striker !== undefined) {
    striker.runs += batRuns;
    if (kind.isLegal) striker.balls += 1;
  }
  if (batRuns === 4 || batRuns === 6) event.boundaries += 1;
  if (batRuns === 6) event.sixes += 1;
  if (kind.isLegal) innings.balls += 1;
  let phrase = rngPick(rng, PHRASES[kind.code]);
  if (kind.isWicket) {
    innings.wickets += 1;
    if (striker !== undefined) {
      striker.isOut = true;
      phrase = `${phrase}. ${strikerName} ${striker.runs} (${striker.balls})`;
    }
    if (innings.wickets < ALL_OUT) {
      innings.striker = innings.nextBatter;
      innings.nextBatter += 1;
    }
  }
  if (batRuns % 2 === 1)
    [innings.striker, innings.nonStriker] = [innings.nonStriker, innings.striker];
  const label = ballLabel(kind, total);
  const isOverDone = kind.isLegal && innings.balls % 6 === 0;
  if (isOverDone) {
    event.lastOver = [...event.currentOver, label];
    event.currentOver = [];
    [innings.striker, innings.nonStriker] = [innings.nonStriker, innings.striker];
  } else {
    event.currentOver.push(label);
  }
  const commentary = `${ballNumber} ${bowler} to ${strikerName}, ${phrase}`;
  const out: Updates = [scoreUpdate(event, commentary)];
  out.push(
    ...settleAfterBall(event, innings, {
      isLegal: kind.isLegal,
      isWicket: kind.isWicket,
      batRuns,
      out: strikerIndex,
    }),
  );
  if (isInningsOver(event, innings)) {
    out.push(...settleInningsEnd(event, innings));
    if (event.innings.length === 2) {
      out.push(...finishMatch(event, `${commentary}. ${resultText(event)}`));
      return out;
    }
    event.stage = 'inningsBreak';
    event.nextSimMs += INNINGS_BREAK;
    const chaser = event.sides[other(innings.side)].name;
    out.push(
      scoreUpdate(event, `Innings break: ${chaser} need ${innings.runs + 1} to win`),
      ...priceUpdates(event, ctx),
      fancyUpdate(event, 'open', ctx.margins),
    );
    return out;
  }
  if (kind.isWicket) {
    // docs/decisions.md#feed: suspend around wickets, reopen with fresh prices a few seconds later.
    event.stage = 'reopen';
    event.nextSimMs += rngInt(rng, WICKET_SUSPENSION[0], WICKET_SUSPENSION[1]);
    out.push(...suspendMarkets(event), fancyUpdate(event, 'suspended', ctx.margins));
    return out;
  }
  event.stage = 'deliver';
  event.nextSimMs +=
    rngInt(rng, BETWEEN_BALLS[0], BETWEEN_BALLS[1]) +
    (isOverDone ? rngInt(rng, OVER_BREAK[0], OVER_BREAK[1]) : 0);
  out.push(...priceUpdates(event, ctx), fancyUpdate(event, 'open', ctx.margins));
  return out;
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
