import { assertNever, type HouseMargins } from '@backlay/domain';
import type { FancyQuote, FeedUpdate } from '../types.js';
import { ballsToCome, current, inningsOf, runFactor, zeroInnings } from './cricket-innings.js';
import {
  ballWeights,
  batterForecast,
  BOUNDARIES_PER_BALL,
  INNINGS_BALLS,
  runsForecastAt,
  wicketFallForecast,
} from './cricket-model.js';
import { fancyQuote, fancyRateQuote, type RunsForecast } from './quote.js';
import type { CricketEvent, CricketSide, Session, Side } from './state.js';

/**
 * A T20 match's fancy sessions (docs/decisions.md#feed): which ones it offers, which have a row
 * now, and how each row quotes from cricket-model's forecasts.
 */

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

export function sessionsFor(
  eventId: number,
  sides: readonly [CricketSide, CricketSide],
): Session[] {
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

/** How the open rows show: open (''), during a delivery, or suspended. */
type RowMode = 'open' | 'ballRunning' | 'suspended';

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

export function fancyUpdate(event: CricketEvent, mode: RowMode, margins: HouseMargins): FeedUpdate {
  return {
    kind: 'fancy',
    eventId: event.eventId,
    rows: event.sessions
      .filter((session) => isQuoted(event, session))
      .map((session) => sessionQuote(event, session, mode, margins)),
  };
}
